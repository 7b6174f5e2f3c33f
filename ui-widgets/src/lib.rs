//! Reusable egui widgets for the Puzzlewright studio, one per file.

pub mod level_card;
pub mod level_grid;
pub mod sprite_grid;
pub mod swatch;
pub mod waveform;
