//! The web board of a service, served on a loopback port for a test or a benchmark, stopped
//! when what serves it is dropped.

use service::GameService;
use tokio::sync::oneshot;
use web::WebFront;

use crate::harness::Harness;

/// The web board of a harness's service, served on a loopback port.
pub struct Served {
    /// The service's harness.
    pub h: Harness,
    /// The front, for its links.
    pub front: WebFront,
    /// `http://127.0.0.1:PORT`.
    pub base: String,
    _stop: oneshot::Sender<()>,
}

/// Serves the web board of `h` on a free loopback port.
pub async fn serve(h: Harness) -> Served {
    let (front, base, stop) = serve_service(&h.service).await;
    Served {
        h,
        front,
        base,
        _stop: stop,
    }
}

/// Serves the web board of `service` on a free loopback port: the front, its address, and
/// what stops it when dropped.
pub async fn serve_service(service: &GameService) -> (WebFront, String, oneshot::Sender<()>) {
    serve_at(service, "127.0.0.1:0").await
}

/// Serves the web board of `service` at `address`: the front, its address, and what stops it
/// when dropped.
pub async fn serve_at(
    service: &GameService,
    address: &str,
) -> (WebFront, String, oneshot::Sender<()>) {
    let listener = tokio::net::TcpListener::bind(address)
        .await
        .expect("a loopback port");
    let base = format!("http://{}", listener.local_addr().expect("its address"));
    let front = WebFront::new(service.clone(), None, &base, render::Theme::default())
        .await
        .expect("the web front starts");
    let (stop, stopped) = oneshot::channel::<()>();
    let serving = front.clone();
    tokio::spawn(async move {
        let _ = serving
            .serve(listener, async {
                let _ = stopped.await;
            })
            .await;
    });
    (front, base, stop)
}
