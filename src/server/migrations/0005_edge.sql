-- Proxies and limits (issue 36). Portable SQL, as 0001.

-- Settings the server makes once and every instance shares: the salt of
-- the address hashes (`address_salt`, 160 random bits in hex), so that a
-- creator's address kept in `games.creator_address` cannot be searched
-- back through the IPv4 space.
CREATE TABLE server_settings (
    name TEXT PRIMARY KEY,
    value TEXT NOT NULL
);

-- Open challenges now expire (24 hours live, 7 days correspondence;
-- `online::room::open_for_ms`). Those already open get a due time so that
-- the sweeper finds them: 7 days after their creation at the latest (the
-- room decides, once loaded, whether a live one is over its 24 hours).
UPDATE games SET due_at = created_wall + 604800000 WHERE state = 'open' AND due_at IS NULL;
