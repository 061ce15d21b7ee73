-- Game analyses (crate::analysis): the latest analysis of each game, of its first `actions`
-- actions (a game that had ended then), as the JSON of docs/analysis.md. A game that goes on
-- (the next game of a session) is analysed again, replacing the row.
CREATE TABLE analyses (
    game_id     TEXT PRIMARY KEY NOT NULL,
    actions     INTEGER NOT NULL,
    plies       INTEGER NOT NULL,
    level       TEXT NOT NULL,
    body        TEXT NOT NULL,
    created_at  INTEGER NOT NULL
);
