//! The player of the one-file HTML export: Puzzlewright's engine compiled
//! to `wasm32-unknown-unknown` and driven by the page's script
//! (`page/player.js`) through a plain C ABI (`abi.rs`), with no bindings
//! generator.
//!
//! [`Page`] holds everything the page plays: the game and its flow
//! (`engine::play`, the same flow as the studio's player), the picture;
//! it is ordinary Rust and tested natively. `abi.rs`
//! keeps one `Page` and exchanges bytes with the script through two
//! buffers in the module's memory: the script writes its argument (game
//! text, a seed) into the input buffer, and reads a result (a dump, an
//! RGBA frame, sound samples) from the output buffer.

mod abi;
pub mod page;

pub use page::Page;
