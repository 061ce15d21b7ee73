//! Seat tokens as the server keeps them: only a SHA-256 hash of each is stored, so that a copy
//! of the database does not hand out seats; a presented token is hashed and compared in constant
//! time. Rows written before hashing (plain tokens) are still accepted.
//!
//! A rematch starts with the seats of the game before it, marked *inherited*: the old token
//! takes its seat once, and is then replaced by a new token of the rematch's own (so one secret
//! never opens two games for long).

use sha2::{Digest, Sha256};

/// The prefix that marks a stored hash (a plain token never contains `:`).
const PREFIX: &str = "sha256:";

/// The prefix that marks a seat inherited from the game before a rematch.
const INHERITED: &str = "inherited:";

/// The stored form of a seat carried over to a rematch.
pub fn inherited(stored: &str) -> String {
    format!(
        "{INHERITED}{}",
        stored.strip_prefix(INHERITED).unwrap_or(stored)
    )
}

/// Whether a stored seat is one carried over to a rematch and not yet taken with a new token.
pub fn is_inherited(stored: &str) -> bool {
    stored.starts_with(INHERITED)
}

/// What is stored for `token`.
pub fn stored_form(token: &str) -> String {
    let digest = Sha256::digest(token.as_bytes());
    let mut out = String::with_capacity(PREFIX.len() + 64);
    out.push_str(PREFIX);
    for b in digest {
        out.push_str(&format!("{b:02x}"));
    }
    out
}

/// Whether `presented` is the token behind `stored`.
pub fn matches(stored: &str, presented: &str) -> bool {
    let stored = stored.strip_prefix(INHERITED).unwrap_or(stored);
    if stored.starts_with(PREFIX) {
        same_secret(stored, &stored_form(presented))
    } else {
        same_secret(stored, presented)
    }
}

/// Compares two secrets in time that does not depend on where they differ.
pub fn same_secret(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_hash_is_kept_and_it_matches_its_token_alone() {
        let stored = stored_form("5hKKGA7VU4eTHPx7KWqNXt5e");
        assert!(stored.starts_with("sha256:") && !stored.contains("5hKKGA7VU4"));
        assert_eq!(stored.len(), 7 + 64);
        assert!(matches(&stored, "5hKKGA7VU4eTHPx7KWqNXt5e"));
        assert!(!matches(&stored, "5hKKGA7VU4eTHPx7KWqNXt5f"));
        assert!(!matches(&stored, &stored), "the hash itself is not a token");
        // A row from before hashing.
        assert!(matches("plain-token", "plain-token"));
        assert!(!matches("plain-token", "plain-tokem"));
    }

    #[test]
    fn secrets_compare_exactly() {
        assert!(same_secret("abc", "abc"));
        assert!(!same_secret("abc", "abd"));
        assert!(!same_secret("abc", "ab"));
        assert!(!same_secret("", "a"));
    }

    #[test]
    fn an_inherited_seat_matches_the_old_token_and_says_so() {
        let old = stored_form("old-token");
        let carried = inherited(&old);
        assert!(is_inherited(&carried) && !is_inherited(&old));
        assert!(matches(&carried, "old-token"));
        assert!(!matches(&carried, "other"));
        assert_eq!(inherited(&carried), carried, "inherited once, not twice");
    }
}
