//! Sound output: the real device path without a device, mute in the View
//! menu, and the player forwarding a recorded session's sounds.

use std::sync::Arc;
use std::time::{Duration, Instant};

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use engine::run::{Event, Session};
use serde_json::Value;
use studio::app::Persisted;
use studio::audio::{Audio, DeviceState, RodioAudio, Silent};
use studio::cases::PlayCase;
use studio::layout::PanelId;
use studio::panels::player::PlayerPanel;
use studio::{Startup, StudioApp};

mod support;

#[test]
fn rodio_audio_without_a_device_returns_promptly_and_logs_once() {
    let started = Instant::now();
    let audio = RodioAudio::new();
    for seed in [36_772_507, 83_744_503, 45_117_300, 1, -5] {
        audio.play(seed);
    }
    audio.set_volume(0.5);
    assert!(started.elapsed() < Duration::from_millis(500), "plays block: {:?}", started.elapsed());
    // The worker opens the device (or fails to) on its own thread.
    let deadline = Instant::now() + Duration::from_secs(30);
    while audio.state() == DeviceState::NotOpened && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(10));
    }
    match audio.state() {
        DeviceState::Unavailable => {
            assert_eq!(audio.log_lines(), 1, "one line about the missing device");
            let again = Instant::now();
            for seed in 0..50 {
                audio.play(seed);
            }
            assert!(again.elapsed() < Duration::from_millis(200));
            std::thread::sleep(Duration::from_millis(100));
            assert_eq!(audio.log_lines(), 1, "still one line after more plays");
        }
        DeviceState::Open => eprintln!("note: this machine has a sound device; the no-device path was not exercised"),
        DeviceState::NotOpened => panic!("the worker never tried the device"),
    }
    // Dropping it (the worker ends when the channel closes) must not hang.
    drop(audio);
}

fn sounds_studio(persisted: Persisted) -> Harness<'static, StudioApp> {
    let mut harness = support::harness(support::app(Startup::Example(4), persisted), [900.0, 900.0], false);
    support::solo(&mut harness, PanelId::Sounds);
    harness.run_steps(3);
    harness
}

fn click_mute(harness: &mut Harness<'_, StudioApp>) {
    harness.get_by_label("View").click();
    harness.run_steps(2);
    harness.get_by_label("Mute sound").click();
    harness.run_steps(2);
    // Close the menu.
    harness.key_press(egui::Key::Escape);
    harness.run_steps(2);
}

#[test]
fn mute_in_the_view_menu_stops_plays_and_persists() {
    let mut harness = sounds_studio(Persisted::default());
    assert!(!harness.state().audio().muted());
    harness.get_all_by_label("Play").next().expect("play").click();
    harness.run_steps(1);
    assert_eq!(harness.state().panels.sounds.audio.played(), vec![45117300]);

    click_mute(&mut harness);
    assert!(harness.state().audio().muted(), "the checkbox mutes");
    assert!(harness.state().persisted().muted);
    harness.get_all_by_label("Play").next().expect("play").click();
    harness.run_steps(1);
    assert_eq!(harness.state().panels.sounds.audio.played(), vec![45117300], "muted: nothing reaches the output");
    // The player's sounds go through the same switch.
    if let Some(audio) = &harness.state().panels.player.audio {
        audio.play(99);
    }
    assert_eq!(harness.state().panels.sounds.audio.played(), vec![45117300]);

    click_mute(&mut harness);
    assert!(!harness.state().audio().muted());
    harness.get_all_by_label("Play").next().expect("play").click();
    harness.run_steps(1);
    assert_eq!(harness.state().panels.sounds.audio.played(), vec![45117300, 45117300]);
}

#[test]
fn a_muted_studio_starts_muted_and_the_volume_is_kept() {
    let mut harness = sounds_studio(Persisted { muted: true, volume: Some(0.3), ..Persisted::default() });
    assert!(harness.state().audio().muted());
    assert!((harness.state().audio().volume() - 0.3).abs() < 1e-6);
    harness.get_all_by_label("Play").next().expect("play").click();
    harness.run_steps(1);
    assert!(harness.state().panels.sounds.audio.played().is_empty());
    let saved = harness.state().persisted();
    assert!(saved.muted);
    assert_eq!(saved.volume, Some(0.3));
}

/// Every sound event of a session, as the engine reports it: object sounds
/// (the ones the reference records) and global event sounds, in order.
fn engine_sounds(session: &mut Session, all: &mut Vec<String>, object: &mut Vec<String>) {
    for e in session.take_events() {
        match e {
            Event::Sound(seed) => {
                all.push(seed.to_string());
                object.push(seed.to_string());
            }
            Event::EventSound(_, seed) => all.push(seed.to_string()),
            _ => {}
        }
    }
}

fn drain(session: &mut Session, all: &mut Vec<String>, object: &mut Vec<String>) {
    let mut n = 0;
    while session.again_pending() && n < 10_000 {
        session.run_again();
        engine_sounds(session, all, object);
        n += 1;
    }
    engine_sounds(session, all, object);
}

/// Replays the recorded play sessions that list their sounds through the
/// player panel (its own turn, again and sound-forwarding code, with a
/// recording output) and checks that the output received exactly the
/// engine's sound events, in order, and that their object sounds are the
/// ones the reference recorded.
#[test]
fn the_player_forwards_the_recorded_sessions_sounds() {
    let text = test_support::read(&test_support::conformance("simulation.json"));
    let cases: Vec<Value> = serde_json::from_str(&text).expect("simulation.json is JSON");
    let (mut replayed, mut with_sounds, mut recorded_match) = (0, 0, 0);
    let mut mismatches = Vec::new();
    for case in &cases {
        // The conformance runner's own reading of the case.
        let Ok(recorded) = serde_json::from_value::<PlayCase>(case.clone()) else { continue };
        let Some(want) = recorded.sounds.clone() else { continue };
        let name = case.get("name").and_then(Value::as_str).unwrap_or("?");
        let (level, seed) = (recorded.level, recorded.seed.clone());
        let build = engine::build(&recorded.source);
        let Some(game) = build.game.or(build.salvaged) else { continue };
        let steps = recorded.steps();

        // The engine alone.
        let (mut all, mut object) = (Vec::new(), Vec::new());
        let mut session = Session::new(game.clone(), level, seed.as_deref());
        drain(&mut session, &mut all, &mut object);
        for step in &steps {
            step.apply(&mut session);
            drain(&mut session, &mut all, &mut object);
        }

        // The player panel, into a recording output.
        let out = Arc::new(Silent::default());
        let mut player = PlayerPanel::default();
        player.audio = Some(out.clone());
        player.replay_start(game, level, seed.as_deref());
        for step in &steps {
            player.replay_step(*step);
        }

        replayed += 1;
        with_sounds += usize::from(!want.is_empty());
        let expected: Vec<i64> = all.iter().filter_map(|s| s.trim().parse().ok()).collect();
        assert_eq!(out.played(), expected, "{name}: the player forwards the engine's sound events in order");
        assert_eq!(player.dump(), Some(session.dump()), "{name}: the player reached the same board");
        if object == want {
            recorded_match += 1;
        } else {
            mismatches.push(format!("{name}: recorded {want:?}, engine {object:?}"));
        }
    }
    eprintln!(
        "replayed {replayed} recorded sessions through the player ({with_sounds} with sounds); \
         {recorded_match} match the reference's recorded sounds"
    );
    assert!(replayed >= 10, "only {replayed} sessions replayed");
    assert!(mismatches.is_empty(), "object sounds differ from the recording:\n{}", mismatches.join("\n"));
}

/// A PuzzleScript Plus game (its seed's volume is all that makes it one):
/// the level starts with 142315 at the usual volume, and the player's move
/// plays the same seed at 5 tenths.
const LOUD_AND_QUIET: &str = "title Loud and quiet\n\nOBJECTS\nBackground\nblack\n\nPlayer\nwhite\n\n\
    LEGEND\n. = Background\nP = Player\n\nSOUNDS\nstartlevel 142315\nPlayer move 142315:5\n\n\
    COLLISIONLAYERS\nBackground\nPlayer\n\nRULES\n\nWINCONDITIONS\n\nLEVELS\nP..\n";

fn texts(seeds: &[engine::sfx::SoundSeed]) -> Vec<String> {
    seeds.iter().map(ToString::to_string).collect()
}

fn peak(samples: &[f32]) -> f32 {
    samples.iter().fold(0.0f32, |m, x| m.max(x.abs()))
}

/// The player hands the output the seed as the game wrote it, volume and
/// all, and the studio's output renders it at that volume: the same
/// number at 5 tenths peaks lower than at the usual volume.
#[test]
fn the_player_plays_a_seed_at_its_volume() {
    let build = engine::build(LOUD_AND_QUIET);
    assert!(build.game.is_some(), "{}", build.first_errors(5));
    let game = build.game.expect("compiled");
    let out = Arc::new(Silent::default());
    let mut player = PlayerPanel::default();
    player.audio = Some(out.clone());
    player.replay_start(game, 0, None);
    player.replay_step(engine::run::Step::Input(engine::run::Input::Right));
    let played = out.played_seeds();
    assert_eq!(texts(&played).last().map(String::as_str), Some("142315:5"), "{:?}", texts(&played));
    assert_eq!(out.played().last(), Some(&142_315), "the number is the seed's");
    let quiet = played.last().expect("a sound");
    assert!((quiet.volume() - 0.5).abs() < 1e-9);
    let usual = studio::audio::render(&engine::sfx::SoundSeed::of_value(142_315));
    let heard = studio::audio::render(quiet);
    assert_eq!(heard.len(), usual.len(), "the same sound");
    assert!(peak(&heard) < 0.8 * peak(&usual), "quieter: {} vs {}", peak(&heard), peak(&usual));
}

/// The exported game's window (its player, with the output it is given)
/// plays the level's sound at the usual volume and the move's at 5 tenths.
#[test]
fn the_exported_window_plays_a_seed_at_its_volume() {
    use std::collections::BTreeMap;
    let out = Arc::new(Silent::default());
    let shared: studio::audio::SharedAudio = Arc::new(studio::audio::Controlled::new(out.clone()));
    let app = studio::standalone::StandaloneApp::new(
        LOUD_AND_QUIET.to_owned(),
        BTreeMap::new(),
        &BTreeMap::new(),
        Some(shared),
    );
    // Frames a sixtieth of a second apart: at kittest's default of a
    // quarter second, a key's press and release a frame apart would hold
    // it past the key repeat interval (0.15 s), and it would repeat.
    let mut h = Harness::builder()
        .with_size([640.0, 480.0])
        .with_step_dt(1.0 / 60.0)
        .build_ui_state(|ui, app: &mut studio::standalone::StandaloneApp| app.ui_root(ui), app);
    h.run_steps(2);
    h.key_press(egui::Key::X);
    h.run_steps(3);
    assert!(h.state().player().session().is_some(), "X started the game");
    h.key_press(egui::Key::ArrowRight);
    h.run_steps(3);
    let played = texts(&out.played_seeds());
    // The level's sound, then the move's: one press, one move.
    assert_eq!(played, ["142315", "142315:5"]);
    let session = h.state().player().session().expect("playing");
    assert_eq!(session.dump(), "background:0,background player:1,0,\n", "one cell right");
}
