//! TLS end to end: `acey serve --tls-cert --tls-key` with a certificate authority and a server
//! certificate this test makes (rcgen), and `acey play --online https://localhost:PORT`
//! trusting that authority through `SSL_CERT_FILE`: an account logs in over HTTPS, a guest
//! joins over WSS, and they play. A client that does not trust the authority is refused with a
//! reason, and missing or bad certificate files stop `acey serve` with a usage error.

mod common;

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use common::duo::{play_until, until, Player};
use common::{assert_usage_error, free_port, temp_dir, Acey, Running};

const LONG: Duration = Duration::from_secs(60);

/// Files the test made: the authority's certificate, and the server's chain and key.
struct Certs {
    ca: PathBuf,
    cert: PathBuf,
    key: PathBuf,
}

/// A certificate authority and a certificate for `localhost` and 127.0.0.1 signed by it.
fn make_certs(dir: &Path) -> Certs {
    use rcgen::{BasicConstraints, CertificateParams, DnType, IsCa, Issuer, KeyPair};
    let ca_key = KeyPair::generate().unwrap();
    let mut ca_params = CertificateParams::new(Vec::<String>::new()).unwrap();
    ca_params.is_ca = IsCa::Ca(BasicConstraints::Unconstrained);
    ca_params
        .distinguished_name
        .push(DnType::CommonName, "acey test authority");
    let ca_cert = ca_params.self_signed(&ca_key).unwrap();
    let issuer = Issuer::new(ca_params, ca_key);
    let key = KeyPair::generate().unwrap();
    let mut params =
        CertificateParams::new(vec!["localhost".to_string(), "127.0.0.1".to_string()]).unwrap();
    params
        .distinguished_name
        .push(DnType::CommonName, "localhost");
    let cert = params.signed_by(&key, &issuer).unwrap();
    let certs = Certs {
        ca: dir.join("ca.pem"),
        cert: dir.join("cert.pem"),
        key: dir.join("key.pem"),
    };
    std::fs::write(&certs.ca, ca_cert.pem()).unwrap();
    std::fs::write(&certs.cert, cert.pem()).unwrap();
    std::fs::write(&certs.key, key.serialize_pem()).unwrap();
    certs
}

/// `acey serve` over TLS on a free port; the process and its port.
fn serve_tls(dir: &Path, certs: &Certs) -> (Running, u16) {
    let port = free_port();
    let mut s = Acey::new(["serve", "--addr", &format!("127.0.0.1:{port}"), "--db"])
        .arg(dir.join("acey.db"))
        .arg("--tls-cert")
        .arg(&certs.cert)
        .arg("--tls-key")
        .arg(&certs.key)
        .spawn();
    let first = s.next_line().unwrap_or_default();
    assert_eq!(
        first,
        format!("acey is serving at https://127.0.0.1:{port}/"),
        "{}",
        s.stderr()
    );
    (s, port)
}

/// `POST /api/accounts` over TLS, trusting only the test's authority: the status line.
fn register(port: u16, ca: &Path, name: &str, password: &str) -> String {
    use rustls::pki_types::pem::PemObject;
    let mut roots = rustls::RootCertStore::empty();
    for c in rustls::pki_types::CertificateDer::pem_file_iter(ca).unwrap() {
        roots.add(c.unwrap()).unwrap();
    }
    // The provider the client itself uses (see src/play/online/tls.rs).
    #[allow(deprecated)]
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let config = rustls::ClientConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .unwrap()
        .with_root_certificates(roots)
        .with_no_client_auth();
    let conn =
        rustls::ClientConnection::new(Arc::new(config), "localhost".try_into().unwrap()).unwrap();
    let tcp = std::net::TcpStream::connect(("127.0.0.1", port)).unwrap();
    let mut tls = rustls::StreamOwned::new(conn, tcp);
    let body = serde_json::json!({"name": name, "password": password}).to_string();
    write!(
        tls,
        "POST /api/accounts HTTP/1.1\r\nHost: localhost:{port}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut reply = Vec::new();
    let _ = tls.read_to_end(&mut reply);
    String::from_utf8_lossy(&reply)
        .lines()
        .next()
        .unwrap_or_default()
        .to_string()
}

/// `acey play --online https://localhost:PORT --plain` with `more` arguments, trusting `ca`.
fn terminal(port: u16, ca: &Path, data: &Path, name: &str, more: &[&str]) -> Player {
    let t = Acey::new([
        "play",
        "--online",
        &format!("https://localhost:{port}"),
        "--plain",
    ])
    .args(more)
    .env("SSL_CERT_FILE", ca)
    .env_remove("SSL_CERT_DIR")
    .env("XDG_DATA_HOME", data)
    .env("ACEY_PASSWORD", "a good password")
    .english()
    .timeout(LONG)
    .spawn();
    Player::new(t, name)
}

#[test]
fn terminals_log_in_and_play_over_tls_against_acey_serve_with_a_certificate() {
    let dir = temp_dir();
    let certs = make_certs(dir.path());
    let (_server, port) = serve_tls(dir.path(), &certs);
    let status = register(port, &certs.ca, "Tess", "a good password");
    assert!(status.contains(" 201 "), "{status}");
    let data = temp_dir();
    let mut a = terminal(port, &certs.ca, data.path(), "Tess", &["--login", "tess"]);
    let mut b = terminal(port, &certs.ca, data.path(), "guest", &["--name", "guest"]);
    until(&mut a, "as the account", LONG, |l| {
        l.starts_with("Welcome, Tess.")
    });
    assert!(a.t.has(&format!("Connected to https://localhost:{port}.")));
    until(&mut a, "with the lobby", LONG, |l| l.starts_with("> lobby"));
    until(&mut b, "with the lobby", LONG, |l| l.starts_with("> lobby"));
    a.t.send("challenge");
    until(&mut b, "with the challenge", LONG, |l| {
        l.starts_with("New challenge: Tess")
    });
    b.t.send("accept 1");
    let joined = until(&mut a, "in the game", LONG, |l| {
        l.starts_with("Joined game")
    });
    assert!(joined.contains("X Tess (you) vs O guest"), "{joined}");
    play_until(&mut a, &mut b, "two plays each", LONG, |a, b| {
        a.made >= 2 && b.made >= 2
    });
    a.t.send("quit");
    b.t.send("quit");
}

#[test]
fn an_untrusted_certificate_and_bad_certificate_files_are_refused_with_a_reason() {
    let dir = temp_dir();
    let certs = make_certs(dir.path());
    let (_server, port) = serve_tls(dir.path(), &certs);
    // The client trusts another authority only: the handshake fails and says why.
    let other = temp_dir();
    let stranger = make_certs(other.path());
    let o = Acey::new([
        "play",
        "--online",
        &format!("https://localhost:{port}"),
        "--plain",
    ])
    .env("SSL_CERT_FILE", &stranger.ca)
    .env_remove("SSL_CERT_DIR")
    .env("XDG_DATA_HOME", other.path())
    .english()
    .output();
    let err = common::assert_exit_code(&o, 1);
    assert!(err.contains("certificate"), "{err}");
    assert!(!err.contains("panicked"), "{err}");

    // acey serve: a missing file, a file that is not a certificate, a key of another
    // certificate.
    let missing = dir.path().join("missing.pem");
    let serve = |cert: &Path, key: &Path| {
        Acey::new(["serve", "--addr", "127.0.0.1:0", "--db"])
            .arg(dir.path().join("other.db"))
            .arg("--tls-cert")
            .arg(cert)
            .arg("--tls-key")
            .arg(key)
            .output()
    };
    assert_usage_error(&serve(&missing, &certs.key), "cannot read certificate file");
    assert_usage_error(&serve(&certs.cert, &missing), "cannot read key file");
    assert_usage_error(&serve(&certs.key, &certs.key), "holds no PEM certificate");
    assert_usage_error(&serve(&certs.cert, &certs.cert), "holds no PEM private key");
    assert_usage_error(
        &serve(&certs.cert, &stranger.key),
        "cannot be used together",
    );
    let o = Acey::new(["serve", "--tls-cert"]).arg(&certs.cert).output();
    common::assert_exit_code(&o, 2);
}
