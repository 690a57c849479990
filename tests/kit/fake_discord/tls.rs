//! The fake as `https://discord.com`: the same REST API over TLS on a second loopback port,
//! with a certificate for `discord.com` from a test authority ([`ROOT_CERTIFICATE`]). A bot
//! whose HTTP client resolves `discord.com` to [`FakeDiscord::https_addr`] and trusts that
//! authority reaches the fake with serenity's own rate limiter running, as in production
//! (serenity's limiter ignores an API proxy and always calls `https://discord.com`).
//!
//! The authority and the certificate were made once with OpenSSL (P-256 keys, valid for a
//! hundred years; the authority's key was not kept):
//!
//! ```sh
//! openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -days 36500 \
//!   -subj "/CN=nadare fake Discord CA" -keyout ca.key -out ca.pem \
//!   -addext "basicConstraints=critical,CA:TRUE" -addext "keyUsage=critical,keyCertSign,cRLSign"
//! openssl req -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -subj "/CN=discord.com" \
//!   -keyout leaf.key -out leaf.csr
//! openssl x509 -req -in leaf.csr -CA ca.pem -CAkey ca.key -CAcreateserial -days 36500 \
//!   -extfile ext.cnf -out leaf.pem   # CA:FALSE, serverAuth, DNS:discord.com
//! ```
//!
//! and stored as DER (`ca.der`, `leaf.der`, `leaf.key.der` in PKCS #8).

use std::net::SocketAddr;
use std::sync::Arc;

use axum::Router;
use tokio::net::TcpListener;
use tokio_rustls::TlsAcceptor;
use tokio_rustls::rustls::ServerConfig;
use tokio_rustls::rustls::crypto::ring;
use tokio_rustls::rustls::pki_types::{CertificateDer, PrivateKeyDer, PrivatePkcs8KeyDer};
use tokio_rustls::server::TlsStream;

use super::FakeDiscord;

/// The test authority's certificate (DER), for the bot's HTTP client to trust.
pub const ROOT_CERTIFICATE: &[u8] = include_bytes!("tls/ca.der");

/// The fake's certificate for `discord.com` and its key.
const CERTIFICATE: &[u8] = include_bytes!("tls/leaf.der");
const KEY: &[u8] = include_bytes!("tls/leaf.key.der");

/// Loopback connections, each through a TLS handshake as `discord.com`.
pub(super) struct Listener {
    tcp: TcpListener,
    acceptor: TlsAcceptor,
}

impl axum::serve::Listener for Listener {
    type Io = TlsStream<tokio::net::TcpStream>;
    type Addr = SocketAddr;

    async fn accept(&mut self) -> (Self::Io, Self::Addr) {
        loop {
            let Ok((stream, addr)) = self.tcp.accept().await else {
                continue;
            };
            // A client that fails its handshake is dropped; the next one is served.
            if let Ok(tls) = self.acceptor.accept(stream).await {
                return (tls, addr);
            }
        }
    }

    fn local_addr(&self) -> std::io::Result<Self::Addr> {
        self.tcp.local_addr()
    }
}

/// A new loopback port where connections are TLS as `discord.com`.
pub(super) async fn bind() -> Listener {
    let key = PrivateKeyDer::Pkcs8(PrivatePkcs8KeyDer::from(KEY.to_vec()));
    let config = ServerConfig::builder_with_provider(Arc::new(ring::default_provider()))
        .with_safe_default_protocol_versions()
        .expect("TLS versions")
        .with_no_client_auth()
        .with_single_cert(vec![CertificateDer::from(CERTIFICATE.to_vec())], key)
        .expect("the fake's certificate");
    let tcp = TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind loopback");
    Listener {
        tcp,
        acceptor: TlsAcceptor::from(Arc::new(config)),
    }
}

/// Serves `app` on `listener`.
pub(super) fn serve(listener: Listener, app: Router) {
    tokio::spawn(async move {
        axum::serve(listener, app)
            .await
            .expect("fake discord over TLS");
    });
}

impl FakeDiscord {
    /// The loopback address where the fake answers as `https://discord.com`.
    pub fn https_addr(&self) -> SocketAddr {
        self.shared.https
    }
}
