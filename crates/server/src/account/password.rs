//! Passwords: argon2id with explicit parameters, hashed and checked off the async threads (a
//! hash costs tens of milliseconds of CPU on purpose).

use argon2::password_hash::{Output, ParamsString, PasswordHash, SaltString};
use argon2::{Algorithm, Argon2, Block, Params, Version};

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
fn params() -> Params {
    Params::new(19 * 1024, 2, 1, None).unwrap_or_default()
}

/// The working memory of one hash (19 MiB). A hashing thread keeps one and hashes in it again
/// and again: memory the allocator is given back after every hash is not reliably returned to
/// the system, so a flood of hashes made in fresh memory each time grew the server by about
/// 16 MB per hash (docs/benchmarks.md, "A flood of wrong logins").
pub struct Scratch(Vec<Block>);

impl Scratch {
    /// The memory for a hash with this module's settings.
    pub fn new() -> Scratch {
        Scratch(vec![Block::default(); params().block_count()])
    }
}

impl Default for Scratch {
    fn default() -> Self {
        Scratch::new()
    }
}

impl std::fmt::Debug for Scratch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Scratch({} blocks)", self.0.len())
    }
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

/// Runs argon2 over `password` and `salt` into `out`, in `scratch` when the settings' memory
/// is its size (always, for hashes made here) or in memory of its own otherwise.
fn run(
    argon: &Argon2<'_>,
    password: &[u8],
    salt: &[u8],
    out: &mut [u8],
    scratch: &mut Scratch,
) -> argon2::Result<()> {
    let blocks = argon.params().block_count();
    if blocks == scratch.0.len() {
        argon.hash_password_into_with_memory(password, salt, out, &mut scratch.0)
    } else {
        argon.hash_password_into_with_memory(password, salt, out, vec![Block::default(); blocks])
    }
}

/// Hashes a password (PHC string form, salt included) in `scratch`. Blocking.
pub fn hash(password: &str, scratch: &mut Scratch) -> Result<String, PasswordError> {
    check(password)?;
    let failed = |e: &dyn std::fmt::Display| PasswordError::Hashing(e.to_string());
    let mut salt = [0u8; 16];
    getrandom::fill(&mut salt).map_err(|e| failed(&e))?;
    let params = params();
    let argon = Argon2::new(Algorithm::Argon2id, Version::V0x13, params.clone());
    let mut out = [0u8; Params::DEFAULT_OUTPUT_LEN];
    run(&argon, password.as_bytes(), &salt, &mut out, scratch).map_err(|e| failed(&e))?;
    let salt = SaltString::encode_b64(&salt).map_err(|e| failed(&e))?;
    let phc = PasswordHash {
        algorithm: Algorithm::Argon2id.ident(),
        version: Some(Version::V0x13.into()),
        params: ParamsString::try_from(&params).map_err(|e| failed(&e))?,
        salt: Some(salt.as_salt()),
        hash: Some(Output::new(&out).map_err(|e| failed(&e))?),
    };
    Ok(phc.to_string())
}

/// A hash of no one's password, checked when a name is unknown so that an unknown name costs
/// the same time as a wrong password and the two cannot be told apart.
const DUMMY: &str = "$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$x8M2PVo8N3MtVQ1HW3DiMtGRvfTP0Km3Ss3xCuRA9hc";

/// Whether `password` matches `stored` (a PHC string; its own algorithm, version and settings
/// are used), hashing in `scratch`; with `None` (no such account) a dummy hash is checked and
/// the answer is always no. Blocking.
pub fn verify(password: &str, stored: Option<&str>, scratch: &mut Scratch) -> bool {
    let mut matches = || -> Option<bool> {
        let parsed = PasswordHash::new(stored.unwrap_or(DUMMY)).ok()?;
        let algorithm = Algorithm::try_from(parsed.algorithm).ok()?;
        let version = match parsed.version {
            Some(v) => Version::try_from(v).ok()?,
            None => Version::V0x10,
        };
        let params = Params::try_from(&parsed).ok()?;
        let expected = parsed.hash?;
        let mut salt = [0u8; 64];
        let salt = parsed.salt?.decode_b64(&mut salt).ok()?;
        let mut out = vec![0u8; expected.len()];
        let argon = Argon2::new(algorithm, version, params);
        run(&argon, password.as_bytes(), salt, &mut out, scratch).ok()?;
        // `Output`'s comparison takes the same time wherever the two differ.
        Some(Output::new(&out).ok()? == expected)
    };
    password.len() <= MAX_BYTES && matches().unwrap_or(false) && stored.is_some()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hash_verifies_its_password_only() {
        let s = &mut Scratch::new();
        let h = hash("correct horse", s).unwrap();
        assert!(h.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"));
        assert!(verify("correct horse", Some(&h), s));
        assert!(!verify("correct hors", Some(&h), s));
        assert_ne!(h, hash("correct horse", s).unwrap(), "salted");
    }

    #[test]
    fn unknown_names_never_verify_and_the_dummy_is_a_real_hash() {
        assert!(PasswordHash::new(DUMMY).is_ok());
        let s = &mut Scratch::new();
        assert!(!verify("anything at all", None, s));
        assert!(!verify("x", Some("not a hash"), s));
    }

    #[test]
    fn weak_passwords_are_refused() {
        assert_eq!(
            hash("short", &mut Scratch::new()),
            Err(PasswordError::TooShort)
        );
        assert_eq!(check(&"x".repeat(300)), Err(PasswordError::TooLong));
    }

    #[test]
    fn hashes_made_by_the_argon2_crate_itself_verify_and_so_do_other_settings() {
        use argon2::password_hash::PasswordHasher;
        let s = &mut Scratch::new();
        for (m, t) in [(19 * 1024, 2), (4096, 3)] {
            let argon = Argon2::new(
                Algorithm::Argon2id,
                Version::V0x13,
                Params::new(m, t, 1, None).unwrap(),
            );
            let salt = SaltString::encode_b64(b"sixteen byte salt").unwrap();
            let stored = argon
                .hash_password(b"correct horse", &salt)
                .unwrap()
                .to_string();
            assert!(verify("correct horse", Some(&stored), s), "{stored}");
            assert!(!verify("correct horsf", Some(&stored), s), "{stored}");
        }
        // And the crate's verifier accepts what is made here.
        let mine = hash("battery staple", s).unwrap();
        let parsed = PasswordHash::new(&mine).unwrap();
        use argon2::password_hash::PasswordVerifier;
        assert!(Argon2::default()
            .verify_password(b"battery staple", &parsed)
            .is_ok());
    }
}
