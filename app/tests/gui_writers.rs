//! Nothing the studio writes may cost the author their game: WAV exports,
//! saves, recovery and settings, through the system dialog and through the
//! studio's own path prompt, driven headless through egui_kittest. Ends
//! with a property test of random sequences of them.

use std::collections::{BTreeMap, VecDeque};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use studio::app::Persisted;
use studio::command::Command;
use studio::files::{DialogKind, DialogOutcome, Dialogs, NoDialogs};
use studio::layout::PanelId;
use studio::request::AppRequest;
use studio::{Startup, StudioApp};

mod support;

/// A system dialog that answers what the test tells it to, and remembers
/// where it was asked to open.
#[derive(Default, Clone)]
struct Scripted {
    answers: Arc<Mutex<VecDeque<DialogOutcome>>>,
    asked: Arc<Mutex<Vec<(DialogKind, PathBuf)>>>,
    running: Arc<Mutex<Option<DialogKind>>>,
}

impl Scripted {
    fn answer(&self, outcome: DialogOutcome) {
        self.answers.lock().expect("lock").push_back(outcome);
    }
}

impl Dialogs for Scripted {
    fn start(&mut self, kind: DialogKind, proposed: &Path, _: &egui::Context) {
        self.asked.lock().expect("lock").push((kind, proposed.to_path_buf()));
        *self.running.lock().expect("lock") = Some(kind);
    }

    fn poll(&mut self) -> Option<(DialogKind, DialogOutcome)> {
        let kind = self.running.lock().expect("lock").take()?;
        let outcome = self.answers.lock().expect("lock").pop_front().unwrap_or(DialogOutcome::Cancelled);
        Some((kind, outcome))
    }
}

fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("puzzlewright-writers-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

fn harness_with(app: StudioApp) -> Harness<'static, StudioApp> {
    let mut harness = support::harness(app, [1100.0, 800.0], false);
    harness.run_steps(3);
    harness
}

/// The text in the path prompt's field.
fn prompt_text(harness: &Harness<'_, StudioApp>) -> String {
    harness.get_by_role(Role::TextInput).value().unwrap_or_default()
}

/// Replace the path prompt's text with `path`.
fn type_path(harness: &mut Harness<'_, StudioApp>, path: &Path) {
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    harness.run_steps(1);
    harness.get_by_role(Role::TextInput).type_text(&path.display().to_string());
    harness.run_steps(1);
}

const GAME: &str = "title Mine\n(the author's afternoon)\n";

#[test]
fn exporting_a_wav_never_writes_over_the_game() {
    let dir = folder("wav");
    let game = dir.join("victim.txt");
    std::fs::write(&game, GAME).expect("write");
    let seed = 49_001_100;
    let persisted = Persisted { sound_favourites: vec![seed], ..Persisted::default() };
    let app = StudioApp::with_parts(Startup::File(game.clone()), persisted, Box::new(NoDialogs::default()), None);
    let mut harness = harness_with(app);
    support::solo(&mut harness, PanelId::Sounds);
    harness.run_steps(2);
    harness.get_by_label("WAV").click();
    harness.run_steps(3);

    // The prompt proposes a sound's name beside the game, never the game.
    let proposed = prompt_text(&harness);
    assert_eq!(PathBuf::from(&proposed), dir.join(format!("sound-{seed}.wav")), "{proposed}");

    // Typing the game's own path is refused, with the reason.
    type_path(&mut harness, &game);
    harness.get_by_label("Save").click();
    harness.run_steps(3);
    assert_eq!(std::fs::read_to_string(&game).expect("game"), GAME, "the game is untouched");
    assert!(harness.state().status.contains("is the open game"), "{}", harness.state().status);
    assert_eq!(harness.query_all_by_label_contains("is the open game").count(), 2, "said in the prompt too");
    assert!(!harness.state().doc.is_dirty());

    // Another existing file is replaced only after a yes.
    let other = dir.join("notes.txt");
    std::fs::write(&other, "notes").expect("write");
    type_path(&mut harness, &other);
    harness.get_by_label("Save").click();
    harness.run_steps(3);
    harness.get_by_label("Replace notes.txt?");
    harness.get_by_label("Cancel").click();
    harness.run_steps(3);
    assert_eq!(std::fs::read_to_string(&other).expect("other"), "notes", "Cancel keeps the file");
    assert_eq!(PathBuf::from(prompt_text(&harness)), other, "back in the prompt with the name");
    harness.get_by_label("Save").click();
    harness.run_steps(3);
    harness.get_by_label("Replace").click();
    harness.run_steps(3);
    assert_eq!(std::fs::read(&other).expect("other"), studio::writers::wav_bytes(seed));

    // A new name is written at once.
    harness.get_by_label("WAV").click();
    harness.run_steps(3);
    harness.get_by_label("Save").click();
    harness.run_steps(3);
    assert_eq!(std::fs::read(dir.join(format!("sound-{seed}.wav"))).expect("wav"), studio::writers::wav_bytes(seed));
    assert_eq!(std::fs::read_to_string(&game).expect("game"), GAME);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn after_the_system_dialog_an_existing_file_is_asked_about_and_the_game_refused() {
    let dir = folder("dialog");
    let game = dir.join("victim.txt");
    std::fs::write(&game, GAME).expect("write");
    let other = dir.join("older.txt");
    std::fs::write(&other, "older").expect("write");
    let dialogs = Scripted::default();
    let app = StudioApp::with_parts(Startup::File(game.clone()), Persisted::default(), Box::new(dialogs.clone()), None);
    let mut harness = harness_with(app);

    // The dialog opens on a sound's name in the game's folder.
    dialogs.answer(DialogOutcome::Picked(game.clone()));
    harness.state_mut().request(AppRequest::ExportWav(77));
    harness.run_steps(3);
    assert_eq!(
        dialogs.asked.lock().expect("lock").last(),
        Some(&(DialogKind::ExportWav(77), dir.join("sound-77.wav")))
    );
    assert_eq!(std::fs::read_to_string(&game).expect("game"), GAME, "picking the game for a WAV is refused");
    assert!(harness.state().status.contains("is the open game"), "{}", harness.state().status);

    // Save As onto an existing file asks first; the game is saved there on a yes.
    harness.state_mut().doc.set_text("title Mine, edited\n".into());
    dialogs.answer(DialogOutcome::Picked(other.clone()));
    harness.state_mut().queue(Command::SaveAs);
    harness.run_steps(3);
    assert_eq!(dialogs.asked.lock().expect("lock").last(), Some(&(DialogKind::SaveAs, game.clone())));
    harness.get_by_label("Replace older.txt?");
    assert_eq!(std::fs::read_to_string(&other).expect("other"), "older");
    harness.get_by_label("Replace").click();
    harness.run_steps(3);
    assert_eq!(std::fs::read_to_string(&other).expect("other"), "title Mine, edited\n");
    assert_eq!(harness.state().doc.path.as_deref(), Some(other.as_path()));
    assert!(!harness.state().doc.is_dirty());
    assert_eq!(std::fs::read_to_string(&game).expect("game"), GAME, "the first file is as it was");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn recovery_and_settings_are_never_written_over_the_open_game() {
    let dir = folder("own-files");
    // The author opened the studio's own recovery file as a game.
    let game = dir.join("recovery.txt");
    std::fs::write(&game, GAME).expect("write");
    let app = StudioApp::with_parts(
        Startup::File(game.clone()),
        Persisted::default(),
        Box::new(NoDialogs::default()),
        Some(dir.clone()),
    );
    let mut harness = harness_with(app);
    if harness.query_by_label("Restore").is_some() {
        harness.get_by_label("Discard").click();
        harness.run_steps(2);
    }
    harness.state_mut().doc.set_text("title Mine, unsaved\n".into());
    harness.state_mut().autosave_now();
    harness.run_steps(2);
    assert_eq!(std::fs::read_to_string(&game).expect("game"), GAME, "autosave did not replace the game");
    assert!(harness.state().status.contains("Autosave is off"), "{}", harness.state().status);

    // The settings file, likewise.
    let settings = dir.join(studio::app::SETTINGS_FILE);
    std::fs::write(&settings, GAME).expect("write");
    harness.state_mut().open_path(settings.clone());
    harness.run_steps(2);
    harness.state_mut().save_settings();
    assert_eq!(std::fs::read_to_string(&settings).expect("settings"), GAME);
    assert!(harness.state().status.contains("Settings not kept"), "{}", harness.state().status);

    // With an ordinary game open, settings are written and read back.
    let ordinary = dir.join("ordinary.txt");
    std::fs::write(&ordinary, GAME).expect("write");
    harness.state_mut().open_path(ordinary);
    harness.state_mut().panels.sounds.favourites = vec![5, 6];
    harness.state_mut().save_settings();
    let back = Persisted::load(&dir).expect("settings read back");
    assert_eq!(back.sound_favourites, vec![5, 6]);
    assert!(back.recent.iter().any(|p| p.ends_with("ordinary.txt")));
    let _ = std::fs::remove_dir_all(&dir);
}

/// A small deterministic generator, so a failing sequence can be replayed.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        self.0 >> 33
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Every file in `dir` with its bytes.
fn files(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    std::fs::read_dir(dir)
        .expect("list")
        .filter_map(Result::ok)
        .filter(|e| e.path().is_file())
        .map(|e| (e.file_name().to_string_lossy().into_owned(), std::fs::read(e.path()).unwrap_or_default()))
        .collect()
}

#[derive(Debug, Clone, Copy)]
enum Op {
    Edit,
    Save,
    SaveAs,
    ExportWav,
    Autosave,
    Settings,
}

/// Random sequences of saves, exports, autosaves and settings writes into
/// one folder, through the system dialog and the path prompt, answering
/// Replace or Cancel at random. After every step: a file that was the open
/// game changed only by a save of the game (to the game's text), every
/// other file that existed changed only after a Replace (or is the
/// studio's own recovery or settings file, when it is not the game), and
/// no temporary file is left behind.
#[test]
fn random_writes_never_replace_the_game_with_anything_but_a_save_of_it() {
    let dir = folder("property");
    let names = [
        "game.txt",
        "recovery.txt",
        "recovery.json",
        "settings.json",
        "other.txt",
        "sound.wav",
        "new.txt",
        "x.wav",
        "sub",
    ];
    for sequence in 0..24u64 {
        let mut rng = Lcg(0x5eed ^ sequence.wrapping_mul(0x9e37_79b9));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("sub")).expect("temp dir");
        // Sometimes the game is itself one of the studio's own files.
        let game_name = ["game.txt", "recovery.txt", "settings.json"][rng.below(3)];
        let game = dir.join(game_name);
        std::fs::write(&game, format!("title Game {sequence}\n")).expect("write");
        std::fs::write(dir.join("other.txt"), "other").expect("write");
        let scripted = Scripted::default();
        let use_dialog = rng.below(2) == 0;
        let dialogs: Box<dyn Dialogs> =
            if use_dialog { Box::new(scripted.clone()) } else { Box::new(NoDialogs::default()) };
        let app = StudioApp::with_parts(Startup::File(game.clone()), Persisted::default(), dialogs, Some(dir.clone()));
        let mut harness = harness_with(app);
        if harness.query_by_label("Restore").is_some() {
            harness.get_by_label("Discard").click();
            harness.run_steps(2);
        }
        let mut log = Vec::new();
        for step in 0..10 {
            let op = [Op::Edit, Op::Save, Op::SaveAs, Op::ExportWav, Op::Autosave, Op::Settings][rng.below(6)];
            let target = dir.join(names[rng.below(names.len())]);
            let replace = rng.below(2) == 0;
            let open_before = harness.state().doc.path.clone();
            let before = files(&dir);
            let text = harness.state().doc.text().to_owned();
            log.push(format!("{op:?} {} replace={replace} (open {open_before:?})", target.display()));
            let mut confirmed: Option<PathBuf> = None;
            match op {
                Op::Edit => {
                    let new = format!("{text}(edit {sequence}.{step})\n");
                    harness.state_mut().doc.set_text(new);
                }
                Op::Save => harness.state_mut().queue(Command::Save),
                Op::SaveAs | Op::ExportWav => {
                    if use_dialog {
                        scripted.answer(DialogOutcome::Picked(target.clone()));
                    }
                    if matches!(op, Op::SaveAs) {
                        harness.state_mut().queue(Command::SaveAs);
                    } else {
                        harness.state_mut().request(AppRequest::ExportWav(1000 + step));
                    }
                    harness.run_steps(3);
                    if !use_dialog && harness.query_by_label("Save").is_some() {
                        type_path(&mut harness, &target);
                        harness.get_by_label("Save").click();
                        harness.run_steps(3);
                    }
                }
                Op::Autosave => harness.state_mut().autosave_now(),
                Op::Settings => harness.state_mut().save_settings(),
            }
            harness.run_steps(3);
            // A replacement asked about: answer at random.
            if harness.query_by_label_contains("already exists").is_some() {
                if replace {
                    confirmed = Some(target.clone());
                    harness.get_by_label("Replace").click();
                } else {
                    harness.get_by_label("Cancel").click();
                }
                harness.run_steps(3);
            }
            // Leave any prompt still open.
            while harness.query_by_label("Cancel").is_some() {
                harness.get_by_label("Cancel").click();
                harness.run_steps(3);
            }
            let after = files(&dir);
            let doc_text = harness.state().doc.text().to_owned();
            let is_save = matches!(op, Op::Save | Op::SaveAs);
            for (name, old) in &before {
                let path = dir.join(name);
                let was_game = open_before.as_deref().is_some_and(|g| studio::writers::same_file(g, &path));
                match after.get(name) {
                    None => {
                        assert!(!was_game && (name.starts_with("recovery.")), "{name} disappeared; steps: {log:#?}")
                    }
                    Some(new) if new != old => {
                        if was_game {
                            assert!(
                                is_save && new == doc_text.as_bytes(),
                                "the game {name} was replaced by something other than a save of it; steps: {log:#?}"
                            );
                        } else {
                            let own = matches!(name.as_str(), "recovery.txt" | "recovery.json" | "settings.json");
                            let asked = confirmed.as_deref() == Some(path.as_path());
                            assert!(own || asked, "{name} was replaced without asking; steps: {log:#?}");
                        }
                    }
                    Some(_) => {}
                }
            }
            for name in after.keys() {
                assert!(!name.ends_with(studio::writers::TEMP_SUFFIX), "temporary file {name} left; steps: {log:#?}");
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}
