//! Login sessions: a random token in an HttpOnly cookie; the store keeps only its hash, so a
//! stolen database opens no session.

/// The cookie's name.
pub const COOKIE: &str = "acey_session";

/// How long a session lasts without use, in seconds (30 days).
pub const LIFETIME_SECS: i64 = 30 * 24 * 3600;

/// The form a session token is kept in (SHA-256, hex).
pub fn stored_form(token: &str) -> String {
    crate::seat_token::stored_form(token)
}

/// The `Set-Cookie` value that starts a session.
pub fn set_cookie(token: &str, secure: bool) -> String {
    format!(
        "{COOKIE}={token}; Path=/; HttpOnly; SameSite=Lax; Max-Age={LIFETIME_SECS}{}",
        if secure { "; Secure" } else { "" }
    )
}

/// The `Set-Cookie` value that ends one.
pub fn clear_cookie() -> String {
    format!("{COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0")
}

/// The session token in a `Cookie` header, if there is one.
pub fn from_cookie_header(header: &str) -> Option<&str> {
    cookie(header, COOKIE, 128)
}

/// The value of the cookie `name` in a `Cookie` header: present, not empty, and at most
/// `longest` bytes (anything longer is no token of ours).
pub(crate) fn cookie<'a>(header: &'a str, name: &str, longest: usize) -> Option<&'a str> {
    header
        .split(';')
        .filter_map(|kv| kv.trim().split_once('='))
        .find(|(k, _)| *k == name)
        .map(|(_, v)| v.trim())
        .filter(|v| !v.is_empty() && v.len() <= longest)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cookie_is_http_only_and_lax_and_is_read_back() {
        let c = set_cookie("abc", false);
        assert!(c.contains("HttpOnly") && c.contains("SameSite=Lax") && !c.contains("Secure"));
        assert!(set_cookie("abc", true).ends_with("; Secure"));
        assert_eq!(
            from_cookie_header("a=1; acey_session=abc; b=2"),
            Some("abc")
        );
        assert_eq!(from_cookie_header("a=1"), None);
        assert_eq!(from_cookie_header("acey_session="), None);
        assert_ne!(stored_form("abc"), "abc");
    }
}
