-- Rated games earned over the board, and names that cannot pass for others'
-- (docs/protocol.md, "Rated games" and "Names"; crate::rating::integrity, crate::account::name).

-- Why a game offered as rated was played or settled unrated: too_short | same_address |
-- pair_limit (rated is then 0).
ALTER TABLE games ADD COLUMN unrated TEXT;

-- The UTS #39 skeleton of each account's name, case folded: names that look alike share it.
-- Filled for the accounts made before this column when the server starts.
ALTER TABLE accounts ADD COLUMN name_skeleton TEXT;
CREATE INDEX accounts_name_skeleton ON accounts (name_skeleton);

-- The networks each account was seen on (an IPv4 address, or an IPv6 /64) and when last: two
-- accounts seen on one never play rated against each other. Forgotten after 30 days.
CREATE TABLE account_networks (
    account_id  INTEGER NOT NULL REFERENCES accounts(id),
    network     TEXT NOT NULL,
    last_seen   INTEGER NOT NULL,
    PRIMARY KEY (account_id, network)
);
CREATE INDEX account_networks_network ON account_networks (network);
