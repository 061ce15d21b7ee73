-- One row per game (a single game, a match or an open-ended session).
CREATE TABLE games (
    id          TEXT PRIMARY KEY NOT NULL,
    mode        TEXT NOT NULL,              -- computer | friend | local
    rules       TEXT NOT NULL,              -- the rule set as JSON (acey_rules::Rules)
    level       TEXT,                       -- the bot's level in games against the computer
    bot_seat    INTEGER,                    -- 0 or 1 in games against the computer
    token0      TEXT,                       -- seat secrets; token1 is NULL until a friend joins
    token1      TEXT,
    rematch_of  TEXT,
    created_at  INTEGER NOT NULL            -- unix seconds
);

-- Every accepted action, in order: with the rules, the whole game (Game::replay).
CREATE TABLE actions (
    game_id  TEXT NOT NULL REFERENCES games(id),
    n        INTEGER NOT NULL,              -- 0-based index in Game::actions()
    action   TEXT NOT NULL,                 -- acey_rules::Action as JSON
    PRIMARY KEY (game_id, n)
) WITHOUT ROWID;
