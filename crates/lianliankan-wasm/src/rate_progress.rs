//! The `progress` option of `rate` and `generateRated`: the library's
//! progress hook must be shareable across threads (`Send + Sync`), which a
//! JavaScript function is not. The hook given to the library captures
//! nothing; it calls the function of the call under way, kept here in a
//! thread-local stack (WebAssembly here runs one thread; a `progress` that
//! itself rates pushes its own and pops it).
//!
//! What the function throws stops the call (through its cancel token) and
//! is thrown by it, as `solve`'s `progress` does.

use std::cell::RefCell;

use js_sys::Function;
use lianliankan::{Cancel, RateConfig, RateProgress};
use wasm_bindgen::JsValue;

/// The `progress` of one call under way.
struct Reporter {
    callback: Function,
    /// The token of the call, cancelled when `callback` throws.
    stop: Cancel,
    /// What `callback` threw first.
    thrown: Option<JsValue>,
}

thread_local! {
    /// The reporters of the calls under way, innermost last.
    static REPORTERS: RefCell<Vec<Reporter>> = const { RefCell::new(Vec::new()) };
}

/// A call's `progress`, reported while it lives: made by [`Watch::start`],
/// read by [`Watch::finish`].
#[derive(Debug)]
#[must_use]
pub struct Watch {
    /// Whether a reporter was pushed (a call without `progress` has none).
    pushed: bool,
}

impl Watch {
    /// `config` reporting each game to `callback` (when given) for a call
    /// stopped by `stop`.
    pub fn start(
        config: RateConfig,
        callback: Option<Function>,
        stop: &Cancel,
    ) -> (RateConfig, Watch) {
        let Some(callback) = callback else {
            return (config, Watch { pushed: false });
        };
        REPORTERS.with(|r| {
            r.borrow_mut().push(Reporter {
                callback,
                stop: stop.clone(),
                thrown: None,
            });
        });
        (config.progress(report), Watch { pushed: true })
    }

    /// What the call's `progress` threw, if it threw.
    pub fn finish(mut self) -> Option<JsValue> {
        self.pop()
    }

    fn pop(&mut self) -> Option<JsValue> {
        if !std::mem::take(&mut self.pushed) {
            return None;
        }
        REPORTERS
            .with(|r| r.borrow_mut().pop())
            .and_then(|r| r.thrown)
    }
}

impl Drop for Watch {
    /// Pops the reporter of a call left early (an error before it ran).
    fn drop(&mut self) {
        let _ = self.pop();
    }
}

/// The library's hook: calls the innermost call's `progress` with the
/// games played and the most it may play, unless it threw already. No
/// borrow is held while the function runs (it may rate again).
fn report(p: RateProgress) {
    let callback = REPORTERS.with(|r| {
        r.borrow()
            .last()
            .filter(|r| r.thrown.is_none())
            .map(|r| r.callback.clone())
    });
    let Some(callback) = callback else {
        return;
    };
    let (games, total) = (JsValue::from(p.games as f64), JsValue::from(p.total as f64));
    if let Err(thrown) = callback.call2(&JsValue::NULL, &games, &total) {
        REPORTERS.with(|r| {
            if let Some(r) = r.borrow_mut().last_mut() {
                r.stop.cancel();
                r.thrown = Some(thrown);
            }
        });
    }
}
