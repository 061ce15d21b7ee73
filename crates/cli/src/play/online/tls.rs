//! TLS for `https://` and `wss://` servers: rustls with ring, trusting the system's root
//! certificates as rustls-native-certs finds them (the platform's store; on Linux the
//! distribution's bundle, or the files `SSL_CERT_FILE` and `SSL_CERT_DIR` name instead). One
//! configuration serves the login over HTTPS and every WebSocket, reconnections included.

use std::sync::{Arc, OnceLock};

use rustls::ClientConfig;

use crate::i18n::t;

/// The client configuration, built once (reading the roots takes a few milliseconds); an error
/// says why no server could be trusted, in the player's language.
pub fn config() -> Result<Arc<ClientConfig>, String> {
    static CONFIG: OnceLock<Result<Arc<ClientConfig>, String>> = OnceLock::new();
    CONFIG.get_or_init(build).clone()
}

fn build() -> Result<Arc<ClientConfig>, String> {
    let found = rustls_native_certs::load_native_certs();
    let mut roots = rustls::RootCertStore::empty();
    let (added, _) = roots.add_parsable_certificates(found.certs);
    if added == 0 {
        let reasons: Vec<String> = found.errors.iter().map(|e| e.to_string()).collect();
        return Err(t!(
            "term-error-no-roots",
            reason = if reasons.is_empty() {
                "-".to_string()
            } else {
                reasons.join("; ")
            }
        ));
    }
    // ring builds with a C compiler alone (aws-lc-rs needs more); its only lack, the
    // post-quantum key exchange rustls now prefers, is no loss for a game server.
    #[allow(deprecated)]
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let config = ClientConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .map_err(|e| e.to_string())?
        .with_root_certificates(roots)
        .with_no_client_auth();
    Ok(Arc::new(config))
}
