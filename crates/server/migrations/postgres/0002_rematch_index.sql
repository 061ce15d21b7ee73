-- Finding a game's rematch after a restart (SELECT id FROM games WHERE rematch_of = ?), and the
-- clean-up of abandoned games by age.
CREATE INDEX games_rematch_of ON games (rematch_of);
CREATE INDEX games_created_at ON games (created_at);
