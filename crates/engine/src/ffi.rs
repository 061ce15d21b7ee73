//! The WebAssembly interface: plain `extern "C"` functions over two byte buffers, called by the
//! web client's worker (`web/engine-worker.js`).
//!
//! JavaScript asks [`acey_input`] for a buffer of the request's length, writes the request's
//! UTF-8 there, calls [`acey_request`], and reads the answer's UTF-8 at [`acey_output`] (its
//! length is what `acey_request` returned). The buffers belong to the engine; the answer stays
//! readable until the next request. One engine lives in the module, made by [`acey_init`].

use std::cell::RefCell;

use crate::engine::Engine;

thread_local! {
    static ENGINE: RefCell<Engine> = RefCell::new(Engine::new(0));
    static INPUT: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
    static OUTPUT: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
}

/// Makes a new engine (forgetting every game on the table) whose dice come from the seed
/// `hi << 32 | lo`: JavaScript numbers carry 53 bits, so the seed comes in two halves.
#[no_mangle]
pub extern "C" fn acey_init(hi: u32, lo: u32) {
    ENGINE.with(|e| *e.borrow_mut() = Engine::new((u64::from(hi) << 32) | u64::from(lo)));
}

/// A buffer of `len` bytes (zeroed) for the next request, and where it starts.
#[no_mangle]
pub extern "C" fn acey_input(len: usize) -> *mut u8 {
    INPUT.with(|b| {
        let mut b = b.borrow_mut();
        b.clear();
        b.resize(len, 0);
        b.as_mut_ptr()
    })
}

/// Answers the request in the input buffer ([`Engine::request`]); returns the answer's length
/// in bytes, to be read at [`acey_output`]. A request that is not UTF-8 is answered with an
/// error, as any unreadable request is.
#[no_mangle]
pub extern "C" fn acey_request() -> usize {
    let request = INPUT.with(|b| String::from_utf8_lossy(&b.borrow()).into_owned());
    let answer = ENGINE.with(|e| e.borrow_mut().request(&request));
    OUTPUT.with(|o| {
        let mut o = o.borrow_mut();
        *o = answer.into_bytes();
        o.len()
    })
}

/// Where the last answer starts.
#[no_mangle]
pub extern "C" fn acey_output() -> *const u8 {
    OUTPUT.with(|o| o.borrow().as_ptr())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_request_written_to_the_input_is_answered_in_the_output() {
        acey_init(0, 42);
        let request = br#"{"op":"send","msg":{"type":"ping"}}"#;
        acey_input(request.len());
        INPUT.with(|b| b.borrow_mut().copy_from_slice(request));
        let len = acey_request();
        let answer = OUTPUT.with(|o| String::from_utf8(o.borrow().clone()).unwrap());
        assert_eq!(answer.len(), len);
        assert!(answer.contains(r#""type":"pong""#), "{answer}");
        assert_eq!(acey_output(), OUTPUT.with(|o| o.borrow().as_ptr()));
    }
}
