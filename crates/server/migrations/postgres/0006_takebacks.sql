-- How many plays were taken back in a game against the computer or on one screen
-- (docs/protocol.md, "Takebacks"): such a game is not a record of play as it went.
ALTER TABLE games ADD COLUMN takebacks BIGINT NOT NULL DEFAULT 0;
