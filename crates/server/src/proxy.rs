//! Reverse proxies the server trusts, and the client address they pass on.
//!
//! Behind a proxy every TCP connection comes from the proxy, so every per-address limit would
//! hold all clients together. When the TCP peer is a trusted proxy (`acey serve
//! --trusted-proxy CIDR`), the client is read from the one forwarding header the proxy is set
//! to write: `X-Forwarded-For` (the default; nginx's `$proxy_add_x_forwarded_for`, HAProxy's
//! `option forwardfor`) or `Forwarded` (RFC 7239). Each proxy appends the address it heard
//! from, so the chain is walked from the right, skipping trusted hops: the first address that is
//! not a trusted proxy is the client. Whatever a client wrote into the header itself stands to
//! the left of that and is never reached, so it cannot choose its own address.
//!
//! Only one header is read because a proxy passes on the other one untouched: a server that
//! read `Forwarded` behind a proxy that writes only `X-Forwarded-For` would believe whatever
//! `Forwarded` a client sent. A hop that cannot be read (garbage, `unknown`, an obfuscated
//! name) where the walk reaches it gives the peer's own address: never a panic, never an
//! address the client chose.

use std::net::IpAddr;
use std::str::FromStr;

use axum::http::HeaderMap;
/// A network of trusted proxies (re-exported so that callers need not depend on `ipnet`).
pub use ipnet::IpNet;

/// Why a `--trusted-proxy` or `--proxy-header` value was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ProxyError {
    /// Not an address or a network.
    #[error("'{0}' is not an address or a network such as 10.0.0.0/8 or ::1")]
    BadNetwork(String),
    /// Not a header the server reads.
    #[error("'{0}' is not a forwarding header: x-forwarded-for or forwarded")]
    BadHeader(String),
}

/// The header a trusted proxy writes the client's address into.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ForwardedHeader {
    /// `X-Forwarded-For: client, proxy1, proxy2`.
    #[default]
    XForwardedFor,
    /// `Forwarded: for=client, for="[2001:db8::1]:4711"` (RFC 7239).
    Forwarded,
}

impl FromStr for ForwardedHeader {
    type Err = ProxyError;

    fn from_str(s: &str) -> Result<Self, ProxyError> {
        match s.to_ascii_lowercase().as_str() {
            "x-forwarded-for" => Ok(ForwardedHeader::XForwardedFor),
            "forwarded" => Ok(ForwardedHeader::Forwarded),
            _ => Err(ProxyError::BadHeader(s.to_string())),
        }
    }
}

/// The proxies whose forwarding header is believed, and which header that is. The default
/// trusts nobody: every client is its TCP peer.
#[derive(Debug, Clone, Default)]
pub struct TrustedProxies {
    nets: Vec<IpNet>,
    header: ForwardedHeader,
}

impl TrustedProxies {
    /// Trusts the proxies in `nets`, reading `header`.
    pub fn new(nets: Vec<IpNet>, header: ForwardedHeader) -> TrustedProxies {
        TrustedProxies { nets, header }
    }

    /// Reads one `--trusted-proxy` value: a network (`10.0.0.0/8`, `fd00::/8`) or a single
    /// address (`127.0.0.1`).
    pub fn parse_net(s: &str) -> Result<IpNet, ProxyError> {
        let s = s.trim();
        s.parse::<IpNet>()
            .or_else(|_| s.parse::<IpAddr>().map(IpNet::from))
            .map_err(|_| ProxyError::BadNetwork(s.to_string()))
    }

    /// Whether any proxy is trusted.
    pub fn is_empty(&self) -> bool {
        self.nets.is_empty()
    }

    /// Whether `ip` is a trusted proxy (an IPv4 address seen as IPv6, `::ffff:a.b.c.d`, counts
    /// as the IPv4 one).
    pub fn trusts(&self, ip: IpAddr) -> bool {
        let ip = ip.to_canonical();
        self.nets.iter().any(|n| n.contains(&ip))
    }

    /// The client behind a connection from `peer` with request `headers`: `peer` itself unless
    /// it is a trusted proxy, else the first untrusted hop of the forwarding header from the
    /// right (the leftmost hop if every one is trusted).
    pub fn client(&self, peer: IpAddr, headers: &HeaderMap) -> IpAddr {
        if !self.trusts(peer) {
            return peer;
        }
        let name = match self.header {
            ForwardedHeader::XForwardedFor => "x-forwarded-for",
            ForwardedHeader::Forwarded => "forwarded",
        };
        // Several header lines are one list, in order (RFC 9110, section 5.3).
        let hops: Vec<&[u8]> = headers
            .get_all(name)
            .iter()
            .flat_map(|v| v.as_bytes().split(|b| *b == b','))
            .collect();
        let mut client = peer;
        for hop in hops.iter().rev() {
            // `client` is trusted here, so what it says it heard from is believed.
            let read = match self.header {
                ForwardedHeader::XForwardedFor => x_forwarded_for_hop(hop),
                ForwardedHeader::Forwarded => forwarded_hop(hop),
            };
            let Some(ip) = read else {
                return peer;
            };
            client = ip;
            if !self.trusts(client) {
                break;
            }
        }
        client.to_canonical()
    }
}

/// One `X-Forwarded-For` hop: an address, perhaps with a port (`1.2.3.4:80`, `[::1]:80`).
fn x_forwarded_for_hop(hop: &[u8]) -> Option<IpAddr> {
    node_address(std::str::from_utf8(hop).ok()?.trim())
}

/// The `for=` of one `Forwarded` element (`for=1.2.3.4;proto=https;by=...`).
fn forwarded_hop(element: &[u8]) -> Option<IpAddr> {
    let element = std::str::from_utf8(element).ok()?;
    let value = element.split(';').find_map(|pair| {
        let (k, v) = pair.split_once('=')?;
        k.trim().eq_ignore_ascii_case("for").then(|| v.trim())
    })?;
    let value = value
        .strip_prefix('"')
        .and_then(|v| v.strip_suffix('"'))
        .unwrap_or(value);
    node_address(value)
}

/// An address as forwarding headers write it: `1.2.3.4`, `1.2.3.4:80`, `::1`, `[::1]`,
/// `[::1]:80`. Names (`unknown`, `_hidden`) are not addresses.
fn node_address(s: &str) -> Option<IpAddr> {
    if let Some(rest) = s.strip_prefix('[') {
        let (ip, after) = rest.split_once(']')?;
        let port_ok = after.is_empty() || after.strip_prefix(':').is_some_and(is_port);
        return port_ok.then(|| ip.parse().ok()).flatten();
    }
    if let Ok(ip) = s.parse() {
        return Some(ip);
    }
    let (ip, port) = s.rsplit_once(':')?;
    let ip: std::net::Ipv4Addr = ip.parse().ok()?;
    is_port(port).then_some(IpAddr::V4(ip))
}

fn is_port(s: &str) -> bool {
    s.parse::<u16>().is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn ip(s: &str) -> IpAddr {
        s.parse().unwrap()
    }

    fn proxies(nets: &[&str], header: ForwardedHeader) -> TrustedProxies {
        TrustedProxies::new(
            nets.iter()
                .map(|n| TrustedProxies::parse_net(n).unwrap())
                .collect(),
            header,
        )
    }

    fn headers(name: &'static str, lines: &[&[u8]]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for l in lines {
            h.append(name, HeaderValue::from_bytes(l).unwrap());
        }
        h
    }

    #[test]
    fn an_untrusted_peer_is_the_client_whatever_it_sends() {
        let p = proxies(&["10.0.0.0/8"], ForwardedHeader::XForwardedFor);
        let h = headers("x-forwarded-for", &[b"1.2.3.4"]);
        assert_eq!(p.client(ip("192.0.2.7"), &h), ip("192.0.2.7"));
        let nobody = TrustedProxies::default();
        assert!(nobody.is_empty());
        assert_eq!(nobody.client(ip("10.0.0.1"), &h), ip("10.0.0.1"));
    }

    #[test]
    fn the_chain_is_walked_from_the_right_past_trusted_hops() {
        let p = proxies(&["10.0.0.0/8", "127.0.0.1"], ForwardedHeader::XForwardedFor);
        // The client's own claim (6.6.6.6) is to the left of what the proxies saw.
        let h = headers("x-forwarded-for", &[b"6.6.6.6, 198.51.100.9, 10.1.1.1"]);
        assert_eq!(p.client(ip("127.0.0.1"), &h), ip("198.51.100.9"));
        // Several lines are one list.
        let h = headers(
            "x-forwarded-for",
            &[b"6.6.6.6", b"198.51.100.9", b"10.1.1.1"],
        );
        assert_eq!(p.client(ip("127.0.0.1"), &h), ip("198.51.100.9"));
        // Every hop trusted: the leftmost.
        let h = headers("x-forwarded-for", &[b"10.9.9.9, 10.1.1.1"]);
        assert_eq!(p.client(ip("127.0.0.1"), &h), ip("10.9.9.9"));
        // No header: the proxy itself.
        assert_eq!(
            p.client(ip("127.0.0.1"), &HeaderMap::new()),
            ip("127.0.0.1")
        );
        // IPv6, ports, and IPv4 seen as IPv6.
        let h = headers("x-forwarded-for", &[b"[2001:db8::5]:4711"]);
        assert_eq!(p.client(ip("::ffff:127.0.0.1"), &h), ip("2001:db8::5"));
        let h = headers("x-forwarded-for", &[b"203.0.113.5:443"]);
        assert_eq!(p.client(ip("127.0.0.1"), &h), ip("203.0.113.5"));
    }

    #[test]
    fn garbage_where_the_walk_reaches_it_gives_the_peer_and_never_panics() {
        let p = proxies(&["127.0.0.0/8"], ForwardedHeader::XForwardedFor);
        let peer = ip("127.0.0.1");
        for bad in [
            &b"unknown"[..],
            b"",
            b" , ",
            b"1.2.3.4.5",
            b"[::1",
            b"[::1]:99999",
            b"1.2.3.4:x",
            b"\xff\xfe",
            b"::1:80:80:80:80:80:80:80:80",
        ] {
            let h = headers("x-forwarded-for", &[bad]);
            assert_eq!(p.client(peer, &h), peer, "{bad:?}");
        }
        // Garbage a client wrote to the left of its real address is never read.
        let h = headers("x-forwarded-for", &[b"\xff garbage, 198.51.100.9"]);
        assert_eq!(p.client(peer, &h), ip("198.51.100.9"));
    }

    #[test]
    fn forwarded_is_read_when_chosen_and_only_then() {
        let p = proxies(&["127.0.0.1"], ForwardedHeader::Forwarded);
        let h = headers(
            "forwarded",
            &[b"for=6.6.6.6, For=\"[2001:db8:cafe::17]:4711\";proto=https;by=127.0.0.1"],
        );
        assert_eq!(p.client(ip("127.0.0.1"), &h), ip("2001:db8:cafe::17"));
        let h = headers("forwarded", &[b"for=192.0.2.60;proto=http"]);
        assert_eq!(p.client(ip("127.0.0.1"), &h), ip("192.0.2.60"));
        let h = headers("forwarded", &[b"for=\"192.0.2.60:8080\""]);
        assert_eq!(p.client(ip("127.0.0.1"), &h), ip("192.0.2.60"));
        for bad in [&b"for=unknown"[..], b"for=_hidden", b"proto=https", b"for"] {
            let h = headers("forwarded", &[bad]);
            assert_eq!(p.client(ip("127.0.0.1"), &h), ip("127.0.0.1"), "{bad:?}");
        }
        // A proxy set to write X-Forwarded-For passes a client's Forwarded on untouched: with
        // X-Forwarded-For chosen, that Forwarded is ignored.
        let x = proxies(&["127.0.0.1"], ForwardedHeader::XForwardedFor);
        let mut h = headers("forwarded", &[b"for=6.6.6.6"]);
        h.append("x-forwarded-for", HeaderValue::from_static("198.51.100.9"));
        assert_eq!(x.client(ip("127.0.0.1"), &h), ip("198.51.100.9"));
    }

    #[test]
    fn networks_and_headers_parse_or_say_why() {
        assert!(TrustedProxies::parse_net("10.0.0.0/8").is_ok());
        assert!(TrustedProxies::parse_net("::1").is_ok());
        assert!(TrustedProxies::parse_net(" 127.0.0.1 ").is_ok());
        assert!(matches!(
            TrustedProxies::parse_net("10.0.0.0/33"),
            Err(ProxyError::BadNetwork(_))
        ));
        assert!(TrustedProxies::parse_net("proxy.local").is_err());
        assert_eq!(
            "X-Forwarded-For".parse::<ForwardedHeader>(),
            Ok(ForwardedHeader::XForwardedFor)
        );
        assert_eq!("forwarded".parse(), Ok(ForwardedHeader::Forwarded));
        assert!("x-real-ip".parse::<ForwardedHeader>().is_err());
    }
}
