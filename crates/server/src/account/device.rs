//! Browsers known to an account: the way past its login lockout ([`super::lockout`]) that a
//! stranger cannot take. A browser that logs in (or registers) gets a long-lived cookie naming
//! the account with a MAC over it keyed by the account's stored password hash: nothing is
//! stored, every node can check it, and it is void once the password changes. The key never
//! leaves the server, so nobody else can make one. The cookie goes only to `/api/session`.

use hmac::{Hmac, Mac};
use sha2::Sha256;

/// The cookie's name.
pub const COOKIE: &str = "acey_device";

/// How long a browser stays known without logging in again, in seconds (a year).
pub const LIFETIME_SECS: i64 = 365 * 24 * 3600;

fn mac(key: &str, account: i64, nonce: &str) -> Hmac<Sha256> {
    // HMAC takes a key of any length.
    let mut mac =
        Hmac::<Sha256>::new_from_slice(key.as_bytes()).expect("HMAC accepts a key of any length");
    mac.update(b"acey known device\0");
    mac.update(account.to_string().as_bytes());
    mac.update(b"\0");
    mac.update(nonce.as_bytes());
    mac
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn unhex(s: &str) -> Option<Vec<u8>> {
    if !s.len().is_multiple_of(2) || !s.is_ascii() {
        return None;
    }
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&s[i..i + 2], 16).ok())
        .collect()
}

/// A new token for `account`, keyed by its stored password hash `key`.
pub fn token(account: i64, key: &str) -> Result<String, getrandom::Error> {
    let mut nonce = [0u8; 16];
    getrandom::fill(&mut nonce)?;
    let nonce = hex(&nonce);
    let tag = mac(key, account, &nonce).finalize().into_bytes();
    Ok(format!("{account}.{nonce}.{}", hex(&tag)))
}

/// Whether `token` was made for `account` under `key` (compared in constant time).
pub fn verify(token: &str, account: i64, key: &str) -> bool {
    let mut parts = token.split('.');
    let (Some(id), Some(nonce), Some(tag), None) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return false;
    };
    if id.parse::<i64>().ok() != Some(account) || nonce.len() != 32 {
        return false;
    }
    let Some(tag) = unhex(tag) else {
        return false;
    };
    mac(key, account, nonce).verify_slice(&tag).is_ok()
}

/// The `Set-Cookie` value that makes the browser known.
pub fn set_cookie(token: &str, secure: bool) -> String {
    format!(
        "{COOKIE}={token}; Path=/api/session; HttpOnly; SameSite=Strict; Max-Age={LIFETIME_SECS}{}",
        if secure { "; Secure" } else { "" }
    )
}

/// The device token in a `Cookie` header, if there is one.
pub fn from_cookie_header(header: &str) -> Option<&str> {
    super::session::cookie(header, COOKIE, 160)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_opens_its_account_under_its_key_only() {
        let key = "$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA";
        let t = token(7, key).unwrap();
        assert!(verify(&t, 7, key));
        assert!(!verify(&t, 8, key), "another account");
        assert!(!verify(&t, 7, "another password's hash"));
        let flipped = if t.ends_with('0') { '1' } else { '0' };
        let forged = format!("{}{flipped}", &t[..t.len() - 1]);
        assert!(!verify(&forged, 7, key), "a changed MAC");
        for bad in ["", "7", "7..", "7.zz.zz", "x.y.z.w", "7.00.00"] {
            assert!(!verify(bad, 7, key), "{bad}");
        }
        let c = set_cookie(&t, true);
        assert!(c.contains("HttpOnly") && c.contains("Path=/api/session") && c.ends_with("Secure"));
        assert_eq!(
            from_cookie_header(&format!("a=1; {COOKIE}={t}")),
            Some(t.as_str())
        );
    }
}
