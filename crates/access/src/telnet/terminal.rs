//! The user's terminal in raw mode for the length of a session: every key
//! goes to the server as it is pressed (Ctrl-C included), nothing is
//! echoed locally unless the session does it, and output is not
//! processed. Restored when the guard is dropped, on error and panic
//! too. rustix's termios calls are safe wrappers, so no `unsafe` here.

use std::io;

/// Raw mode on standard input until dropped.
#[derive(Debug)]
pub(crate) struct RawMode {
    #[cfg(unix)]
    saved: rustix::termios::Termios,
}

impl RawMode {
    /// Puts the terminal on standard input in raw mode.
    ///
    /// # Errors
    ///
    /// When standard input is not a terminal, or on a system without
    /// termios.
    #[cfg(unix)]
    pub(crate) fn enter() -> io::Result<RawMode> {
        use rustix::termios::{OptionalActions, tcgetattr, tcsetattr};
        let stdin = io::stdin();
        let saved = tcgetattr(&stdin)?;
        let mut raw = saved.clone();
        raw.make_raw();
        tcsetattr(&stdin, OptionalActions::Now, &raw)?;
        Ok(RawMode { saved })
    }

    #[cfg(not(unix))]
    pub(crate) fn enter() -> io::Result<RawMode> {
        Err(io::Error::new(
            io::ErrorKind::Unsupported,
            "raw terminal mode needs termios",
        ))
    }
}

impl Drop for RawMode {
    fn drop(&mut self) {
        #[cfg(unix)]
        {
            // Nothing more can be done if this fails: the terminal is gone.
            let _ = rustix::termios::tcsetattr(
                io::stdin(),
                rustix::termios::OptionalActions::Now,
                &self.saved,
            );
        }
    }
}
