//! TLS served directly (`acey serve --tls-cert FILE --tls-key FILE`), so that a small site needs
//! no reverse proxy in front of it.
//!
//! The certificate chain and the private key are read from PEM files once, at start-up
//! ([`Tls::from_pem_files`]); every problem with them is a [`TlsError`] that names the file.
//! [`TlsListener`] sits between the gate ([`GatedListener`]: the connection caps and the
//! silence deadline still apply to the raw socket) and axum: each accepted connection's
//! handshake runs in a task of its own, so a slow or silent client never holds up the others,
//! and only finished handshakes reach the HTTP server.

use std::io;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use tokio::sync::mpsc;
use tokio_rustls::rustls::pki_types::pem::PemObject;
use tokio_rustls::rustls::pki_types::{CertificateDer, PrivateKeyDer};
use tokio_rustls::rustls::{self, ServerConfig};
use tokio_rustls::server::TlsStream;
use tokio_rustls::TlsAcceptor;

use crate::gate::{GatedIo, GatedListener, PeerAddr};

/// Why the certificate or the key cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum TlsError {
    /// The file could not be read.
    #[error("cannot read {what} file {path}: {reason}")]
    Read {
        /// `certificate` or `key`.
        what: &'static str,
        /// The file.
        path: PathBuf,
        /// What the operating system said.
        reason: io::Error,
    },
    /// The certificate file holds no PEM certificate (or a broken one).
    #[error("{0} holds no PEM certificate (-----BEGIN CERTIFICATE-----)")]
    NoCertificate(PathBuf),
    /// The key file holds no PEM private key (or a broken one).
    #[error("{0} holds no PEM private key (PKCS#8, PKCS#1 or SEC1)")]
    NoKey(PathBuf),
    /// rustls refused the pair (a key that does not match the certificate, an unsupported key).
    #[error("the certificate {cert} and the key {key} cannot be used together: {reason}")]
    Refused {
        /// The certificate file.
        cert: PathBuf,
        /// The key file.
        key: PathBuf,
        /// What rustls said.
        reason: rustls::Error,
    },
}

/// A certificate chain and its key, ready to serve.
#[derive(Clone)]
pub struct Tls {
    acceptor: TlsAcceptor,
}

impl std::fmt::Debug for Tls {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Tls")
    }
}

impl Tls {
    /// Reads the certificate chain (leaf first, as certificate authorities ship it) and the
    /// private key from PEM files, and checks that they belong together.
    pub fn from_pem_files(cert: &Path, key: &Path) -> Result<Tls, TlsError> {
        let read = |what, path: &Path| {
            std::fs::read(path).map_err(|reason| TlsError::Read {
                what,
                path: path.to_path_buf(),
                reason,
            })
        };
        let cert_pem = read("certificate", cert)?;
        let key_pem = read("key", key)?;
        let chain: Vec<CertificateDer<'static>> = CertificateDer::pem_slice_iter(&cert_pem)
            .collect::<Result<_, _>>()
            .map_err(|_| TlsError::NoCertificate(cert.to_path_buf()))?;
        if chain.is_empty() {
            return Err(TlsError::NoCertificate(cert.to_path_buf()));
        }
        let private = PrivateKeyDer::from_pem_slice(&key_pem)
            .map_err(|_| TlsError::NoKey(key.to_path_buf()))?;
        let refused = |reason| TlsError::Refused {
            cert: cert.to_path_buf(),
            key: key.to_path_buf(),
            reason,
        };
        // ring is the one provider compiled in; named here so nothing depends on a process-wide
        // default being installed.
        // ring builds with a C compiler alone (aws-lc-rs needs more); its only lack, the
        // post-quantum key exchange rustls now prefers, is no loss for a game server.
        #[allow(deprecated)]
        let provider = Arc::new(rustls::crypto::ring::default_provider());
        let mut config = ServerConfig::builder_with_provider(provider)
            .with_safe_default_protocol_versions()
            .map_err(refused)?
            .with_no_client_auth()
            .with_single_cert(chain, private)
            .map_err(refused)?;
        // HTTP/1.1 only: the WebSocket upgrade is an HTTP/1.1 request.
        config.alpn_protocols = vec![b"http/1.1".to_vec()];
        Ok(Tls {
            acceptor: TlsAcceptor::from(Arc::new(config)),
        })
    }
}

/// Finished handshakes waiting for the HTTP server to take them.
const READY: usize = 64;

/// The listener axum serves over TLS: connections from the gate, each after its handshake.
pub struct TlsListener {
    ready: mpsc::Receiver<(TlsStream<GatedIo>, SocketAddr)>,
    local: SocketAddr,
}

impl TlsListener {
    /// Starts accepting from `gate` (on the current runtime); a handshake that takes longer
    /// than `handshake_timeout` is dropped.
    pub fn new(mut gate: GatedListener, tls: Tls, handshake_timeout: Duration) -> TlsListener {
        use axum::serve::Listener;
        let local = gate
            .local_addr()
            .unwrap_or_else(|_| SocketAddr::from(([0, 0, 0, 0], 0)));
        let (tx, ready) = mpsc::channel(READY);
        tokio::spawn(async move {
            loop {
                let (io, addr) = tokio::select! {
                    accepted = gate.accept() => accepted,
                    // The server stopped: stop accepting.
                    () = tx.closed() => return,
                };
                let acceptor = tls.acceptor.clone();
                let tx = tx.clone();
                tokio::spawn(async move {
                    match tokio::time::timeout(handshake_timeout, acceptor.accept(io)).await {
                        Ok(Ok(stream)) => {
                            let _ = tx.send((stream, addr)).await;
                        }
                        Ok(Err(e)) => {
                            tracing::debug!(peer = %addr, error = %e, "TLS handshake failed")
                        }
                        Err(_) => tracing::debug!(peer = %addr, "TLS handshake timed out"),
                    }
                });
            }
        });
        TlsListener { ready, local }
    }
}

impl axum::serve::Listener for TlsListener {
    type Io = TlsStream<GatedIo>;
    type Addr = SocketAddr;

    async fn accept(&mut self) -> (Self::Io, SocketAddr) {
        match self.ready.recv().await {
            Some(ready) => ready,
            // The accepting task is gone only once the server stops: nothing more comes.
            None => std::future::pending().await,
        }
    }

    fn local_addr(&self) -> io::Result<SocketAddr> {
        Ok(self.local)
    }
}

impl axum::extract::connect_info::Connected<axum::serve::IncomingStream<'_, TlsListener>>
    for PeerAddr
{
    fn connect_info(stream: axum::serve::IncomingStream<'_, TlsListener>) -> Self {
        PeerAddr(*stream.remote_addr())
    }
}

/// Marks a request that came over this server's own TLS as HTTPS (`X-Forwarded-Proto: https`,
/// whatever the client wrote there), so that what depends on the scheme (the session cookie's
/// `Secure` flag) sees it as behind a TLS proxy.
pub async fn mark_https(mut request: axum::extract::Request) -> axum::extract::Request {
    request.headers_mut().insert(
        "x-forwarded-proto",
        axum::http::HeaderValue::from_static("https"),
    );
    request
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn missing_and_bad_files_are_named_in_the_error() {
        let dir = tempfile::tempdir().unwrap();
        let missing = dir.path().join("missing.pem");
        let e = Tls::from_pem_files(&missing, &missing).unwrap_err();
        assert!(
            e.to_string().contains("cannot read certificate file"),
            "{e}"
        );
        assert!(e.to_string().contains("missing.pem"), "{e}");
        let junk = dir.path().join("junk.pem");
        std::fs::write(&junk, "not a certificate").unwrap();
        let e = Tls::from_pem_files(&junk, &junk).unwrap_err();
        assert!(matches!(e, TlsError::NoCertificate(_)), "{e}");
    }
}
