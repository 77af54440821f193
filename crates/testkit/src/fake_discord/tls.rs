//! The way in for serenity's ratelimiter. With the ratelimiter on, serenity 0.12 builds
//! every request for `https://discord.com` and ignores its own proxy setting, so the
//! bot's HTTP client is given the fake as an HTTP proxy (`client_for` in the bot's
//! `discord/startup.rs`): it asks the
//! fake to `CONNECT` to discord.com, and the fake answers inside that tunnel as
//! discord.com, with a self-signed certificate (`crates/testkit/assets/fake-discord-tls/`) the client
//! is told to accept. Plain requests (no tunnel) are served as before.

use std::sync::{Arc, OnceLock};
use tokio_rustls::TlsAcceptor;
use tokio_rustls::rustls::{self, pki_types};

const CERT: &[u8] = include_bytes!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/assets/fake-discord-tls/cert.der"
));
const KEY: &[u8] = include_bytes!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/assets/fake-discord-tls/key.der"
));

/// The TLS side of the fake's tunnel, built once.
pub(super) fn acceptor() -> TlsAcceptor {
    static ACCEPTOR: OnceLock<TlsAcceptor> = OnceLock::new();
    ACCEPTOR
        .get_or_init(|| {
            let provider = Arc::new(rustls::crypto::ring::default_provider());
            let config = rustls::ServerConfig::builder_with_provider(provider)
                .with_safe_default_protocol_versions()
                .expect("ring supports the default TLS versions")
                .with_no_client_auth()
                .with_single_cert(
                    vec![pki_types::CertificateDer::from(CERT)],
                    pki_types::PrivateKeyDer::Pkcs8(KEY.into()),
                )
                .expect("the fake's certificate and key match");
            TlsAcceptor::from(Arc::new(config))
        })
        .clone()
}
