//! Who sent a request: the address every per-address limit of an HTTP handler applies to.

use std::net::IpAddr;

use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::request::Parts;
use axum::http::StatusCode;

use super::AppState;
use crate::gate::PeerAddr;

/// A request's client: its TCP peer, or the client a trusted proxy names in its forwarding
/// header ([`crate::proxy`]).
#[derive(Debug, Clone, Copy)]
pub struct ClientAddr {
    /// The TCP peer (a proxy, or the client itself).
    pub peer: IpAddr,
    /// The client, as far as the server can tell.
    pub ip: IpAddr,
}

impl FromRequestParts<AppState> for ClientAddr {
    type Rejection = (StatusCode, &'static str);

    async fn from_request_parts(
        parts: &mut Parts,
        app: &AppState,
    ) -> Result<Self, Self::Rejection> {
        // Set by the server for every connection (`into_make_service_with_connect_info`).
        let Some(ConnectInfo(PeerAddr(peer))) = parts.extensions.get::<ConnectInfo<PeerAddr>>()
        else {
            return Err((StatusCode::INTERNAL_SERVER_ERROR, "no peer address"));
        };
        let peer = peer.ip();
        Ok(ClientAddr {
            peer,
            ip: app.shared.peers.client(peer, &parts.headers),
        })
    }
}
