//! Politeness towards each server: at most so many checks of one host at
//! once, at most so many started a second, and a pause the host asked
//! for (HTTP 429's `Retry-After`) kept by every worker.

use std::collections::HashMap;
use std::sync::{Condvar, Mutex};
use std::time::{Duration, Instant};

/// The limits each host is held to.
///
/// # Example
///
/// ```
/// use uniform_links::hosts::Hosts;
/// let h = Hosts::new(2, None);
/// let a = h.acquire("example.org:80");
/// let b = h.acquire("example.org:80");
/// assert_eq!(h.busy("example.org:80"), 2);
/// drop((a, b));
/// assert_eq!(h.busy("example.org:80"), 0);
/// ```
#[derive(Debug)]
pub struct Hosts {
    per_host: usize,
    interval: Option<Duration>,
    state: Mutex<HashMap<String, Slot>>,
    freed: Condvar,
}

#[derive(Debug)]
struct Slot {
    busy: usize,
    /// No check of the host starts before this.
    next: Instant,
    /// The host's own least interval between two starts (its
    /// robots.txt's `Crawl-delay`), beside the rate's.
    interval: Option<Duration>,
}

impl Slot {
    /// A host with no check under way, none to start before `next`.
    fn free(next: Instant) -> Slot {
        Slot {
            busy: 0,
            next,
            interval: None,
        }
    }
}

/// A check of a host in progress; dropped, it frees its place.
#[derive(Debug)]
pub struct Permit<'h> {
    hosts: &'h Hosts,
    host: String,
}

impl Hosts {
    /// `per_host` checks of a host at once (at least one), and, with
    /// `rate`, at most `rate` started a second.
    pub fn new(per_host: usize, rate: Option<f64>) -> Hosts {
        Hosts {
            per_host: per_host.max(1),
            interval: rate
                .filter(|r| r.is_finite() && *r > 0.0)
                .and_then(|r| Duration::try_from_secs_f64(1.0 / r).ok()),
            state: Mutex::new(HashMap::new()),
            freed: Condvar::new(),
        }
    }

    /// Waits until a check of `host` may start, and holds its place.
    pub fn acquire(&self, host: &str) -> Permit<'_> {
        let Ok(mut state) = self.state.lock() else {
            return self.permit(host);
        };
        loop {
            let now = Instant::now();
            let slot = state.entry(host.to_string()).or_insert(Slot::free(now));
            if slot.busy < self.per_host && slot.next <= now {
                slot.busy += 1;
                if let Some(i) = self.interval.max(slot.interval) {
                    slot.next = now + i;
                }
                return self.permit(host);
            }
            // Woken when a place is freed, or when the host's pause ends.
            let wait = if slot.next > now {
                slot.next - now
            } else {
                Duration::from_secs(1)
            };
            state = match self.freed.wait_timeout(state, wait) {
                Ok((s, _)) => s,
                Err(_) => return self.permit(host),
            };
        }
    }

    fn permit(&self, host: &str) -> Permit<'_> {
        Permit {
            hosts: self,
            host: host.to_string(),
        }
    }

    /// No check of `host` starts before `until` (the host asked for a
    /// pause).
    pub fn pause(&self, host: &str, until: Instant) {
        if let Ok(mut state) = self.state.lock() {
            let slot = state.entry(host.to_string()).or_insert(Slot::free(until));
            slot.next = slot.next.max(until);
        }
    }

    /// Checks of `host` start `interval` apart at least, whatever the
    /// rate (a robots.txt's `Crawl-delay`).
    ///
    /// # Example
    ///
    /// ```
    /// use std::time::{Duration, Instant};
    /// use uniform_links::hosts::Hosts;
    /// let h = Hosts::new(8, None);
    /// h.space("h:80", Duration::from_millis(50));
    /// let start = Instant::now();
    /// drop(h.acquire("h:80"));
    /// drop(h.acquire("h:80"));
    /// assert!(start.elapsed() >= Duration::from_millis(50));
    /// ```
    pub fn space(&self, host: &str, interval: Duration) {
        if let Ok(mut state) = self.state.lock() {
            let now = Instant::now();
            let slot = state.entry(host.to_string()).or_insert(Slot::free(now));
            slot.interval = slot.interval.max(Some(interval));
        }
    }

    /// Whether a check of `host` could start now without waiting.
    pub fn has_room(&self, host: &str) -> bool {
        self.state.lock().ok().is_none_or(|s| {
            s.get(host)
                .is_none_or(|slot| slot.busy < self.per_host && slot.next <= Instant::now())
        })
    }

    /// The checks of `host` in progress.
    pub fn busy(&self, host: &str) -> usize {
        self.state
            .lock()
            .ok()
            .and_then(|s| s.get(host).map(|slot| slot.busy))
            .unwrap_or(0)
    }
}

impl Drop for Permit<'_> {
    fn drop(&mut self) {
        if let Ok(mut state) = self.hosts.state.lock()
            && let Some(slot) = state.get_mut(&self.host)
        {
            slot.busy = slot.busy.saturating_sub(1);
        }
        self.hosts.freed.notify_all();
    }
}

/// The host a URL's check connects to, as the limits count it: its
/// host and port in lower case; the whole URL where it has no host (or
/// is no URL).
///
/// # Example
///
/// ```
/// assert_eq!(uniform_links::hosts::key("http://Example.ORG/a"), "example.org:80");
/// assert_eq!(uniform_links::hosts::key("mailto:a@b"), "mailto:a@b");
/// ```
pub fn key(url: &str) -> String {
    // The reading a check parses a link by (`check::parse`), spelled
    // here so that this layer imports none above it.
    match uniform::ParseOptions::new()
        .dialect(uniform::Dialect::Rfc3986)
        .parse(url)
    {
        Ok(u) => key_of(&u),
        Err(_) => url.to_string(),
    }
}

/// [`key`] of a URL parsed already: what a [`crate::target::Target`]
/// keeps, so that the limits cost no second parse.
///
/// # Example
///
/// ```
/// let url = uniform_links::check::parse("ftp://H.example/x")?;
/// assert_eq!(uniform_links::hosts::key_of(&url), "h.example:21");
/// # Ok::<_, uniform::ParseError>(())
/// ```
pub fn key_of(url: &uniform::UrlRef<'_>) -> String {
    match url.host() {
        Some(h) if !h.is_empty() => format!(
            "{}:{}",
            h.to_ascii_lowercase(),
            url.port_or_default().unwrap_or(0)
        ),
        _ => url.as_str().to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;
    use std::sync::atomic::{AtomicUsize, Ordering};

    #[test]
    fn no_more_than_per_host_run_at_once() {
        let hosts = Arc::new(Hosts::new(2, None));
        let now = Arc::new(AtomicUsize::new(0));
        let most = Arc::new(AtomicUsize::new(0));
        // Each holder waits inside for a second one: two at once is then
        // certain, not a matter of timing, and a third, were it let in,
        // would be counted beside them.
        let pair = Arc::new(std::sync::Barrier::new(2));
        std::thread::scope(|s| {
            for _ in 0..8 {
                let (hosts, now, most, pair) =
                    (hosts.clone(), now.clone(), most.clone(), pair.clone());
                s.spawn(move || {
                    let _p = hosts.acquire("h:80");
                    let n = now.fetch_add(1, Ordering::SeqCst) + 1;
                    most.fetch_max(n, Ordering::SeqCst);
                    pair.wait();
                    now.fetch_sub(1, Ordering::SeqCst);
                });
            }
        });
        assert_eq!(most.load(Ordering::SeqCst), 2);
    }

    #[test]
    fn a_third_waits_until_one_of_two_is_done() {
        let hosts = Arc::new(Hosts::new(2, None));
        let first = hosts.acquire("h:80");
        let _second = hosts.acquire("h:80");
        assert!(!hosts.has_room("h:80"));
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::scope(|s| {
            let third = hosts.clone();
            s.spawn(move || {
                let _third = third.acquire("h:80");
                tx.send(()).unwrap();
            });
            // Still held: the third is not in.
            assert_eq!(hosts.busy("h:80"), 2);
            drop(first);
            rx.recv().unwrap();
        });
    }

    #[test]
    fn a_rate_spaces_the_starts() {
        // Five a second: a start every 200 ms, six starts a second apart
        // from the first to the last.
        let hosts = Hosts::new(8, Some(5.0));
        let interval = Duration::from_millis(200);
        // Each start falls between its call and its return: a return is
        // at least an interval after the call before it began.
        let mut calls = Vec::new();
        let mut returns = Vec::new();
        for _ in 0..6 {
            calls.push(Instant::now());
            drop(hosts.acquire("h:80"));
            returns.push(Instant::now());
        }
        for i in 1..6 {
            let gap = returns[i] - calls[i - 1];
            assert!(gap >= interval, "start {i}: {gap:?}");
        }
        assert!(returns[5] - calls[0] >= 5 * interval);
    }

    #[test]
    fn a_pause_holds_the_host_and_no_other() {
        let hosts = Arc::new(Hosts::new(8, None));
        let until = Instant::now() + Duration::from_secs(1);
        hosts.pause("h:80", until);
        drop(hosts.acquire("h:80"));
        assert!(Instant::now() >= until);
        // Another host is not held by a pause of an hour on this one: its
        // check starts while the pause has all but the test's own time to
        // run (a bound of 30 s, not a race against the clock).
        hosts.pause("h:80", Instant::now() + Duration::from_secs(3600));
        let (tx, rx) = std::sync::mpsc::channel();
        let other = {
            let hosts = hosts.clone();
            std::thread::spawn(move || {
                drop(hosts.acquire("other:80"));
                let _ = tx.send(());
            })
        };
        assert!(
            rx.recv_timeout(Duration::from_secs(30)).is_ok(),
            "another host waited for h:80's pause"
        );
        assert!(!hosts.has_room("h:80"));
        other.join().unwrap();
    }
}
