//! Randomness from the operating system's cryptographic generator: dice, game ids, seat tokens
//! and the bot's noise seeds. Nothing here is seeded or predictable, so a client cannot learn a
//! roll before the server makes it.

/// The OS generator failed (it does not on supported systems; reported rather than panicking).
#[derive(Debug, thiserror::Error)]
#[error("the operating system's random generator failed: {0}")]
pub struct RandomError(String);

fn u64() -> Result<u64, RandomError> {
    getrandom::u64().map_err(|e| RandomError(e.to_string()))
}

/// One fair die, 1..=6 (rejection sampling: no value is favoured).
pub fn die() -> Result<u8, RandomError> {
    const LIMIT: u64 = u64::MAX - (u64::MAX % 6);
    loop {
        let x = u64()?;
        if x < LIMIT {
            return Ok((x % 6) as u8 + 1);
        }
    }
}

/// Two dice.
pub fn roll() -> Result<[u8; 2], RandomError> {
    Ok([die()?, die()?])
}

/// A seed for the bot's noise.
pub fn seed() -> Result<u64, RandomError> {
    u64()
}

const ALPHABET: &[u8] = b"abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/// `len` characters from an alphabet without look-alikes (0/O, 1/l/I), unbiased.
fn text(len: usize) -> Result<String, RandomError> {
    let n = ALPHABET.len() as u64;
    let limit = u64::MAX - (u64::MAX % n);
    let mut out = String::with_capacity(len);
    while out.len() < len {
        let x = u64()?;
        if x < limit {
            out.push(ALPHABET[(x % n) as usize] as char);
        }
    }
    Ok(out)
}

/// A game id for links: 10 characters, about 58 bits.
pub fn game_id() -> Result<String, RandomError> {
    text(10)
}

/// A seat token: 24 characters, about 139 bits; the only proof of holding a seat.
pub fn token() -> Result<String, RandomError> {
    text(24)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dice_cover_every_face_and_tokens_differ() {
        let mut seen = [0u32; 6];
        for _ in 0..600 {
            seen[die().unwrap() as usize - 1] += 1;
        }
        assert!(seen.iter().all(|&c| c > 50), "{seen:?}");
        let (a, b) = (token().unwrap(), token().unwrap());
        assert_ne!(a, b);
        assert_eq!(a.len(), 24);
        assert!(game_id()
            .unwrap()
            .chars()
            .all(|c| c.is_ascii_alphanumeric()));
    }
}
