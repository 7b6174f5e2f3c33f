//! A game saved on Windows (lines ending in CR LF) behaves exactly as the
//! same game with LF line ends: the same diagnostics at the same lines and
//! columns, the same compiled game (title, messages, rules, levels) and the
//! same play, turn by turn, message by message.
//!
//! Every corpus game and every shipped example is checked both ways.

use engine::play::{Control, Play, Progress, Screen};
use std::path::{Path, PathBuf};
use std::time::Duration;

fn games() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let corpus = test_support::corpus();
    let mut files = Vec::new();
    for dir in [corpus, root.join("examples")] {
        for entry in std::fs::read_dir(&dir).expect("list games") {
            let path = entry.expect("entry").path();
            if path.extension().is_some_and(|e| e == "txt") {
                files.push(path);
            }
        }
    }
    files.sort();
    assert!(files.len() > 50, "only {} games found", files.len());
    files
}

/// The text with LF line ends, and the same with CR LF.
fn both_ways(path: &Path) -> (String, String) {
    let text = String::from_utf8_lossy(&std::fs::read(path).expect("read game")).replace("\r\n", "\n");
    let crlf = text.replace('\n', "\r\n");
    (text, crlf)
}

/// What a diagnostic says, and where by line and column (byte offsets
/// differ by one per line, by design).
fn diagnostics(source: &str) -> Vec<String> {
    engine::build(source)
        .diagnostics
        .iter()
        .map(|d| format!("{}:{} {:?} {} {}", d.span.line, d.span.col, d.severity, d.code, d.message))
        .collect()
}

/// What the screen shows, in words.
fn describe(play: &Play) -> String {
    match play.screen() {
        Screen::Title { choices, selected } => {
            let labels: Vec<String> = choices.iter().map(engine::play::TitleChoice::label).collect();
            format!("title {selected} {labels:?}")
        }
        Screen::LevelSelect { items, selected } => {
            let labels: Vec<String> = items.iter().map(engine::play::LevelItem::label).collect();
            format!("level select {selected} {labels:?}")
        }
        Screen::Level(session) => format!("level\n{}", session.dump()),
        Screen::LevelWon(..) => "won".to_owned(),
        Screen::Message(text, _) => format!("message {text:?}"),
        Screen::GameOver => "game over".to_owned(),
        Screen::Pause { choices, selected, .. } => format!("paused {selected} {choices:?}"),
    }
}

/// A fixed walk through the game from its title screen: what is on screen
/// and what the flow said after each key.
fn walk(source: &str) -> Vec<String> {
    let Some(game) = engine::build(source).game else { return Vec::new() };
    let mut now = Duration::ZERO;
    let mut play = Play::new(game, Progress::default(), now);
    let keys = [
        Control::Action,
        Control::Right,
        Control::Down,
        Control::Action,
        Control::Left,
        Control::Up,
        Control::Right,
        Control::Right,
        Control::Undo,
        Control::Down,
        Control::Action,
        Control::Left,
        Control::Restart,
        Control::Up,
        Control::Action,
    ];
    let mut seen = vec![describe(&play)];
    for (i, key) in keys.iter().cycle().take(60).enumerate() {
        play.press(*key, now);
        now += Duration::from_millis(40);
        play.release(*key, now);
        for _ in 0..5 {
            now += Duration::from_millis(250);
            play.advance(now);
        }
        seen.push(format!("{i} {key:?} {:?}\n{}", play.take_outputs(), describe(&play)));
    }
    seen
}

#[test]
fn crlf_games_behave_as_lf_games() {
    let mut differ = Vec::new();
    for path in games() {
        let name = path.file_name().expect("name").to_string_lossy().into_owned();
        let (lf, crlf) = both_ways(&path);
        if diagnostics(&lf) != diagnostics(&crlf) {
            differ.push(format!("{name}: diagnostics"));
            continue;
        }
        let (a, b) = (engine::build(&lf), engine::build(&crlf));
        if format!("{:?}", a.game) != format!("{:?}", b.game) {
            differ.push(format!("{name}: compiled game"));
            continue;
        }
        if let Some((i, (x, y))) = walk(&lf).iter().zip(walk(&crlf)).enumerate().find(|(_, (x, y))| *x != y) {
            differ.push(format!("{name}: play differs at step {i}:\n LF: {x}\n CRLF: {y}"));
        }
    }
    assert!(differ.is_empty(), "CR LF games differ from their LF twins:\n{}", differ.join("\n"));
}

/// The smallest case of it, readable on its own: a title, a message entry
/// and a rule's message keep no carriage return, and lines and columns of
/// a diagnostic stay where an editor shows them.
#[test]
fn a_crlf_game_keeps_no_carriage_returns() {
    let lf = "title Two Lines\nauthor Someone\n\n========\nOBJECTS\n========\n\nBackground\nblack\n\nPlayer\nwhite\n\n\
              =======\nLEGEND\n=======\n\n. = Background\nP = Player\n\n=======\nSOUNDS\n=======\n\n\
              ================\nCOLLISIONLAYERS\n================\n\nBackground\nPlayer\n\n======\nRULES\n======\n\n\
              [ > Player ] -> [ Player ] message Hello there\n\n==============\nWINCONDITIONS\n==============\n\n\
              =======\nLEVELS\n=======\n\nmessage First words\n\n.P.\n\n";
    let crlf = lf.replace('\n', "\r\n");
    let game = engine::build(&crlf).game.expect("the CR LF game builds");
    assert_eq!(game.metadata.title.as_deref(), Some("Two Lines"));
    assert_eq!(game.metadata.author.as_deref(), Some("Someone"));
    assert_eq!(diagnostics(lf), diagnostics(&crlf));
    let mut now = Duration::ZERO;
    let mut play = Play::new(game, Progress::default(), now);
    play.press(Control::Action, now);
    now += Duration::from_millis(50);
    play.release(Control::Action, now);
    play.advance(now);
    assert_eq!(describe(&play), "message \"First words\"");
    play.press(Control::Action, now);
    now += Duration::from_millis(50);
    play.release(Control::Action, now);
    play.press(Control::Left, now);
    play.advance(now + Duration::from_millis(50));
    assert_eq!(describe(&play), "message \"Hello there\"");
    // An error's line and column are those of the LF text.
    let broken = crlf.replace("P = Player", "P = Playr");
    let first = engine::build(&broken);
    let error = first.diagnostics.iter().find(|d| d.is_error()).expect("an error");
    assert_eq!((error.span.line, error.span.col), (19, 5), "{}", error.message);
}
