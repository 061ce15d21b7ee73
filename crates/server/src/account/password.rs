//! Passwords: argon2id with explicit parameters, hashed and checked off the async threads (a
//! hash costs tens of milliseconds of CPU on purpose).

use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::{Algorithm, Argon2, Params, Version};

/// The fewest characters of a password.
pub const MIN_LEN: usize = 8;
/// The most bytes of a password (argon2 takes more, but nobody types more, and a huge one is
/// an attack on the CPU).
pub const MAX_BYTES: usize = 256;

/// Why a password was refused or could not be hashed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PasswordError {
    /// Too short.
    #[error("a password is at least {MIN_LEN} characters long")]
    TooShort,
    /// Too long.
    #[error("a password is at most {MAX_BYTES} bytes long")]
    TooLong,
    /// The hash could not be made (a broken random source).
    #[error("the password could not be hashed: {0}")]
    Hashing(String),
}

/// OWASP's recommended argon2id settings (19 MiB, 2 passes, 1 lane): written out so that a
/// change of the crate's defaults cannot weaken them silently.
fn hasher() -> Argon2<'static> {
    let params = Params::new(19 * 1024, 2, 1, None).unwrap_or_default();
    Argon2::new(Algorithm::Argon2id, Version::V0x13, params)
}

/// Checks a new password's length.
pub fn check(password: &str) -> Result<(), PasswordError> {
    if password.chars().count() < MIN_LEN {
        return Err(PasswordError::TooShort);
    }
    if password.len() > MAX_BYTES {
        return Err(PasswordError::TooLong);
    }
    Ok(())
}

/// Hashes a password (PHC string form, salt included). Blocking.
pub fn hash(password: &str) -> Result<String, PasswordError> {
    check(password)?;
    let mut salt = [0u8; 16];
    getrandom::fill(&mut salt).map_err(|e| PasswordError::Hashing(e.to_string()))?;
    let salt = SaltString::encode_b64(&salt).map_err(|e| PasswordError::Hashing(e.to_string()))?;
    hasher()
        .hash_password(password.as_bytes(), &salt)
        .map(|h| h.to_string())
        .map_err(|e| PasswordError::Hashing(e.to_string()))
}

/// A hash of no one's password, checked when a name is unknown so that an unknown name costs
/// the same time as a wrong password and the two cannot be told apart.
const DUMMY: &str = "$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$x8M2PVo8N3MtVQ1HW3DiMtGRvfTP0Km3Ss3xCuRA9hc";

/// Whether `password` matches `stored` (a PHC string); with `None` (no such account) a dummy
/// hash is checked and the answer is always no. Blocking.
pub fn verify(password: &str, stored: Option<&str>) -> bool {
    let hash = stored.unwrap_or(DUMMY);
    let Ok(parsed) = PasswordHash::new(hash) else {
        return false;
    };
    let ok = password.len() <= MAX_BYTES
        && hasher()
            .verify_password(password.as_bytes(), &parsed)
            .is_ok();
    ok && stored.is_some()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hash_verifies_its_password_only() {
        let h = hash("correct horse").unwrap();
        assert!(h.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"));
        assert!(verify("correct horse", Some(&h)));
        assert!(!verify("correct hors", Some(&h)));
        assert_ne!(h, hash("correct horse").unwrap(), "salted");
    }

    #[test]
    fn unknown_names_never_verify_and_the_dummy_is_a_real_hash() {
        assert!(PasswordHash::new(DUMMY).is_ok());
        assert!(!verify("anything at all", None));
        assert!(!verify("x", Some("not a hash")));
    }

    #[test]
    fn weak_passwords_are_refused() {
        assert_eq!(hash("short"), Err(PasswordError::TooShort));
        assert_eq!(check(&"x".repeat(300)), Err(PasswordError::TooLong));
    }
}
