-- Facts about the database itself, and who made what (issue 36). Portable
-- SQL, as 0001.
-- `database_id`: made by the first server that opens the database and kept
-- by its backups; an SQLite state folder records it beside the file, so
-- that a folder whose database went missing refuses to start empty.
CREATE TABLE meta (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
);

-- Who made each event and club (an address key, never an address): the
-- quotas per address and day (src/server/quotas.rs).
ALTER TABLE club_events ADD COLUMN creator_address TEXT NOT NULL DEFAULT '';
ALTER TABLE clubs ADD COLUMN creator_address TEXT NOT NULL DEFAULT '';
CREATE INDEX club_events_address ON club_events (creator_address, created_wall);
CREATE INDEX clubs_address ON clubs (creator_address, created_wall);
