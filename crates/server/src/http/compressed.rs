//! The client's files compressed once each, at their first request, instead of at every request:
//! the engine alone is 1.3 MB, and compressing it for each visitor would let a few clients keep
//! the server's cores busy. Brotli (quality 9) or gzip (level 9), whichever the browser takes
//! (brotli first). The response names its encoding, so the compression layer in front of the
//! routes passes it through; small files, which cost little, are left to that layer.

use std::collections::HashMap;
use std::io::Write;
use std::sync::OnceLock;

use axum::body::Bytes;
use axum::http::{header, HeaderMap, HeaderValue};
use axum::response::{IntoResponse, Response};
use tokio::sync::OnceCell;

/// Files smaller than this go as they are: compressing them saves less than its headers cost.
const SMALLEST: usize = 1024;

/// One file in both encodings.
#[derive(Debug)]
struct Encoded {
    br: Bytes,
    gzip: Bytes,
}

impl Encoded {
    fn of(body: &[u8]) -> Encoded {
        let mut br = Vec::new();
        {
            let mut w = brotli::CompressorWriter::new(&mut br, 4096, 9, 22);
            // Writing to a Vec cannot fail.
            let _ = w.write_all(body);
        }
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::new(9));
        let _ = gz.write_all(body);
        let gzip = gz.finish().unwrap_or_default();
        Encoded {
            br: Bytes::from(br),
            gzip: Bytes::from(gzip),
        }
    }
}

/// The encodings of each file, made at the file's first request.
fn cells() -> &'static std::sync::Mutex<HashMap<&'static str, &'static OnceCell<Encoded>>> {
    static CELLS: OnceLock<std::sync::Mutex<HashMap<&'static str, &'static OnceCell<Encoded>>>> =
        OnceLock::new();
    CELLS.get_or_init(Default::default)
}

fn cell(name: &'static str) -> &'static OnceCell<Encoded> {
    let mut cells = cells().lock().unwrap_or_else(|e| e.into_inner());
    // One cell per embedded file, kept for the process's life: leaking it is the point.
    cells
        .entry(name)
        .or_insert_with(|| Box::leak(Box::new(OnceCell::new())))
}

/// Which encoding the request takes: `br`, else `gzip`, else none (a `q=0` refuses one).
fn accepted(headers: &HeaderMap) -> Option<&'static str> {
    let accept = headers
        .get(header::ACCEPT_ENCODING)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    let takes = |coding: &str| {
        accept.split(',').any(|part| {
            let mut bits = part.split(';').map(str::trim);
            bits.next() == Some(coding) && !bits.any(|b| b == "q=0" || b == "q=0.0")
        })
    };
    ["br", "gzip"].into_iter().find(|c| takes(c))
}

/// The response for embedded file `name` of type `mime`, compressed as the request takes it.
pub async fn respond(
    name: &'static str,
    mime: &'static str,
    body: &'static [u8],
    headers: &HeaderMap,
) -> Response {
    let encoded = match accepted(headers).filter(|_| body.len() >= SMALLEST) {
        Some(coding) => {
            let both = cell(name)
                .get_or_init(|| async move {
                    tokio::task::spawn_blocking(move || Encoded::of(body))
                        .await
                        .unwrap_or_else(|_| Encoded {
                            br: Bytes::new(),
                            gzip: Bytes::new(),
                        })
                })
                .await;
            let bytes = if coding == "br" { &both.br } else { &both.gzip };
            // An encoding that could not be made leaves the file as it is.
            (!bytes.is_empty()).then(|| (coding, bytes.clone()))
        }
        None => None,
    };
    let (coding, bytes) = match encoded {
        Some((coding, bytes)) => (Some(coding), bytes),
        None => (None, Bytes::from_static(body)),
    };
    let mut response = (
        [
            (header::CONTENT_TYPE, mime),
            (header::CACHE_CONTROL, "no-cache"),
            (header::VARY, "accept-encoding"),
        ],
        bytes,
    )
        .into_response();
    if let Some(coding) = coding {
        response
            .headers_mut()
            .insert(header::CONTENT_ENCODING, HeaderValue::from_static(coding));
    }
    response
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Read;

    #[test]
    fn both_encodings_read_back_as_the_file() {
        let body: Vec<u8> = (0..50_000u32)
            .flat_map(|i| (i % 251).to_le_bytes())
            .collect();
        let e = Encoded::of(&body);
        assert!(e.br.len() < body.len() / 4 && e.gzip.len() < body.len() / 4);
        let mut back = Vec::new();
        brotli::Decompressor::new(&e.br[..], 4096)
            .read_to_end(&mut back)
            .unwrap();
        assert_eq!(back, body);
        let mut back = Vec::new();
        flate2::read::GzDecoder::new(&e.gzip[..])
            .read_to_end(&mut back)
            .unwrap();
        assert_eq!(back, body);
    }

    #[test]
    fn the_encoding_is_the_one_the_browser_takes() {
        let take = |v: &str| {
            let mut h = HeaderMap::new();
            h.insert(header::ACCEPT_ENCODING, HeaderValue::from_str(v).unwrap());
            accepted(&h)
        };
        assert_eq!(take("gzip, deflate, br, zstd"), Some("br"));
        assert_eq!(take("gzip"), Some("gzip"));
        assert_eq!(take("br;q=0, gzip;q=0.8"), Some("gzip"));
        assert_eq!(take("identity"), None);
        assert_eq!(accepted(&HeaderMap::new()), None);
    }
}
