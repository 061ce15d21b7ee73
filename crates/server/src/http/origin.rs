//! Which web pages may open a WebSocket or send a state-changing request: the `Origin` check.
//!
//! With `acey serve --origin` given, the list is the whole answer: only those origins. Without
//! it, a page passes only if the browser reached this server by an IP address or a localhost
//! name (`localhost`, `*.localhost`, `127.0.0.1`, `[::1]`: the configured address, or the
//! machine's address on a network) and the page is of that same address (`Origin` equal to
//! `Host`). A page of a domain name is refused unless listed, because its name may have been
//! made to point here after the page loaded (DNS rebinding): the `Host` then matches the page
//! and proves nothing. A request without `Origin` is not from a browser's page and passes.
//!
//! The listed origins are also the only ones whose pages may read the server's answers from
//! elsewhere ([`cors`]): the client exported by `acey export-web --server` to another host plays
//! online from there, as a guest.

use std::net::IpAddr;
use std::sync::Arc;

use axum::http::{header, HeaderMap, HeaderValue, Method};
use tower_http::cors::{AllowOrigin, CorsLayer};

/// Whether the request's page may act here; `listed` are the `--origin` values.
pub fn allowed(headers: &HeaderMap, listed: &[String]) -> bool {
    let Some(origin) = headers.get(header::ORIGIN) else {
        return true;
    };
    let Ok(origin) = origin.to_str() else {
        return false;
    };
    let origin = origin.trim_end_matches('/');
    if !listed.is_empty() {
        return is_listed(origin, listed);
    }
    let Some(authority) = origin
        .strip_prefix("http://")
        .or_else(|| origin.strip_prefix("https://"))
    else {
        return false;
    };
    let host = headers
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .unwrap_or("");
    !host.is_empty() && authority.eq_ignore_ascii_case(host) && address_or_localhost(host)
}

/// Whether `origin` (an `Origin` header's value) is one of the `listed` ones.
fn is_listed(origin: &str, listed: &[String]) -> bool {
    let origin = origin.trim_end_matches('/');
    listed
        .iter()
        .any(|a| a.trim_end_matches('/').eq_ignore_ascii_case(origin))
}

/// Whether the request comes from a page of a listed origin (`--origin`), which may act here
/// even from another site (an exported client on a host of its own).
pub fn listed(headers: &HeaderMap, listed: &[String]) -> bool {
    headers
        .get(header::ORIGIN)
        .and_then(|o| o.to_str().ok())
        .is_some_and(|o| is_listed(o, listed))
}

/// Cross-origin access (CORS) for the pages of the listed origins, and for them only: their
/// origin named in `Access-Control-Allow-Origin` (never `*`), `Vary: Origin` on every answer,
/// and the preflight of the API's JSON requests answered (`GET`, `POST`, `DELETE`,
/// `Content-Type`). No credentials: cookies do not go along, so such a page plays as a guest
/// and its player logs in on the server's own site. `None` without a list, when only the
/// server's own pages use it.
pub fn cors(listed: &[String]) -> Option<CorsLayer> {
    if listed.is_empty() {
        return None;
    }
    let allowed: Arc<[String]> = listed.into();
    let origins = AllowOrigin::predicate(move |origin: &HeaderValue, _| {
        origin.to_str().is_ok_and(|o| is_listed(o, &allowed))
    });
    Some(
        CorsLayer::new()
            .allow_origin(origins)
            .allow_methods([Method::GET, Method::HEAD, Method::POST, Method::DELETE])
            .allow_headers([header::CONTENT_TYPE])
            .max_age(std::time::Duration::from_secs(600)),
    )
}

/// Whether an authority (`host[:port]`) names an IP address or a localhost name.
fn address_or_localhost(authority: &str) -> bool {
    let name = match authority.strip_prefix('[') {
        Some(rest) => match rest.split_once(']') {
            Some((v6, _)) => return v6.parse::<std::net::Ipv6Addr>().is_ok(),
            None => return false,
        },
        None => authority
            .rsplit_once(':')
            .filter(|(_, port)| port.parse::<u16>().is_ok())
            .map_or(authority, |(name, _)| name),
    };
    let name = name.to_ascii_lowercase();
    name.parse::<IpAddr>().is_ok() || name == "localhost" || name.ends_with(".localhost")
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn request(host: &str, origin: Option<&str>) -> HeaderMap {
        let mut h = HeaderMap::new();
        h.insert(header::HOST, HeaderValue::from_str(host).unwrap());
        if let Some(o) = origin {
            h.insert(header::ORIGIN, HeaderValue::from_str(o).unwrap());
        }
        h
    }

    #[test]
    fn without_a_list_only_addresses_and_localhost_of_the_request_pass() {
        let none: &[String] = &[];
        for (host, origin) in [
            ("127.0.0.1:8080", "http://127.0.0.1:8080"),
            ("localhost:8080", "http://localhost:8080"),
            ("LocalHost:8080", "http://localhost:8080/"),
            ("acey.localhost:8080", "http://acey.localhost:8080"),
            ("[::1]:8080", "http://[::1]:8080"),
            ("192.168.1.5:8080", "http://192.168.1.5:8080"),
            ("192.168.1.5", "https://192.168.1.5"),
        ] {
            assert!(allowed(&request(host, Some(origin)), none), "{origin}");
        }
        for (host, origin) in [
            // DNS rebinding: the page's name points here now, and Host says the same.
            ("rebind.example:8080", "http://rebind.example:8080"),
            ("127.0.0.1:8080", "http://evil.example"),
            ("127.0.0.1:8080", "http://127.0.0.1:9999"),
            ("127.0.0.1:8080", "null"),
            ("127.0.0.1:8080", "file://"),
            ("[::1", "http://[::1"),
        ] {
            assert!(!allowed(&request(host, Some(origin)), none), "{origin}");
        }
        assert!(allowed(&request("anything", None), none), "not a browser");
    }

    #[test]
    fn a_list_is_the_whole_answer() {
        let listed = vec!["https://acey.example.org".to_string()];
        let ok = request("acey.example.org", Some("https://acey.example.org"));
        assert!(allowed(&ok, &listed));
        let upper = request("x", Some("HTTPS://ACEY.EXAMPLE.ORG"));
        assert!(allowed(&upper, &listed));
        let local = request("127.0.0.1:8080", Some("http://127.0.0.1:8080"));
        assert!(!allowed(&local, &listed), "not listed");
        let other = request("acey.example.org", Some("http://acey.example.org"));
        assert!(
            !allowed(&other, &listed),
            "another scheme is another origin"
        );
        assert!(super::listed(&ok, &listed) && super::listed(&upper, &listed));
        assert!(!super::listed(&other, &listed) && !super::listed(&local, &listed));
        assert!(!super::listed(&request("x", None), &listed), "no Origin");
        assert!(cors(&[]).is_none(), "no list, no cross-origin access");
        assert!(cors(&listed).is_some());
    }
}
