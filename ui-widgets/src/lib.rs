//! Reusable egui widgets for the Puzzlewright studio, one per file.
//!
//! The studio itself is not built yet; this crate holds the widgets as they
//! arrive (sprite grid, level canvas, waveform thumbnail).
