-- PostgreSQL: the same schema as migrations/sqlite/0001_games.sql, in this database's types
-- (BIGINT for every integer, so that the same queries read them as i64 on both).

-- One row per game (a single game, a match or an open-ended session).
CREATE TABLE games (
    id          TEXT PRIMARY KEY NOT NULL,
    mode        TEXT NOT NULL,              -- computer | friend | local
    rules       TEXT NOT NULL,              -- the rule set as JSON (acey_rules::Rules)
    level       TEXT,                       -- the bot's level in games against the computer
    bot_seat    BIGINT,                     -- 0 or 1 in games against the computer
    token0      TEXT,                       -- seat secrets; token1 is NULL until a friend joins
    token1      TEXT,
    rematch_of  TEXT,
    created_at  BIGINT NOT NULL             -- unix seconds
);

-- Every accepted action, in order. The key orders a game's log across every node: two nodes can
-- never both append action n.
CREATE TABLE actions (
    game_id  TEXT NOT NULL REFERENCES games(id),
    n        BIGINT NOT NULL,               -- 0-based index in Game::actions()
    action   TEXT NOT NULL,                 -- acey_rules::Action as JSON
    PRIMARY KEY (game_id, n)
);
