//! The Puzzlewright studio: a native window where a PuzzleScript author
//! writes a game with live diagnostics beside a docked player.
//!
//! Built as the library `studio` of the `app` package so GUI tests can drive
//! it; `main.rs` calls [`run`]. May use the engine; never touches its
//! internals beyond `engine::build` and its public results.

pub mod app;
pub mod audio;
pub mod cases;
pub mod cli;
pub mod command;
pub mod complete;
pub mod document;
pub mod examples;
pub mod export;
pub mod export_dialog;
pub mod files;
pub mod fonts;
pub mod highlight;
pub mod keeper;
pub mod layout;
pub mod live;
pub mod navigate;
pub mod panel_id;
pub mod panels;
pub mod pictures;
pub mod recovery;
pub mod request;
pub mod solutions;
pub mod standalone;
pub mod writers;

use std::process::ExitCode;

pub use app::{Startup, StudioApp};

/// Open the studio on `file`, or on the first example when none is given.
pub fn run(file: Option<&std::path::Path>) -> anyhow::Result<ExitCode> {
    let startup = file.map_or(Startup::Example(0), |f| Startup::File(f.into()));
    let started = std::time::Instant::now();
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title("Puzzlewright")
            .with_app_id("puzzlewright")
            .with_inner_size([1280.0, 800.0])
            .with_min_inner_size([640.0, 400.0])
            .with_drag_and_drop(true),
        renderer: eframe::Renderer::Glow,
        ..Default::default()
    };
    eframe::run_native(
        "Puzzlewright",
        options,
        Box::new(move |cc| {
            let app = StudioApp::new(cc, startup);
            if std::env::var_os("PUZZLEWRIGHT_TIMING").is_some() {
                eprintln!("studio ready in {:?}", started.elapsed());
            }
            Ok(Box::new(app))
        }),
    )
    .map_err(|e| anyhow::anyhow!("cannot open the studio window: {e}"))?;
    Ok(ExitCode::SUCCESS)
}
