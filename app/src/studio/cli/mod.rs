//! The headless commands of `puzzlewright` (the binary's `main.rs` holds
//! only the table that dispatches to them): each module's `run` takes the
//! arguments after the command's name. In the library so tests can reuse
//! their parts, such as the conformance runner's reading of recorded cases.

pub mod bench;
pub mod check;
pub mod conformance;
pub mod corpus;
pub mod export;
pub mod sfx;
pub mod solve;
pub mod test;
pub mod trace;
