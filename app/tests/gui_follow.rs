//! The studio follows the game it has open: after File → Open (or an
//! example, or New) every panel shows and edits the new game, never the
//! one open before (issue 31: the Levels tab kept the old game's cards and
//! painted at its positions into the new text, and design checks of the
//! old game stayed listed).

use std::path::PathBuf;
use std::time::Duration;

use egui::PointerButton;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use engine::syntax::ast::LevelEntry;
use studio::app::Persisted;
use studio::command::Command;
use studio::layout::PanelId;
use studio::{Startup, StudioApp};

mod support;

fn example(name: &str) -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../examples")).join(name)
}

fn first_map(app: &mut StudioApp) -> usize {
    app.doc.ast().levels.iter().position(|e| matches!(e, LevelEntry::Map(_))).expect("a level")
}

fn rows(app: &mut StudioApp, i: usize) -> Vec<Vec<char>> {
    match app.doc.ast().levels.get(i) {
        Some(LevelEntry::Map(m)) => m.rows.clone(),
        _ => Vec::new(),
    }
}

/// Show every panel in turn, so each builds what it caches.
fn show_every_panel(harness: &mut Harness<'_, StudioApp>) {
    for panel in PanelId::ALL {
        support::solo(harness, panel);
        harness.run_steps(3);
    }
}

/// In the level editor, paint the first map's cell (1, 1) with a glyph of
/// this game's legend other than the one there; check that exactly that
/// cell of the open game's text changed and that it still builds.
fn paint_and_check(harness: &mut Harness<'_, StudioApp>) {
    support::solo(harness, PanelId::Levels);
    harness.run_steps(3);
    let before = harness.state().doc.text().to_owned();
    let i = first_map(harness.state_mut());
    harness.state_mut().panels.levels.select(i);
    harness.run_steps(2);
    let old = rows(harness.state_mut(), i);
    let glyphs = engine::edit::legend::glyphs(harness.state_mut().doc.ast());
    let brush = glyphs.iter().map(|g| g.ch).find(|&c| c != old[1][1]).expect("another glyph");
    harness.state_mut().panels.levels.set_brush(Some(brush));
    harness.run_steps(1);
    let (cols, nrows) = (old.iter().map(Vec::len).max().unwrap_or(0), old.len());
    let r = harness.get_by_label("Level canvas").rect();
    let at = egui::pos2(r.min.x + 1.5 * r.width() / cols as f32, r.min.y + 1.5 * r.height() / nrows as f32);
    support::press(harness, at, PointerButton::Primary);
    support::release(harness, at, PointerButton::Primary);
    let mut want = old.clone();
    want[1][1] = brush;
    assert_eq!(rows(harness.state_mut(), i), want, "only the clicked cell of the open game's level changed");
    let after = harness.state().doc.text().to_owned();
    let changed = before.lines().zip(after.lines()).filter(|(a, b)| a != b).count();
    assert_eq!(changed, 1, "one line of the text changed");
    let build = engine::build(&after);
    let errors: Vec<_> = build.diagnostics.iter().filter(|d| d.is_error()).map(|d| &d.message).collect();
    assert!(errors.is_empty(), "the painted game no longer builds: {errors:?}");
}

#[test]
fn every_panel_follows_open_open_recent_and_new() {
    let mut harness =
        support::harness(support::live_app(Startup::Example(0), Persisted::default()), [1280.0, 800.0], true);
    // The garden with an object no level or rule uses: a design check for
    // it is listed, and must go when another game is opened.
    let garden = harness.state().doc.text().to_owned();
    let flower = garden.replacen("OBJECTS\n========\n\n", "OBJECTS\n========\n\nFlowerbed\nPink\n\n", 1).replacen(
        "COLLISIONLAYERS\n================\n\n",
        "COLLISIONLAYERS\n================\n\nFlowerbed\n",
        1,
    );
    assert_ne!(flower, garden);
    harness.state_mut().doc.set_text(flower);
    harness.state_mut().doc.finish_build();
    harness.run_steps(3);
    show_every_panel(&mut harness);
    let listed = |h: &Harness<'_, StudioApp>| {
        h.state().live.findings().shown.iter().any(|f| f.diagnostic.message.to_lowercase().contains("flowerbed"))
    };
    assert!(support::wait_until(&mut harness, Duration::from_secs(60), 0.02, listed), "the design check is listed");
    harness.state_mut().doc.mark_saved(example("sokoban_garden.txt"));

    // Open another game: the old one's design checks go, every panel shows
    // the new one.
    harness.state_mut().open_path(example("ice_slide.txt"));
    harness.state_mut().doc.finish_build();
    harness.run_steps(3);
    assert!(!listed(&harness), "design checks of the previous game are gone");
    show_every_panel(&mut harness);

    // And another, neither of them edited (the two texts were both at their
    // first version, which panels once took for the same): painting edits
    // the game now open, at its own cells.
    harness.state_mut().open_path(example("rigid_barges.txt"));
    harness.state_mut().doc.finish_build();
    harness.run_steps(3);
    show_every_panel(&mut harness);
    paint_and_check(&mut harness);
    harness.state_mut().doc.mark_saved(example("rigid_barges.txt"));

    // New from a template after an unedited game, with its panels all shown.
    harness.state_mut().open_path(example("chime_keys.txt"));
    harness.state_mut().doc.finish_build();
    harness.run_steps(3);
    show_every_panel(&mut harness);
    harness.state_mut().queue(Command::NewFrom(1));
    harness.run_steps(3);
    harness.state_mut().doc.finish_build();
    harness.run_steps(2);
    assert_eq!(harness.state().doc.text(), studio::examples::TEMPLATES[1].text, "New starts from the template");
    show_every_panel(&mut harness);
    paint_and_check(&mut harness);
    assert!(!listed(&harness), "no design check of the garden game is listed");
}
