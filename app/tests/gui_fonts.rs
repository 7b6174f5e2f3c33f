//! Every character a game uses is drawn (issue 31 item 7): easyenigma's
//! hiragana legend glyphs in the level editor's brush palette and in the
//! design checks' messages come from a system font found when egui meets
//! them (`studio::fonts`). The harness panics on any glyph no font draws
//! (egui's `MissingGlyphPolicy::Panic`, kittest's default), so drawing the
//! panels is the test; it also asks egui's fonts about each glyph.
//!
//! Needs a system font with hiragana: Debian's `fonts-droid-fallback`
//! (in `.ci/apt-packages`).

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use studio::app::Persisted;
use studio::layout::PanelId;
use studio::{Startup, StudioApp};

mod support;

/// The legend glyphs of easyenigma outside Latin (hiragana).
const KANA: [char; 3] = ['せ', 'す', 'と'];

fn easyenigma(app: StudioApp, fonts: studio::fonts::SystemFonts) -> Harness<'static, StudioApp> {
    let fonts = std::sync::Arc::new(fonts);
    Harness::builder()
        .with_size([1280.0, 800.0])
        .with_context_setup(move |ctx| ctx.add_font_provider(fonts))
        .build_ui_state(|ui, app: &mut StudioApp| app.ui_root(ui), app)
}

#[test]
fn easyenigmas_palette_and_design_checks_draw_every_glyph() {
    let path = test_support::corpus_file("easyenigma.txt");
    let app = support::live_app(Startup::File(path), Persisted::default());
    let mut harness = easyenigma(app, studio::fonts::SystemFonts::platform());
    harness.state_mut().doc.finish_build();
    studio::layout::focus(&mut harness.state_mut().tree, PanelId::Levels);
    // The design checks answer on their thread; their messages name glyphs
    // like い and お (tofu there would panic a frame).
    let checked = support::wait_until(&mut harness, std::time::Duration::from_secs(60), 0.1, |h| {
        h.state().live.findings().shown.iter().any(|f| f.diagnostic.message.contains('い'))
    });
    assert!(checked, "the design checks name the glyph い");
    harness.run_steps(3);
    for c in KANA {
        // The brush palette lists the glyph with its objects.
        assert!(harness.query_by_label_contains(&format!("{c}  ")).is_some(), "the palette lists {c}");
    }
    let text = harness.state().doc.text().to_owned();
    let used: std::collections::BTreeSet<char> = text.chars().filter(|c| !c.is_ascii() && !c.is_control()).collect();
    assert!(used.len() >= 20, "easyenigma uses {} characters outside ASCII", used.len());
    let missing: Vec<char> = harness.ctx.fonts_mut(|f| {
        used.iter()
            .copied()
            .filter(|&c| {
                [egui::FontId::proportional(14.0), egui::FontId::monospace(14.0)].iter().any(|id| !f.has_glyph(id, c))
            })
            .collect()
    });
    assert!(missing.is_empty(), "no font draws {missing:?}");
}

#[test]
fn a_latin_game_reads_no_font_file() {
    let fonts = std::sync::Arc::new(studio::fonts::SystemFonts::platform());
    let app = support::app(Startup::Example(0), Persisted::default());
    let provider = fonts.clone();
    let mut harness = Harness::builder()
        .with_size([1280.0, 800.0])
        .with_context_setup(move |ctx| ctx.add_font_provider(provider))
        .build_ui_state(|ui, app: &mut StudioApp| app.ui_root(ui), app);
    harness.run_steps(4);
    assert_eq!(fonts.files_loaded(), 0, "the built-in fonts draw the sample game");
    assert_eq!(fonts.maps_read(), 0, "and no font was even looked into");
}

/// The palette as it looks (only Debian's Droid fallback font, so the
/// picture does not depend on which other fonts a machine has).
#[test]
fn palette_snapshot_with_hiragana() {
    let path = test_support::corpus_file("easyenigma.txt");
    let app = support::app(Startup::File(path), Persisted::default());
    let droid = std::path::PathBuf::from("/usr/share/fonts/truetype/droid");
    assert!(droid.is_dir(), "needs Debian's fonts-droid-fallback (.ci/apt-packages)");
    let mut harness = easyenigma(app, studio::fonts::SystemFonts::new(vec![droid]));
    harness.state_mut().doc.finish_build();
    // The picture must not show where this checkout is.
    harness.state_mut().doc.path = Some(std::path::PathBuf::from("easyenigma.txt"));
    harness.state_mut().status.clear();
    support::solo(&mut harness, PanelId::Levels);
    harness.set_size(egui::vec2(900.0, 400.0));
    harness.run_steps(4);
    assert!(harness.query_by_label_contains("せ  ").is_some());
    support::snapshot(&mut harness, "levels_palette_hiragana");
}
