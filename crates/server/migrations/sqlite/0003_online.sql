-- Online play: names and accounts at the seats, rated games, clocks, the lobby, results,
-- ratings and chat. Plain SQL that PostgreSQL reads too, apart from the key columns.

-- Who sits at each seat (a guest's chosen name, or an account's), whether the game is rated,
-- whether it came from the lobby, and the clock as last stored (JSON, crate::clock::Clock).
ALTER TABLE games ADD COLUMN name0 TEXT;
ALTER TABLE games ADD COLUMN name1 TEXT;
ALTER TABLE games ADD COLUMN account0 INTEGER;
ALTER TABLE games ADD COLUMN account1 INTEGER;
ALTER TABLE games ADD COLUMN rated INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN lobby INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN clock TEXT;
CREATE INDEX games_account0 ON games (account0);
CREATE INDEX games_account1 ON games (account1);

CREATE TABLE accounts (
    id          INTEGER PRIMARY KEY,
    name        TEXT NOT NULL,              -- as chosen
    name_key    TEXT NOT NULL UNIQUE,       -- lower case: names are unique ignoring case
    password    TEXT NOT NULL,              -- argon2id, PHC string
    created_at  INTEGER NOT NULL
);

-- Login sessions; the token itself is only in the player's cookie.
CREATE TABLE sessions (
    token_hash  TEXT PRIMARY KEY NOT NULL,
    account_id  INTEGER NOT NULL REFERENCES accounts(id),
    created_at  INTEGER NOT NULL,
    last_seen   INTEGER NOT NULL
);
CREATE INDEX sessions_account ON sessions (account_id);

-- Glicko-2, one row per account, rule family and kind (game or match).
CREATE TABLE ratings (
    account_id  INTEGER NOT NULL REFERENCES accounts(id),
    family      TEXT NOT NULL,
    kind        TEXT NOT NULL,
    rating      REAL NOT NULL,
    deviation   REAL NOT NULL,
    volatility  REAL NOT NULL,
    games       INTEGER NOT NULL,
    PRIMARY KEY (account_id, family, kind)
);
CREATE TABLE rating_history (
    account_id  INTEGER NOT NULL REFERENCES accounts(id),
    family      TEXT NOT NULL,
    kind        TEXT NOT NULL,
    game_id     TEXT NOT NULL,
    rating      REAL NOT NULL,
    deviation   REAL NOT NULL,
    at          INTEGER NOT NULL
);
CREATE INDEX rating_history_account ON rating_history (account_id, family, kind, at);

-- How each finished game or match ended: written once (the key), which is what makes a rating
-- change happen once.
CREATE TABLE results (
    game_id     TEXT PRIMARY KEY NOT NULL REFERENCES games(id),
    winner      INTEGER NOT NULL,           -- seat 0 or 1
    how         TEXT NOT NULL,              -- bore-off | resigned | dropped | forfeited
    reason      TEXT,                       -- for a forfeit: time | left
    score0      INTEGER NOT NULL,
    score1      INTEGER NOT NULL,
    ended_at    INTEGER NOT NULL
);

-- Open challenges and quick-pairing seeks (pool set), until taken, cancelled or their owner
-- (a connection) leaves.
CREATE TABLE challenges (
    id          TEXT PRIMARY KEY NOT NULL,
    name        TEXT NOT NULL,
    account_id  INTEGER,
    rating      REAL,
    rules       TEXT NOT NULL,
    match_to    INTEGER NOT NULL,
    clock       TEXT,                       -- JSON, crate::clock::TimeControl
    rated       INTEGER NOT NULL,
    pool        TEXT,
    owner       TEXT NOT NULL,
    created_at  INTEGER NOT NULL
);
CREATE INDEX challenges_owner ON challenges (owner);
CREATE INDEX challenges_pool ON challenges (pool);

CREATE TABLE chat (
    game_id     TEXT NOT NULL REFERENCES games(id),
    n           INTEGER NOT NULL,
    channel     TEXT NOT NULL,              -- players | spectators
    name        TEXT NOT NULL,
    seat        INTEGER,
    text        TEXT NOT NULL,
    at          INTEGER NOT NULL,           -- unix ms
    PRIMARY KEY (game_id, n)
);
