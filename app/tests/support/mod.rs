//! What the studio's GUI test files share: building a studio in a headless
//! egui_kittest harness, pressing and releasing the pointer, and taking a
//! snapshot (or saying why not). Each test file includes it with
//! `mod support;` and uses the part it needs.
#![allow(dead_code, reason = "each test file uses a different part")]

use egui::PointerButton;
use egui_kittest::Harness;
use studio::app::Persisted;
use studio::files::NoDialogs;
use studio::layout::PanelId;
use studio::{Startup, StudioApp};

/// A studio on `startup` with `persisted` settings, no file dialogs and no
/// recovery folder, and the live checks off (their thread answers at its
/// own pace, which pictures and counts must not depend on; `gui_live.rs`
/// tests them with [`live_app`]).
pub fn app(startup: Startup, persisted: Persisted) -> StudioApp {
    let mut app = live_app(startup, persisted);
    app.live = studio::live::LiveChecks::off();
    app
}

/// [`app`] with the live checks on (the engine's solver and analyzer).
pub fn live_app(startup: Startup, persisted: Persisted) -> StudioApp {
    StudioApp::with_parts(startup, persisted, Box::new(NoDialogs::default()), None)
}

/// `app` in a harness of `size`. `tofu`: corpus games use glyphs (Japanese,
/// symbols) the test fonts lack; the real app draws boxes for them, so
/// those tests allow it too.
pub fn harness(app: StudioApp, size: [f32; 2], tofu: bool) -> Harness<'static, StudioApp> {
    let mut builder = Harness::builder().with_size(size);
    if tofu {
        builder = builder.allow_missing_glyphs();
    }
    builder.build_ui_state(|ui, app: &mut StudioApp| app.ui_root(ui), app)
}

/// The whole studio on `startup`, 1280x800, after its first frames.
pub fn studio(startup: Startup) -> Harness<'static, StudioApp> {
    let mut h = harness(app(startup, Persisted::default()), [1280.0, 800.0], false);
    h.run_steps(4);
    h
}

/// Show only `panel`, filling the window.
pub fn solo(harness: &mut Harness<'_, StudioApp>, panel: PanelId) {
    harness.state_mut().tree = egui_tiles::Tree::new_tabs(egui::Id::unique("solo"), vec![panel]);
}

/// Move the pointer to `pos` and press `button` there (one frame each).
pub fn press(harness: &mut Harness<'_, StudioApp>, pos: egui::Pos2, button: PointerButton) {
    harness.event(egui::Event::PointerMoved(pos));
    harness.run_steps(1);
    harness.event(egui::Event::PointerButton { pos, button, pressed: true, modifiers: egui::Modifiers::NONE });
    harness.run_steps(1);
}

/// Release `button` at `pos`, then let two frames pass.
pub fn release(harness: &mut Harness<'_, StudioApp>, pos: egui::Pos2, button: PointerButton) {
    harness.event(egui::Event::PointerButton { pos, button, pressed: false, modifiers: egui::Modifiers::NONE });
    harness.run_steps(2);
}

/// True when a snapshot that cannot render must fail rather than skip: in
/// CI (`CI` set, as CI services do and `.ci/run` does) or when
/// `PUZZLEWRIGHT_REQUIRE_GPU` is set to anything but `0` or empty.
pub fn rendering_required() -> bool {
    ["CI", "PUZZLEWRIGHT_REQUIRE_GPU"]
        .iter()
        .any(|v| std::env::var(v).is_ok_and(|x| !x.is_empty() && x != "0" && x != "false"))
}

/// Render and compare with `app/tests/snapshots/NAME.png`, or say why not
/// when this machine cannot render headless (a failure where rendering is
/// required: [`rendering_required`]). A little slack for other Mesa
/// versions (antialiasing edges); a changed layout or colour fails by far
/// more than this.
pub fn snapshot(harness: &mut Harness<'_, StudioApp>, name: &str) {
    match harness.render() {
        Err(err) if rendering_required() => {
            panic!(
                "snapshot {name}: cannot render headless here ({err}), and CI / PUZZLEWRIGHT_REQUIRE_GPU requires it"
            )
        }
        Err(err) => eprintln!("skipping snapshot {name}: cannot render headless here ({err})"),
        Ok(_) => {
            harness.snapshot_options(name, &egui_kittest::SnapshotOptions::new().threshold(1.0).max_failed_pixels(100))
        }
    }
}

/// `app` in a harness with the level editor in front of the code (the
/// player and Problems beside), its first build done: where the live
/// checks' verdicts show.
pub fn live_studio(app: StudioApp) -> Harness<'static, StudioApp> {
    let mut harness = harness(app, [1280.0, 800.0], false);
    harness.state_mut().doc.finish_build();
    studio::layout::focus(&mut harness.state_mut().tree, PanelId::Levels);
    harness.run_steps(3);
    harness
}

/// Step frames, moving the app's clock by `dt` and sleeping a little so
/// the live checks' worker can answer, until `done` (false after `limit`
/// of real time).
pub fn wait_until(
    harness: &mut Harness<'_, StudioApp>,
    limit: std::time::Duration,
    dt: f64,
    done: impl Fn(&Harness<'_, StudioApp>) -> bool,
) -> bool {
    let start = std::time::Instant::now();
    while !done(harness) {
        if start.elapsed() > limit {
            return false;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
        let time = harness.ctx.input(|i| i.time) + dt;
        harness.input_mut().time = Some(time);
        harness.step();
    }
    true
}

/// The status a level card shows (its accessible value).
pub fn card_status(harness: &Harness<'_, StudioApp>, label: &str) -> String {
    use egui_kittest::kittest::Queryable as _;
    harness.get_by_label_contains(label).value().unwrap_or_default()
}

/// The built-in example's level 1 (entry 1 of `examples/sokoban_garden.txt`):
/// down and right to the pot, two pushes right, round above it, one push
/// down onto the soil. Seven moves, the last one wins.
pub const GARDEN_LEVEL_1: [egui::Key; 7] = [
    egui::Key::ArrowDown,
    egui::Key::ArrowRight,
    egui::Key::ArrowRight,
    egui::Key::ArrowRight,
    egui::Key::ArrowUp,
    egui::Key::ArrowRight,
    egui::Key::ArrowDown,
];

/// Play every move of [`GARDEN_LEVEL_1`] but the last, a press and two
/// frames each, a third of a second apart as a player would; the caller
/// presses the winning key itself.
pub fn garden_level_1_but_the_last(harness: &mut Harness<'_, StudioApp>) -> egui::Key {
    let (last, before) = GARDEN_LEVEL_1.split_last().expect("moves");
    for &key in before {
        let time = harness.ctx.input(|i| i.time) + 0.3;
        harness.input_mut().time = Some(time);
        harness.key_press(key);
        harness.step();
        // Back to the harness's own clock, which goes on from here.
        harness.input_mut().time = None;
        harness.step();
    }
    *last
}

/// The code panel's selection as a byte range of the document's text.
pub fn selected(harness: &Harness<'_, StudioApp>) -> Option<std::ops::Range<usize>> {
    studio::panels::code::selection(&harness.ctx, harness.state().doc.text())
}
