//! Rendered replays and records of finished games. A finished game never changes, so what was
//! rendered once is served again without touching the database or replaying the game; the
//! cache holds at most a fixed number of bytes and forgets the oldest entries first.

use std::collections::{HashMap, VecDeque};
use std::sync::Mutex;

use axum::body::Bytes;

/// What was rendered.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Rendering {
    /// `/api/games/ID/record.json`.
    RecordJson,
    /// `/api/games/ID/record`.
    RecordText,
    /// `/api/games/ID/replay`.
    Replay,
}

type Key = (String, Rendering);

/// A byte-bounded cache of rendered bodies.
pub struct RenderCache {
    inner: Mutex<Inner>,
    max_bytes: usize,
}

#[derive(Default)]
struct Inner {
    bodies: HashMap<Key, Bytes>,
    order: VecDeque<Key>,
    bytes: usize,
}

impl RenderCache {
    /// A cache of at most `max_bytes` of bodies.
    pub fn new(max_bytes: usize) -> RenderCache {
        RenderCache {
            inner: Mutex::new(Inner::default()),
            max_bytes,
        }
    }

    /// The body rendered before, if it is still kept.
    pub fn get(&self, game: &str, what: Rendering) -> Option<Bytes> {
        let inner = self.inner.lock().unwrap_or_else(|e| e.into_inner());
        inner.bodies.get(&(game.to_string(), what)).cloned()
    }

    /// Keeps a body (one larger than the whole cache is not kept).
    pub fn put(&self, game: &str, what: Rendering, body: Bytes) {
        if body.len() > self.max_bytes {
            return;
        }
        let mut inner = self.inner.lock().unwrap_or_else(|e| e.into_inner());
        let key = (game.to_string(), what);
        if inner.bodies.contains_key(&key) {
            return;
        }
        while inner.bytes + body.len() > self.max_bytes {
            let Some(old) = inner.order.pop_front() else {
                break;
            };
            if let Some(b) = inner.bodies.remove(&old) {
                inner.bytes -= b.len();
            }
        }
        inner.bytes += body.len();
        inner.order.push_back(key.clone());
        inner.bodies.insert(key, body);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_oldest_go_first_and_the_bytes_stay_bounded() {
        let c = RenderCache::new(10);
        c.put("a", Rendering::Replay, Bytes::from_static(b"12345"));
        c.put("b", Rendering::Replay, Bytes::from_static(b"12345"));
        assert!(c.get("a", Rendering::Replay).is_some());
        assert!(c.get("a", Rendering::RecordText).is_none());
        c.put("c", Rendering::Replay, Bytes::from_static(b"123"));
        assert!(c.get("a", Rendering::Replay).is_none(), "evicted");
        assert!(c.get("b", Rendering::Replay).is_some());
        assert!(c.get("c", Rendering::Replay).is_some());
        c.put("huge", Rendering::Replay, Bytes::from("x".repeat(11)));
        assert!(c.get("huge", Rendering::Replay).is_none());
    }
}
