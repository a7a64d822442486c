//! What a search thinking on someone's behalf hears and tells while it runs:
//! a request to move now, and its progress for people (depth and nodes,
//! playouts). Whoever runs a search in a thread of its own (the web page's
//! game workers) sets a [`Watch`] on that thread for the search's span
//! ([`watched`]); the searches poll [`stop_requested`] where they test their
//! clock and [`report`] between iterations. A search with no watch set, the
//! command line's and the matches', hears no request and tells no one.

use std::cell::RefCell;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

/// The two ends a search's watcher holds: set `stop` to have the search
/// move now (with the best move it has), read `progress` for people.
#[derive(Clone, Debug, Default)]
pub struct Watch {
    stop: Arc<AtomicBool>,
    progress: Arc<Mutex<String>>,
}

impl Watch {
    /// A watch with no stop asked and no progress told.
    pub fn new() -> Watch {
        Watch::default()
    }

    /// Asks the watched search to move now.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// Whether a stop was asked.
    pub fn is_stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// The search's last report (empty before its first).
    pub fn progress(&self) -> String {
        self.progress.lock().map(|p| p.clone()).unwrap_or_default()
    }

    /// Tells the watcher `text` (what [`report`] does on a watched thread).
    pub fn tell(&self, text: String) {
        if let Ok(mut progress) = self.progress.lock() {
            *progress = text;
        }
    }
}

thread_local! {
    static WATCH: RefCell<Option<Watch>> = const { RefCell::new(None) };
}

/// Runs `think` with `watch` set on this thread (the one before it is put
/// back afterwards, a panic included).
pub fn watched<T>(watch: &Watch, think: impl FnOnce() -> T) -> T {
    struct Restore(Option<Watch>);
    impl Drop for Restore {
        fn drop(&mut self) {
            let before = self.0.take();
            WATCH.with(|w| *w.borrow_mut() = before);
        }
    }
    let before = WATCH.with(|w| w.borrow_mut().replace(watch.clone()));
    let _restore = Restore(before);
    think()
}

/// Whether the search on this thread was asked to move now.
pub fn stop_requested() -> bool {
    WATCH.with(|w| w.borrow().as_ref().is_some_and(Watch::is_stopped))
}

/// Tells this thread's watcher the text `progress` makes (made only when
/// one watches).
pub fn report(progress: impl FnOnce() -> String) {
    WATCH.with(|w| {
        if let Some(watch) = w.borrow().as_ref() {
            watch.tell(progress());
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_watch_hears_its_own_thread_only_and_is_put_back() {
        let watch = Watch::new();
        assert!(!stop_requested());
        report(|| panic!("made with no one watching"));
        watched(&watch, || {
            assert!(!stop_requested());
            report(|| "depth 3".to_string());
            watch.stop();
            assert!(stop_requested());
            // Another thread has no watch.
            std::thread::scope(|s| {
                s.spawn(|| assert!(!stop_requested()));
            });
            let inner = Watch::new();
            watched(&inner, || assert!(!stop_requested()));
            assert!(stop_requested(), "the outer watch is back");
        });
        assert_eq!(watch.progress(), "depth 3");
        assert!(!stop_requested(), "no watch after the span");
        let caught = std::panic::catch_unwind(|| watched(&watch, || panic!("a search's bug")));
        assert!(caught.is_err());
        assert!(!stop_requested(), "no watch after a panic");
    }
}
