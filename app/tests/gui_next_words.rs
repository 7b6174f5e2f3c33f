//! The editor knows PuzzleScript Plus's and Next's words (issue 35, item
//! 5): the Outline lists TAGS and MAPPINGS and their entries, go to
//! definition (F12) on a tag, a mapping or a tag's value goes to its line,
//! and completion offers the forks' words in their games only. (The
//! highlighter's colours for them: `highlight.rs`'s unit tests.)

use egui::accesskit::Role;
use egui_kittest::kittest::Queryable as _;
use studio::Startup;

mod support;
use support::{selected, studio};

/// A small PuzzleScript Next game with a tag and a mapping (it builds with
/// no error: `a_tagged_game_builds_and_plays`).
const TAGGED: &str = "title Tagged\nstatus_line\n\nTAGS\nShade = Red Blue\n\nMAPPINGS\nShade => Other\nRed Blue -> Blue Red\n\nOBJECTS\nBackground\nblack\n\nPlayer\nwhite\n\nLamp:Red\nred\n\nLamp:Blue\nblue\n\nLEGEND\n. = Background\nP = Player\nA = Lamp:Red\n\nSOUNDS\n\nCOLLISIONLAYERS\nBackground\nPlayer, Lamp:Shade\n\nRULES\nShade [ action Player | Lamp:Shade ] -> [ Player | Lamp:Other ]\n\nWINCONDITIONS\n\nLEVELS\nPA.\n";

/// The studio on `game`, written to a folder of this test's own.
fn open(game: &str, name: &str) -> egui_kittest::Harness<'static, studio::StudioApp> {
    let dir = std::env::temp_dir().join(format!("puzzlewright-next-words-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("game.txt");
    std::fs::write(&path, game).expect("write the game");
    // Tall, so the whole outline shows without scrolling.
    let app = support::app(Startup::File(path), studio::app::Persisted::default());
    let mut harness = support::harness(app, [1280.0, 1600.0], false);
    harness.run_steps(4);
    harness
}

#[test]
fn a_tagged_game_builds_and_plays() {
    let b = engine::build(TAGGED);
    let errors: Vec<_> = b.diagnostics.iter().filter(|d| d.severity == engine::Severity::Error).collect();
    assert!(errors.is_empty(), "{errors:#?}");
    let game = b.game.expect("built");
    // Action beside the lamp turns it to the other shade, and back.
    let mut session = engine::run::Session::new(game, 0, None);
    let red = session.dump();
    session.input(engine::run::Input::Action);
    let blue = session.dump();
    assert_ne!(red, blue, "the lamp changed");
    session.input(engine::run::Input::Action);
    assert_eq!(session.dump(), red, "and changed back");
}

#[test]
fn the_outline_lists_tags_and_mappings_and_a_click_shows_them() {
    let mut harness = open(TAGGED, "outline");
    harness.get_by_label("Outline").click();
    harness.run_steps(3);
    for shown in ["Sections (9)", "Tags (1)", "Mappings (1)"] {
        harness.get_by_label(shown);
    }
    harness.get_by_label("    4  TAGS");
    harness.get_by_label("    7  MAPPINGS");
    harness.get_by_label("   11  OBJECTS");
    harness.get_by_label("    5  Shade = Red Blue");
    harness.get_by_label("    8  Shade => Other").click();
    harness.run_steps(3);
    let other = TAGGED.find("Other\n").expect("the mapping");
    assert_eq!(selected(&harness), Some(other..other + 5), "the mapping's name, selected in the code");
    harness.get_by_label("Outline").click();
    harness.run_steps(3);
    harness.get_by_label("    5  Shade = Red Blue").click();
    harness.run_steps(3);
    let shade = TAGGED.find("Shade =").expect("the tag");
    assert_eq!(selected(&harness), Some(shade..shade + 5), "the tag's name");
}

#[test]
fn f12_on_a_tag_a_mapping_or_a_value_goes_to_its_line() {
    let mut harness = open(TAGGED, "f12");
    let shade = TAGGED.find("Shade =").expect("the tag");
    let other = TAGGED.find("Other\n").expect("the mapping");
    let red = TAGGED.find("Red Blue\n").expect("the value");
    for (at, want, line) in [
        (TAGGED.find("| Lamp:Shade").expect("a tagged name") + 8, shade..shade + 5, 5),
        (TAGGED.find("Lamp:Other").expect("a mapped name") + 6, other..other + 5, 8),
        (TAGGED.find("= Lamp:Red").expect("a value") + 8, red..red + 3, 5),
    ] {
        studio::panels::code::set_selection(&harness.ctx, TAGGED, at..at);
        harness.run_steps(2);
        harness.key_press(egui::Key::F12);
        harness.run_steps(3);
        let status = harness.state().status.clone();
        assert_eq!(selected(&harness), Some(want.clone()), "{}: {status}", &TAGGED[want]);
        assert!(status.contains(&format!("defined on line {line}")), "{status}");
    }
}

/// Type `typed` at the end of the rules line of the open game and return
/// the completion offered.
fn offered_after(harness: &mut egui_kittest::Harness<'_, studio::StudioApp>, typed: &str) -> Vec<String> {
    let text = harness.state().doc.text().to_owned();
    let rule = text.find("RULES\n").expect("rules") + "RULES".len();
    studio::panels::code::set_selection(&harness.ctx, &text, rule..rule);
    harness.run_steps(2);
    harness.get_by_role(Role::MultilineTextInput).type_text(typed);
    harness.run_steps(2);
    harness.state().panels.code.completion.as_ref().map(|c| c.items.clone()).unwrap_or_default()
}

#[test]
fn completion_offers_next_words_only_in_a_next_game() {
    let mut harness = open(TAGGED, "complete");
    assert_eq!(offered_after(&mut harness, "\nonc"), ["once"]);
    harness.get_by_label("once");
    harness.key_press(egui::Key::Tab);
    harness.run_steps(2);
    assert!(harness.state().doc.text().contains("RULES\nonce\n"), "Tab puts the word in");
    // The built-in example is a classic game: `once` would make it a Next
    // game, so it is not offered.
    let mut classic = studio(Startup::Example(0));
    assert_eq!(offered_after(&mut classic, "\nonc"), Vec::<String>::new());
}

/// A PuzzleScript Plus/Next game with an `afx:` animation, TAGS after
/// OBJECTS, a section, named levels and a link (it builds with no error:
/// `the_outline_lists_level_sections_names_and_links`).
const SECTIONED: &str = "title Sectioned\nlevel_select\n\nOBJECTS\nBackground\nblack\n\nPlayer\nwhite\n\nDoor\nbrown\n\n\
TAGS\nShade = Red Blue\n\nOBJECTS\nLamp:Shade\nred\n\nLEGEND\n. = Background\nP = Player\nD = Door\nA = Lamp:Red\n\n\
SOUNDS\nPlayer move afx:slide:ease=easeOutQuad\n\nCOLLISIONLAYERS\nBackground\nDoor\nPlayer, Lamp:Shade\n\n\
RULES\n[ action Player ] -> [ Player ]\n\nWINCONDITIONS\n\nLEVELS\nsection Easy Ones\nlevel First Steps\nPA.D\n\n\
link Door Easy Ones\nlevel Second\nP..\n";

#[test]
fn the_outline_lists_level_sections_names_and_links() {
    let b = engine::build(SECTIONED);
    let errors: Vec<_> = b.diagnostics.iter().filter(|d| d.severity == engine::Severity::Error).collect();
    assert!(errors.is_empty(), "{errors:#?}");
    assert!(b.game.is_some());
    let mut harness = open(SECTIONED, "levels");
    harness.get_by_label("Outline").click();
    harness.run_steps(3);
    harness.get_by_label("Levels (2)");
    harness.get_by_label("   14  TAGS");
    harness.get_by_label("   42  level First Steps");
    harness.get_by_label("   45  link Door Easy Ones");
    harness.get_by_label("   46  level Second");
    harness.get_by_label("   41  section Easy Ones").click();
    harness.run_steps(3);
    let at = SECTIONED.find("section Easy Ones").expect("the section");
    assert_eq!(selected(&harness), Some(at..at + "section Easy Ones".len()), "the section's line, selected");
}

/// Type `typed` at the end of the SOUNDS line of the open game and return
/// the completion offered.
fn offered_in_sounds(harness: &mut egui_kittest::Harness<'_, studio::StudioApp>, typed: &str) -> Vec<String> {
    let text = harness.state().doc.text().to_owned();
    let end = text.find("easeOutQuad").expect("the afx word") + "easeOutQuad".len();
    studio::panels::code::set_selection(&harness.ctx, &text, end..end);
    harness.run_steps(2);
    harness.get_by_role(Role::MultilineTextInput).type_text(typed);
    harness.run_steps(2);
    harness.state().panels.code.completion.as_ref().map(|c| c.items.clone()).unwrap_or_default()
}

#[test]
fn completion_offers_afx_parts_and_tab_puts_one_in() {
    let mut harness = open(SECTIONED, "afx");
    assert_eq!(offered_in_sounds(&mut harness, ":zo"), ["zoom"]);
    harness.get_by_label("zoom");
    harness.key_press(egui::Key::Tab);
    harness.run_steps(2);
    assert!(harness.state().doc.text().contains("afx:slide:ease=easeOutQuad:zoom\n"), "Tab puts the part in");
}

/// A PuzzleScript Plus game with sections, a rule's `goto`, a LEVELS
/// `goto` and a link (it builds with no error:
/// `goto_offers_the_sections_a_click_puts_one_in_and_f12_goes_there`).
const FLOW: &str = "title Flow\nlevel_select\n\nOBJECTS\nBackground\nblack\n\nPlayer\nwhite\n\nDoor\nbrown\n\n\
LEGEND\n. = Background\nP = Player\nD = Door\n\nCOLLISIONLAYERS\nBackground\nDoor\nPlayer\n\n\
RULES\n[ action Player ] -> link\n\nWINCONDITIONS\n\nLEVELS\nsection Easy Ones\nP.D\n\ngoto The End\n\n\
section Hard Ones\nlink Door Easy Ones\nlevel Bridge\nP.D\n\nsection The End\nmessage done\n";

#[test]
fn goto_offers_the_sections_a_click_puts_one_in_and_f12_goes_there() {
    let b = engine::build(FLOW);
    let errors: Vec<_> = b.diagnostics.iter().filter(|d| d.severity == engine::Severity::Error).collect();
    assert!(errors.is_empty(), "{errors:#?}");
    assert!(b.game.is_some());
    let mut harness = open(FLOW, "goto");
    // A rule's `goto `: the sections, in a popup under the cursor.
    assert_eq!(offered_after(&mut harness, "\nlate [ Player Door ] -> goto "), ["Easy Ones", "Hard Ones", "The End"]);
    // The picture once the build of the typed text has landed (its E0807:
    // no section is named "" yet), so it does not depend on the build's pace.
    // The file's place (a folder per process) is not part of the picture.
    harness.state_mut().doc.finish_build();
    harness.state_mut().doc.path = Some(std::path::PathBuf::from("game.txt"));
    harness.state_mut().status.clear();
    harness.run_steps(2);
    assert_eq!(harness.state().panels.code.completion.as_ref().map(|c| c.items.len()), Some(3), "still open");
    support::snapshot(&mut harness, "code_goto_completion");
    // A click on one puts it in.
    harness.get_by_label("Hard Ones").click();
    harness.run_steps(2);
    let text = harness.state().doc.text().to_owned();
    assert!(text.contains("RULES\nlate [ Player Door ] -> goto Hard Ones\n"), "{text}");
    assert!(harness.state().panels.code.completion.is_none(), "the popup closed");
    // F12 on it goes to the section's line.
    let at = text.find("goto Hard").expect("typed") + 7;
    studio::panels::code::set_selection(&harness.ctx, &text, at..at);
    harness.run_steps(2);
    harness.key_press(egui::Key::F12);
    harness.run_steps(3);
    let section = text.find("section Hard Ones").expect("the section");
    let status = harness.state().status.clone();
    assert_eq!(selected(&harness), Some(section..section + "section Hard Ones".len()), "{status}");
    let line = text[..section].matches('\n').count() + 1;
    assert!(status.contains(&format!("defined on line {line}")), "{status}");
    // A link's target in LEVELS: the sections and the named level.
    let end = text.len();
    studio::panels::code::set_selection(&harness.ctx, &text, end..end);
    harness.run_steps(2);
    harness.get_by_role(Role::MultilineTextInput).type_text("\nlink Door B");
    harness.run_steps(2);
    let offered = harness.state().panels.code.completion.as_ref().map(|c| c.items.clone()).unwrap_or_default();
    assert_eq!(offered, ["Bridge"]);
    harness.key_press(egui::Key::Tab);
    harness.run_steps(2);
    assert!(harness.state().doc.text().ends_with("\nlink Door Bridge"), "Tab puts it in");
}
