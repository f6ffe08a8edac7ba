//! The one interface every protocol's executor implements: an approved
//! plan, the options and the session in; the object, a listing or a
//! verdict out. [`crate::execute`] chooses the executor by the protocol
//! the plan's dialogue speaks, with a match the compiler holds to every
//! [`uniform::Protocol`].

use crate::error::{AccessError, AccessErrorKind};
use crate::fetched::Fetched;
use crate::interaction::Interaction;
use crate::net::Dial;
use crate::options::FetchOptions;
use crate::session::Session;
use std::io::Write;
use uniform::plan::Approved;
use uniform::{Url, UrlRef};

/// One access to run: the judged plan, its URL (parsed once, by the
/// planner), the options, the session, and the dialer on the plan's route.
pub(crate) struct Job<'a> {
    pub(crate) plan: &'a Approved,
    pub(crate) url: UrlRef<'a>,
    pub(crate) opts: &'a FetchOptions,
    pub(crate) session: &'a Session,
    pub(crate) dial: Dial<'a>,
}

impl Job<'_> {
    /// The error of an executor handed another protocol's dialogue: the
    /// choice by [`uniform::plan::Dialogue::protocol`] makes it
    /// impossible, and a wrong choice must still not panic.
    pub(crate) fn mismatch(&self, protocol: &str) -> AccessError {
        AccessError::new(
            AccessErrorKind::Unsupported,
            self.url.scheme(),
            self.url.hostname(),
            format!(
                "the {protocol} executor was handed a {} dialogue",
                self.plan.dialogue().protocol()
            ),
        )
    }
}

/// What an executor ends with: the access done, or another URL to fetch
/// in its place (Prospero's access method names the object by a URL of
/// its own scheme), which [`crate::execute`] fetches as any other.
pub(crate) enum Executed {
    Done(Fetched),
    Elsewhere(Url),
}

impl From<Fetched> for Executed {
    fn from(f: Fetched) -> Executed {
        Executed::Done(f)
    }
}

/// What each protocol implements to run its dialogue.
pub(crate) trait Executor: Sync {
    /// Runs `job`'s dialogue: the object is written to `out` (or returned
    /// as a listing), and `ui` hears progress, advice and questions.
    fn execute(
        &self,
        job: &Job<'_>,
        out: &mut dyn Write,
        ui: &mut dyn Interaction,
    ) -> Result<Executed, AccessError>;
}

/// An executor: a unit struct named `$name` whose `execute` takes the
/// plan's `Dialogue::$variant` as `$plan` and runs `$body`, which gives a
/// `Fetched` or an `Executed` (the one way the executors are written, so
/// that each protocol states only what it calls).
macro_rules! executor {
    ($(#[$doc:meta])* $name:ident, $variant:ident,
     |$job:ident, $plan:pat_param, $out:pat_param, $ui:pat_param| $body:expr) => {
        $(#[$doc])*
        pub(crate) struct $name;

        impl $crate::executor::Executor for $name {
            fn execute(
                &self,
                $job: &$crate::executor::Job<'_>,
                $out: &mut dyn std::io::Write,
                $ui: &mut dyn $crate::interaction::Interaction,
            ) -> Result<$crate::executor::Executed, $crate::error::AccessError> {
                let uniform::plan::Dialogue::$variant($plan) = $job.plan.dialogue() else {
                    return Err($job.mismatch(stringify!($variant)));
                };
                // A `Fetched` is the access done.
                ($body).map(Into::into)
            }
        }
    };
}
pub(crate) use executor;
