//! A large, hostile file (issue 31 item 4): 2 MB of random text, tens of
//! thousands of errors. What is drawn stays proportional to what is on
//! screen; the measurement of typing in it is an ignored test (speed is
//! measured, never asserted):
//!
//! ```sh
//! cargo test -p app --test gui_large typing_speed -- --ignored --nocapture
//! ```

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use studio::app::Persisted;
use studio::{Startup, StudioApp};

mod support;

/// `bytes` of random words and punctuation in lines of 40 to 110
/// characters, the same on every run (a small LCG, seeded).
fn random_text(bytes: usize) -> String {
    let mut seed: u64 = 0x0031_0004;
    let mut next = move |n: u64| {
        seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        (seed >> 33) % n
    };
    let mut text = String::with_capacity(bytes + 128);
    let mut line = 0;
    let mut line_len = 40 + next(70);
    while text.len() < bytes {
        let word_len = 1 + next(9);
        for _ in 0..word_len {
            let c = match next(40) {
                0 => ['=', '[', ']', '|', '-', '>', '*', ',', '.', '#'][next(10) as usize],
                1..=3 => char::from(b'A' + next(26) as u8),
                4 => char::from(b'0' + next(10) as u8),
                _ => char::from(b'a' + next(26) as u8),
            };
            text.push(c);
            line += 1;
        }
        if line >= line_len {
            text.push('\n');
            line = 0;
            line_len = 40 + next(70);
        } else {
            text.push(' ');
            line += 1;
        }
    }
    text
}

/// The process's resident memory now and at its peak, in MB (Linux).
fn rss_mb() -> (f64, f64) {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let field = |name: &str| {
        status
            .lines()
            .find(|l| l.starts_with(name))
            .and_then(|l| l.split_whitespace().nth(1))
            .and_then(|kb| kb.parse::<f64>().ok())
            .map_or(0.0, |kb| kb / 1024.0)
    };
    (field("VmRSS:"), field("VmHWM:"))
}

/// A studio on `text` (saved in a temporary file), live checks on as in
/// the real studio, first build done.
fn open(text: &str, name: &str) -> Harness<'static, StudioApp> {
    // One folder per call: tests run in parallel, and two writing the same
    // file let one read it half written.
    static CALLS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let call = CALLS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("puzzlewright-large-{}-{call}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join(name);
    std::fs::write(&path, text).expect("write the game");
    let app = support::live_app(Startup::File(path), Persisted::default());
    let mut harness = Harness::builder()
        .with_size([1280.0, 800.0])
        .with_context_setup(studio::fonts::install)
        .build_ui_state(|ui, app: &mut StudioApp| app.ui_root(ui), app);
    harness.state_mut().doc.finish_build();
    harness.run_steps(4);
    harness
}

/// CPU time this thread has run so far (Linux), in ms: on a busy machine a
/// frame's wall time also counts the moments other processes had the core.
fn thread_cpu_ms() -> f64 {
    let stat = std::fs::read_to_string("/proc/thread-self/schedstat").unwrap_or_default();
    stat.split_whitespace().next().and_then(|ns| ns.parse::<f64>().ok()).map_or(0.0, |ns| ns / 1e6)
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v.get(v.len() / 2).copied().unwrap_or(0.0)
}

/// Type `keys` letters into the middle of `text`, one keystroke about
/// every 120 ms of the app's clock with the frames between drawn as the
/// studio would (a repaint every 15 ms while a build runs); prints the
/// keystroke frames' and all frames' wall times and the memory.
fn measure(label: &str, text: &str, keys: usize) {
    let started = std::time::Instant::now();
    let mut harness = open(text, &format!("{label}.txt"));
    let opened = started.elapsed();
    let mid = text.len() / 2;
    let mid = text[mid..].find('\n').map_or(mid, |i| mid + i);
    studio::panels::code::set_selection(&harness.ctx, text, mid..mid);
    harness.run_steps(3);
    let (rss_open, _) = rss_mb();
    let mut key_frames = Vec::new();
    let mut key_cpu = Vec::new();
    let mut all_frames = Vec::new();
    let mut time = harness.ctx.input(|i| i.time);
    for k in 0..keys {
        let ch = char::from(b'a' + (k % 26) as u8);
        harness.event(egui::Event::Text(ch.to_string()));
        for frame in 0..8 {
            time += 0.015;
            harness.input_mut().time = Some(time);
            let (t, cpu) = (std::time::Instant::now(), thread_cpu_ms());
            harness.step();
            let ms = t.elapsed().as_secs_f64() * 1000.0;
            if frame == 0 {
                key_frames.push(ms);
                key_cpu.push(thread_cpu_ms() - cpu);
            }
            all_frames.push(ms);
            // The rest of the 120 ms between keystrokes, in real time too,
            // so the build worker runs as it would.
            std::thread::sleep(std::time::Duration::from_millis(15));
        }
    }
    let typed: String = (0..keys).map(|k| char::from(b'a' + (k % 26) as u8)).collect();
    assert!(harness.state().doc.text().contains(&typed), "{label}: the letters were typed");
    let (rss, peak) = rss_mb();
    let worst = key_frames.iter().copied().fold(0.0, f64::max);
    println!(
        "{label}: {} bytes, {} diagnostics; opened in {opened:?}; {keys} keystrokes: keystroke frame median {:.1} ms (worst {worst:.1} ms, median CPU {:.1} ms), all {} frames median {:.1} ms; RSS {rss_open:.0} MB after opening, {rss:.0} MB after typing, peak {peak:.0} MB",
        text.len(),
        harness.state().doc.diagnostics().len(),
        median(key_frames),
        median(key_cpu),
        all_frames.len(),
        median(all_frames),
    );
}

/// Typing in 2 MB of random text, and in the largest corpus game.
/// `KEYS` sets the number of keystrokes (default 20).
#[test]
#[ignore = "measurement; needs ../shared/corpus"]
fn typing_speed() {
    let keys = std::env::var("KEYS").ok().and_then(|k| k.parse().ok()).unwrap_or(20);
    let which = std::env::var("WHICH").unwrap_or_default();
    if which.is_empty() || which == "large" {
        measure("random-2mb", &random_text(2 << 20), keys);
    }
    if which.is_empty() || which == "easyenigma" {
        let easy = test_support::read(&test_support::corpus_file("easyenigma.txt"));
        measure("easyenigma", &easy, keys);
    }
}

#[test]
fn the_random_text_is_large_and_full_of_errors() {
    let text = random_text(2 << 20);
    assert_eq!(text, random_text(2 << 20), "the same on every run");
    assert!(text.len() >= 2 << 20);
    let build = engine::build(&text);
    assert!(build.diagnostics.len() > 10_000, "{} diagnostics", build.diagnostics.len());
}

/// The Problems list of the 2 MB file draws only the rows on screen.
#[test]
fn problems_draws_only_the_rows_on_screen() {
    let text = random_text(2 << 20);
    let harness = open(&text, "random.txt");
    let listed = harness.state().doc.diagnostics().len();
    assert!(listed > 10_000, "{listed}");
    let rows = harness.query_all_by_label_contains("line ").count();
    assert!(rows > 3 && rows < 100, "{rows} Problems rows drawn of {listed}");
}

/// Typing in the middle of the 2 MB text changes it there and only there;
/// the editor shows that part, numbered as lines of the whole text.
#[test]
fn typing_in_a_large_text_edits_it_where_the_cursor_is() {
    let text = random_text(2 << 20);
    assert!(text.len() > studio::panels::code::LARGE_TEXT);
    let mut harness = open(&text, "random.txt");
    let mid = text[text.len() / 2..].find('\n').map_or(0, |i| text.len() / 2 + i + 1);
    let line = text[..mid].matches('\n').count() + 1;
    studio::panels::code::set_selection(&harness.ctx, &text, mid..mid);
    harness.run_steps(3);
    harness.event(egui::Event::Text("xyz".to_owned()));
    harness.run_steps(2);
    let edited = format!("{}xyz{}", &text[..mid], &text[mid..]);
    assert!(harness.state().doc.text() == edited, "the letters went in at the cursor, nowhere else");
    let (first, last) = harness.state().panels.code.visible_lines().expect("lines on screen");
    assert!(first < line && line < last, "line {line} is on screen ({first} to {last})");
    let numbers: Vec<u32> = harness.state().panels.code.gutter_drawn.iter().map(|(n, _)| *n).collect();
    assert!(numbers.contains(&(line as u32)), "the gutter numbers lines of the whole text: {numbers:?}");
    assert!(numbers.len() < 200, "only lines near the screen are laid out: {}", numbers.len());
    harness.event(egui::Event::Key {
        key: egui::Key::Backspace,
        physical_key: None,
        pressed: true,
        repeat: false,
        modifiers: egui::Modifiers::NONE,
    });
    harness.run_steps(2);
    assert!(harness.state().doc.text() == format!("{}xy{}", &text[..mid], &text[mid..]), "Backspace deletes there");
    assert_eq!(studio::panels::code::selection(&harness.ctx, harness.state().doc.text()), Some(mid + 2..mid + 2));
    // Undo takes the Backspace back, then the typing.
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    harness.run_steps(2);
    assert!(harness.state().doc.text() == edited, "undo restores the letter");
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    harness.run_steps(2);
    assert!(harness.state().doc.text() == text, "and then the text as it was");
    // Ctrl+End goes to the end of the whole text, not of the lines laid out.
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::End);
    harness.run_steps(3);
    harness.event(egui::Event::Text("END".to_owned()));
    harness.run_steps(2);
    assert!(harness.state().doc.text() == format!("{text}END"), "typed at the very end");
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    harness.run_steps(2);
    // Back to the middle for the picture.
    studio::panels::code::set_selection(&harness.ctx, &text, mid..mid);
    harness.run_steps(3);
    harness.state_mut().doc.path = Some(std::path::PathBuf::from("random.txt"));
    harness.state_mut().status.clear();
    harness.run_steps(2);
    support::snapshot(&mut harness, "large_text_window");
}

/// A PuzzleScript Plus game over [`studio::panels::code::LARGE_TEXT`]
/// (a long comment in LEVELS after its map) whose TAGS and MAPPINGS come
/// after OBJECTS, `filler` objects down: far from the prelude that makes
/// it a Plus game.
fn large_plus_game(filler: usize) -> String {
    let names: Vec<String> = (0..filler).map(|i| format!("Filler{i}")).collect();
    let objects: String = names.iter().map(|n| format!("{n}\nblue\n\n")).collect();
    let padding = "(a long note about the levels, kept in the file as authors do)\n".repeat(5000);
    format!(
        "title Big\nlevel_select\n\nOBJECTS\nBackground\nblack\n\nPlayer\nwhite\n\n{objects}\
TAGS\nShade = Red Blue\n\nMAPPINGS\nShade => Other\nRed Blue -> Blue Red\n\nOBJECTS\nLamp:Shade\nred\n\n\
LEGEND\n. = Background\nP = Player\nA = Lamp:Red\n\nCOLLISIONLAYERS\nBackground\n{}\nPlayer, Lamp:Shade\n\n\
RULES\nShade [ action Player | Lamp:Shade ] -> [ Player | Lamp:Other ]\n\nWINCONDITIONS\n\nLEVELS\nPA.\n\n{padding}",
        names.join(", ")
    )
}

/// In a large text the editor highlights a window of lines, away from the
/// prelude; it still knows the game is a Plus game, so TAGS after OBJECTS
/// is drawn as the header it is (issue 35 item 5), in the header's colour.
#[test]
fn tags_after_objects_are_headers_in_a_large_plus_game() {
    let text = large_plus_game(150);
    assert!(text.len() > studio::panels::code::LARGE_TEXT, "{} bytes", text.len());
    let build = engine::build(&text);
    let errors: Vec<_> = build.diagnostics.iter().filter(|d| d.is_error()).collect();
    assert!(errors.is_empty(), "{errors:#?}");
    assert!(build.game.is_some());
    let mut harness = open(&text, "big-plus.txt");
    let tags = text.find("TAGS\n").expect("the TAGS header");
    let line = text[..tags].matches('\n').count() as u32 + 1;
    studio::panels::code::set_selection(&harness.ctx, &text, tags..tags);
    harness.run_steps(4);
    let (first, _) = harness.state().panels.code.visible_lines().expect("lines on screen");
    assert!(first > 100, "the prelude is far above the window: the first line shown is {first}");
    let row = harness
        .state()
        .panels
        .code
        .gutter_drawn
        .iter()
        .find(|(n, _)| *n == line)
        .map(|(_, r)| *r)
        .unwrap_or_else(|| panic!("line {line} is on screen"));
    match harness.render() {
        Ok(image) => {
            let scale = harness.ctx.pixels_per_point();
            // The header's colour (amber, ffcb6b, antialiased over the
            // dark background) on the TAGS line, just right of the gutter;
            // an object's name would be teal, a tag's name (the line below)
            // a redder orange (f0a85a: green under 0.76 of red).
            let amber = |p: [u8; 4]| {
                let [r, g, b] = [p[0], p[1], p[2]].map(f32::from);
                r > 150.0 && g > 0.76 * r && b < 0.5 * r
            };
            let (y0, y1) = ((row.top() * scale) as u32, (row.bottom() * scale) as u32);
            let (x0, x1) = ((row.right() * scale) as u32, ((row.right() + 120.0) * scale) as u32);
            let count = |y0: u32, y1: u32| {
                (y0..y1)
                    .flat_map(|y| (x0..x1).map(move |x| (x, y)))
                    .filter(|&(x, y)| amber(image.get_pixel(x, y).0))
                    .count()
            };
            let on_tags = count(y0, y1);
            let _ = image.save(std::env::temp_dir().join("puzzlewright-large-plus-tags.png"));
            assert!(on_tags > 20, "TAGS in the header's colour: {on_tags} amber pixels in rows {y0}..{y1}");
            // The line below (`Shade = Red Blue`) is no header.
            let below = count(y1 + 1, y1 + (y1 - y0));
            assert!(below < on_tags, "{below} amber pixels on the next line");
        }
        Err(err) if support::rendering_required() => panic!("cannot render headless: {err}"),
        Err(err) => eprintln!("skipping the pixels: {err}"),
    }
}
