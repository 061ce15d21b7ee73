//! A network between a client and the server that the test can take away and give back: a TCP
//! relay that, while cut, forwards nothing and answers nothing, as a lost Wi-Fi or a phone asleep
//! does (no close, no reset: the client's socket stays open and silent until it gives up).

use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpSocket, TcpStream};
use tokio::sync::watch;

/// A relay from a local port to the server's.
pub struct Link {
    /// The address clients connect to.
    pub addr: SocketAddr,
    /// Whether the network is up; every connection watches it.
    up: Arc<watch::Sender<bool>>,
    task: tokio::task::JoinHandle<()>,
}

impl Link {
    /// Listens on a free local port and relays to `server`.
    pub async fn to(server: SocketAddr) -> Link {
        Link::from_address(server, "127.0.0.1".parse().unwrap()).await
    }

    /// The same, reaching the server from the local address `source` (127.0.0.2, 127.0.0.3 ...
    /// stand for other machines): the server sees the client there.
    pub async fn from_address(server: SocketAddr, source: IpAddr) -> Link {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let up = Arc::new(watch::channel(true).0);
        let watched = up.clone();
        let task = tokio::spawn(async move {
            while let Ok((client, _)) = listener.accept().await {
                tokio::spawn(relay(client, server, source, watched.subscribe()));
            }
        });
        Link { addr, up, task }
    }

    /// The page to open through this link.
    pub fn url(&self) -> String {
        format!("http://{}/", self.addr)
    }

    /// Takes the network away: from now on nothing passes, on old connections or new ones. The
    /// connections open now stay dead after the network is back, as TCP connections do after a
    /// long enough outage on a real network.
    pub fn cut(&self) {
        self.up.send_replace(false);
    }

    /// Gives the network back to new connections.
    pub fn restore(&self) {
        self.up.send_replace(true);
    }
}

impl Drop for Link {
    fn drop(&mut self) {
        self.task.abort();
    }
}

/// Waits until the network is up (a connection made during an outage hangs, unanswered).
async fn until_up(up: &mut watch::Receiver<bool>) {
    let _ = up.wait_for(|up| *up).await;
}

async fn relay(
    mut client: TcpStream,
    server: SocketAddr,
    source: IpAddr,
    mut up: watch::Receiver<bool>,
) {
    until_up(&mut up).await;
    let connect = async {
        let socket = TcpSocket::new_v4()?;
        socket.bind(SocketAddr::new(source, 0))?;
        socket.connect(server).await
    };
    let Ok(mut upstream) = connect.await else {
        return; // the server is down: the client sees its connection closed, as it would
    };
    let (mut cr, mut cw) = client.split();
    let (mut sr, mut sw) = upstream.split();
    let mut a = [0u8; 16 * 1024];
    let mut b = [0u8; 16 * 1024];
    let mut cut = up.clone();
    loop {
        let up_now = || *up.borrow();
        tokio::select! {
            n = cr.read(&mut a) => match n {
                Ok(0) | Err(_) => break,
                Ok(n) => if !up_now() || sw.write_all(&a[..n]).await.is_err() { break },
            },
            n = sr.read(&mut b) => match n {
                Ok(0) | Err(_) => break,
                Ok(n) => if !up_now() || cw.write_all(&b[..n]).await.is_err() { break },
            },
            _ = async { let _ = cut.wait_for(|up| !*up).await; } => break,
        }
    }
    if !*up.borrow() {
        // Cut: hold both sockets open and silent until the test ends (or the client gives up
        // and closes its end, which nobody here reads any more).
        std::future::pending::<()>().await;
    }
}
