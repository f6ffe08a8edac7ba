//! What the access tests share, from `uniform-testkit`: where the peer
//! servers listen, starting them on demand, their fixtures, and skips that
//! are counted as skips.
#![allow(unused_imports)]

pub use uniform_testkit::{fixture, host, peer_port, peer_up, port, repo, setting};
