//! The gate every connection passes: caps on open connections (per address and in all), and a
//! deadline on silence at the socket itself, before any HTTP or WebSocket code runs.
//!
//! A connection must get its first answer within the handshake timeout (so a silent TCP
//! connection or a slowloris request is dropped), and after that something must be written to it
//! at least once per idle timeout (an idle HTTP keep-alive is dropped; a WebSocket is pinged more
//! often than that, and its own pong deadline finds a dead client). The per-address state also
//! holds the buckets that limit what one address does across its connections.
//!
//! Behind a trusted reverse proxy ([`crate::proxy`]) the TCP peer is the proxy: the gate then
//! holds it to the global cap only, and a WebSocket is counted against its real client's
//! per-address cap when its upgrade request names that client ([`Peers::admit_forwarded`]).

use std::collections::HashMap;
use std::future::Future;
use std::io;
use std::net::{IpAddr, SocketAddr};
use std::pin::Pin;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::Duration;

use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::time::{Instant, Sleep};

use crate::limits::{Bucket, Limits};
use crate::metrics::Metrics;
use crate::proxy::TrustedProxies;

/// What the server knows of one address.
struct Peer {
    connections: usize,
    messages: Bucket,
    creates: Bucket,
    logins: Bucket,
    analyses: Bucket,
}

/// Every address with open connections or recent use.
pub struct Peers {
    peers: Mutex<HashMap<IpAddr, Peer>>,
    open: AtomicUsize,
    limits: Limits,
    max_connections: usize,
    proxies: TrustedProxies,
}

impl Peers {
    /// The registry, with the global cap already worked out, and the proxies whose forwarding
    /// headers name the real clients.
    pub fn new(limits: Limits, max_connections: usize, proxies: TrustedProxies) -> Arc<Peers> {
        Arc::new(Peers {
            peers: Mutex::new(HashMap::new()),
            open: AtomicUsize::new(0),
            limits,
            max_connections,
            proxies,
        })
    }

    /// The client address of a request that came over a connection from `peer`: the peer, or
    /// the client a trusted proxy names in its forwarding header.
    pub fn client(&self, peer: IpAddr, headers: &axum::http::HeaderMap) -> IpAddr {
        self.proxies.client(peer, headers)
    }

    fn with<T>(&self, ip: IpAddr, f: impl FnOnce(&mut Peer) -> T) -> T {
        let mut peers = self.peers.lock().unwrap_or_else(|e| e.into_inner());
        let l = &self.limits;
        let peer = peers.entry(ip).or_insert_with(|| Peer {
            connections: 0,
            messages: Bucket::new(l.ip_rate_per_sec, l.ip_burst),
            creates: Bucket::new(l.creates_per_minute / 60.0, l.create_burst),
            logins: Bucket::new(l.logins_per_minute / 60.0, l.logins_per_minute.max(1.0)),
            analyses: Bucket::new(
                l.analyses_per_hour / 3600.0,
                (l.analyses_per_hour / 10.0).max(3.0),
            ),
        });
        f(peer)
    }

    /// Lets a new connection from `ip` in, or says which cap stops it.
    fn admit(self: &Arc<Self>, ip: IpAddr) -> Result<Guard, &'static str> {
        if self.open.load(Ordering::Relaxed) >= self.max_connections {
            return Err("the server's connection cap");
        }
        // A trusted proxy carries many clients: each WebSocket's client is counted at its
        // upgrade instead.
        let per_address = !self.proxies.trusts(ip);
        if per_address {
            self.take_place(ip)?;
        }
        self.open.fetch_add(1, Ordering::Relaxed);
        Ok(Guard {
            peers: Arc::clone(self),
            ip,
            in_all: true,
            per_address,
        })
    }

    /// Counts a WebSocket that came through a trusted proxy against its client's per-address
    /// cap (its connection is already counted in all, at the proxy's accept). `None` when the
    /// connection did not come through a proxy (its peer was counted at accept).
    pub fn admit_forwarded(
        self: &Arc<Self>,
        peer: IpAddr,
        client: IpAddr,
    ) -> Option<Result<ClientPlace, &'static str>> {
        if !self.proxies.trusts(peer) {
            return None;
        }
        Some(self.take_place(client).map(|()| ClientPlace {
            _guard: Guard {
                peers: Arc::clone(self),
                ip: client,
                in_all: false,
                per_address: true,
            },
        }))
    }

    fn take_place(&self, ip: IpAddr) -> Result<(), &'static str> {
        let per_ip = self.limits.max_connections_per_ip;
        self.with(ip, |p| {
            if p.connections >= per_ip {
                return Err("the per-address connection cap");
            }
            p.connections += 1;
            Ok(())
        })
    }

    /// One message from `ip`, against the address's rate over all its connections.
    pub fn take_message(&self, ip: IpAddr) -> bool {
        self.with(ip, |p| p.messages.take())
    }

    /// One new game from `ip`, against the address's creation rate.
    pub fn take_create(&self, ip: IpAddr) -> bool {
        self.with(ip, |p| p.creates.take())
    }

    /// One login or registration attempt from `ip`, against the address's login rate.
    pub fn take_login(&self, ip: IpAddr) -> bool {
        self.with(ip, |p| p.logins.take())
    }

    /// One game analysis asked for by `ip`, against the address's analysis rate.
    pub fn take_analysis(&self, ip: IpAddr) -> bool {
        self.with(ip, |p| p.analyses.take())
    }

    /// Open connections now.
    pub fn open(&self) -> usize {
        self.open.load(Ordering::Relaxed)
    }

    /// Forgets addresses with no connection whose buckets are full again (so the map holds only
    /// addresses in use or recently so).
    pub fn prune(&self) {
        let mut peers = self.peers.lock().unwrap_or_else(|e| e.into_inner());
        peers.retain(|_, p| {
            p.connections > 0
                || !(p.messages.is_full()
                    && p.creates.is_full()
                    && p.logins.is_full()
                    && p.analyses.is_full())
        });
    }
}

/// Holds a connection's place under the caps; dropping it frees the place.
struct Guard {
    peers: Arc<Peers>,
    ip: IpAddr,
    /// Counted under the global cap (every accepted TCP connection is).
    in_all: bool,
    /// Counted under its address's cap.
    per_address: bool,
}

impl Drop for Guard {
    fn drop(&mut self) {
        if self.in_all {
            self.peers.open.fetch_sub(1, Ordering::Relaxed);
        }
        if self.per_address {
            self.peers
                .with(self.ip, |p| p.connections = p.connections.saturating_sub(1));
        }
    }
}

/// A WebSocket's place under its real client's per-address cap, behind a trusted proxy; held
/// for as long as the WebSocket is served.
pub struct ClientPlace {
    _guard: Guard,
}

/// The listener: accepts, applies the caps (a refused connection is closed at once and
/// counted), and wraps each socket in its silence deadline.
pub struct GatedListener {
    inner: TcpListener,
    peers: Arc<Peers>,
    metrics: Arc<Metrics>,
    limits: Limits,
    /// Refusals not logged yet: a flood is logged once a second with its count, not once per
    /// connection (which would let an attacker fill the log).
    unlogged: u64,
    logged_at: Option<Instant>,
}

impl GatedListener {
    /// Wraps a bound listener.
    pub fn new(
        inner: TcpListener,
        peers: Arc<Peers>,
        metrics: Arc<Metrics>,
        limits: Limits,
    ) -> Self {
        GatedListener {
            inner,
            peers,
            metrics,
            limits,
            unlogged: 0,
            logged_at: None,
        }
    }
}

impl axum::serve::Listener for GatedListener {
    type Io = GatedIo;
    type Addr = SocketAddr;

    async fn accept(&mut self) -> (GatedIo, SocketAddr) {
        loop {
            let (tcp, addr) = match self.inner.accept().await {
                Ok(x) => x,
                Err(e) => {
                    // Out of descriptors or a connection reset before it was accepted: wait a
                    // little rather than spin.
                    tracing::warn!(error = %e, "accept failed");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            };
            match self.peers.admit(addr.ip()) {
                Ok(guard) => {
                    // No Nagle delay: moves are small messages that must leave at once.
                    let _ = tcp.set_nodelay(true);
                    Metrics::count(&self.metrics.connections_total);
                    tracing::debug!(peer = %addr, "connection");
                    return (
                        GatedIo::new(tcp, guard, &self.limits, Arc::clone(&self.metrics)),
                        addr,
                    );
                }
                Err(cap) => {
                    Metrics::count(&self.metrics.connections_refused);
                    drop(tcp);
                    self.unlogged += 1;
                    let due = self
                        .logged_at
                        .is_none_or(|t| t.elapsed() >= Duration::from_secs(1));
                    if due {
                        tracing::warn!(peer = %addr, cap, refused = self.unlogged, "connections refused");
                        self.unlogged = 0;
                        self.logged_at = Some(Instant::now());
                    }
                }
            }
        }
    }

    fn local_addr(&self) -> io::Result<SocketAddr> {
        self.inner.local_addr()
    }
}

/// The remote address of a connection, for handlers (`ConnectInfo<PeerAddr>`).
#[derive(Debug, Clone, Copy)]
pub struct PeerAddr(pub SocketAddr);

impl axum::extract::connect_info::Connected<axum::serve::IncomingStream<'_, GatedListener>>
    for PeerAddr
{
    fn connect_info(stream: axum::serve::IncomingStream<'_, GatedListener>) -> Self {
        PeerAddr(*stream.remote_addr())
    }
}

/// A socket that fails its reads once nothing was written to it for too long.
pub struct GatedIo {
    tcp: TcpStream,
    _guard: Guard,
    deadline: Pin<Box<Sleep>>,
    idle: Duration,
    metrics: Arc<Metrics>,
}

impl GatedIo {
    fn new(tcp: TcpStream, guard: Guard, limits: &Limits, metrics: Arc<Metrics>) -> GatedIo {
        GatedIo {
            tcp,
            _guard: guard,
            deadline: Box::pin(tokio::time::sleep(limits.handshake_timeout)),
            idle: limits.idle_timeout,
            metrics,
        }
    }
}

impl GatedIo {
    /// Something was written: the connection has until one idle timeout from now.
    fn wrote(&mut self, r: &Poll<io::Result<usize>>) {
        if matches!(r, Poll::Ready(Ok(n)) if *n > 0) {
            let next = Instant::now() + self.idle;
            self.deadline.as_mut().reset(next);
        }
    }
}

impl AsyncRead for GatedIo {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        if self.deadline.as_mut().poll(cx).is_ready() {
            Metrics::count(&self.metrics.timeouts);
            return Poll::Ready(Err(io::Error::new(
                io::ErrorKind::TimedOut,
                "connection silent too long",
            )));
        }
        Pin::new(&mut self.tcp).poll_read(cx, buf)
    }
}

impl AsyncWrite for GatedIo {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        data: &[u8],
    ) -> Poll<io::Result<usize>> {
        let r = Pin::new(&mut self.tcp).poll_write(cx, data);
        self.wrote(&r);
        r
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.tcp).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.tcp).poll_shutdown(cx)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let r = Pin::new(&mut self.tcp).poll_write_vectored(cx, bufs);
        self.wrote(&r);
        r
    }

    fn is_write_vectored(&self) -> bool {
        self.tcp.is_write_vectored()
    }
}

/// The cap on open connections in all: `limits.max_connections`, or else what the
/// file-descriptor limit allows after raising its soft value to the hard one where permitted,
/// keeping room for the database and the process's other files.
pub fn connection_cap(limits: &Limits) -> usize {
    if limits.max_connections > 0 {
        return limits.max_connections;
    }
    let soft = match rlimit::increase_nofile_limit(u64::MAX) {
        Ok(n) => n,
        Err(_) => rlimit::getrlimit(rlimit::Resource::NOFILE).map_or(1024, |(s, _)| s),
    };
    let reserve = 64 + soft / 20;
    soft.saturating_sub(reserve).clamp(16, 100_000) as usize
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn caps_hold_per_address_and_in_all_and_free_on_drop() {
        let limits = Limits {
            max_connections_per_ip: 2,
            ..Limits::default()
        };
        let peers = Peers::new(limits, 3, TrustedProxies::default());
        let a: IpAddr = "127.0.0.2".parse().unwrap();
        let b: IpAddr = "127.0.0.3".parse().unwrap();
        let a1 = peers.admit(a).unwrap();
        let _a2 = peers.admit(a).unwrap();
        assert!(peers.admit(a).is_err(), "a third from one address");
        let _b1 = peers.admit(b).unwrap();
        assert!(peers.admit(b).is_err(), "the global cap of 3");
        drop(a1);
        assert_eq!(peers.open(), 2);
        assert!(
            peers.admit(a).is_ok(),
            "a place freed by a closed connection"
        );
    }

    #[test]
    fn a_trusted_proxy_is_held_to_the_global_cap_and_its_clients_each_to_theirs() {
        let limits = Limits {
            max_connections_per_ip: 2,
            ..Limits::default()
        };
        let proxy: IpAddr = "127.0.0.1".parse().unwrap();
        let nets = vec![crate::proxy::TrustedProxies::parse_net("127.0.0.1").unwrap()];
        let proxies = TrustedProxies::new(nets, Default::default());
        let peers = Peers::new(limits, 5, proxies);
        let held: Vec<Guard> = (0..5).map(|_| peers.admit(proxy).unwrap()).collect();
        assert!(peers.admit(proxy).is_err(), "the global cap still holds");
        let a: IpAddr = "198.51.100.1".parse().unwrap();
        let b: IpAddr = "198.51.100.2".parse().unwrap();
        let a1 = peers.admit_forwarded(proxy, a).unwrap().unwrap();
        let _a2 = peers.admit_forwarded(proxy, a).unwrap().unwrap();
        assert!(peers.admit_forwarded(proxy, a).unwrap().is_err());
        assert!(peers.admit_forwarded(proxy, b).unwrap().is_ok());
        assert!(peers.admit_forwarded(a, a).is_none(), "not through a proxy");
        drop(a1);
        assert!(peers.admit_forwarded(proxy, a).unwrap().is_ok());
        assert_eq!(peers.open(), 5, "forwarded places are not counted twice");
        drop(held);
        assert_eq!(peers.open(), 0);
    }

    #[test]
    fn the_cap_leaves_room_below_the_descriptor_limit() {
        let cap = connection_cap(&Limits::default());
        let (soft, _) = rlimit::getrlimit(rlimit::Resource::NOFILE).unwrap();
        assert!(
            cap as u64 <= soft.saturating_sub(64).max(16),
            "{cap} of {soft}"
        );
    }
}
