-- Online play (API v1). Portable SQL: the same text runs on SQLite and
-- PostgreSQL. Times are milliseconds: *_wall since 1970, the rest service
-- time (wall time less the server's downtime). Secrets are kept only as
-- SHA-256 hashes.

-- A game: the lobby's and the sweeper's view of it; the game itself is its
-- events.
CREATE TABLE games (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    public BIGINT NOT NULL,
    state TEXT NOT NULL,
    events BIGINT NOT NULL,
    due_at BIGINT,
    invite_hash TEXT,
    chain TEXT NOT NULL,
    creator_address TEXT NOT NULL,
    challenge TEXT,
    created_wall BIGINT NOT NULL,
    updated_wall BIGINT NOT NULL
);
CREATE INDEX games_due ON games (due_at);
CREATE INDEX games_lobby ON games (state, public, created_wall);
CREATE INDEX games_address ON games (creator_address, state);
CREATE INDEX games_chain ON games (chain);

-- What happened to each game, in order (JSON of online::room::Event).
CREATE TABLE events (
    game_id TEXT NOT NULL,
    seq BIGINT NOT NULL,
    body TEXT NOT NULL,
    PRIMARY KEY (game_id, seq)
);

-- Each seat's token hash, and when its player was last connected.
CREATE TABLE seats (
    game_id TEXT NOT NULL,
    seat BIGINT NOT NULL,
    token_hash TEXT NOT NULL,
    left_at BIGINT,
    PRIMARY KEY (game_id, seat)
);

-- Which server instance has a seat's player connected.
CREATE TABLE presence (
    game_id TEXT NOT NULL,
    seat BIGINT NOT NULL,
    instance TEXT NOT NULL,
    PRIMARY KEY (game_id, seat, instance)
);

-- Server instances and their heartbeat.
CREATE TABLE instances (
    id TEXT PRIMARY KEY,
    alive_wall BIGINT NOT NULL
);

-- Times when no instance was running: given back to the clocks.
CREATE TABLE downtime (
    started_wall BIGINT PRIMARY KEY,
    ended_wall BIGINT NOT NULL
);
