//! What the access tests share, from `uniform-testkit`: where the peer
//! servers listen, starting them on demand, their fixtures, and skips that
//! are counted as skips.
#![allow(unused_imports)]

pub use uniform_testkit::{fixture, host, peer_port, peer_up, port, repo, setting};

/// A fetch's options and the session it runs in, set up together as the
/// tests set them: it reads as the options (`o.plan`, `o.http`), and
/// clones share the session's kept connections, as `uniform fetch` shares
/// them between URLs.
#[allow(dead_code)]
#[derive(Clone, Debug, Default)]
pub struct Opts {
    pub fetch: uniform_access::FetchOptions,
    pub session: uniform_access::Session,
}

#[allow(dead_code)]
impl Opts {
    /// The defaults of both. (Not `Opts::default()` in the tests: clippy
    /// would take a field set through `Deref` for one of `Opts`.)
    pub fn new() -> Opts {
        Opts::default()
    }
}

impl std::ops::Deref for Opts {
    type Target = uniform_access::FetchOptions;
    fn deref(&self) -> &uniform_access::FetchOptions {
        &self.fetch
    }
}

impl std::ops::DerefMut for Opts {
    fn deref_mut(&mut self) -> &mut uniform_access::FetchOptions {
        &mut self.fetch
    }
}

/// [`uniform_access::fetch`] with `o`'s options in `o`'s session.
#[allow(dead_code)]
pub fn fetch(
    url: &uniform::UrlRef<'_>,
    o: &Opts,
    out: &mut dyn std::io::Write,
    ui: &mut dyn uniform_access::Interaction,
) -> Result<uniform_access::Fetched, uniform_access::AccessError> {
    uniform_access::fetch(url, &o.fetch, &o.session, out, ui)
}

/// [`uniform_access::prospero::resolve`] with `o`'s options in `o`'s
/// session.
#[allow(dead_code)]
pub fn resolve(
    v: &uniform::schemes::ProsperoUrl<'_>,
    o: &Opts,
) -> Result<uniform_access::prospero::Resolution, uniform_access::AccessError> {
    uniform_access::prospero::resolve(v, &o.fetch, &o.session)
}
