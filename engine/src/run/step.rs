//! [`Step`]: one thing a host asks a session to do (a move or the action
//! key, a tick, undo, redo, restart), in one type for every host: the
//! player's record of a level, replays, the GIF export, saved test cases,
//! traces, kept solutions and the conformance files.
//!
//! Its text form ([`Display`](std::fmt::Display) and
//! [`FromStr`](std::str::FromStr)) is a word: `up`, `left`, `down`,
//! `right`, `action`, `tick`, `undo`, `redo`, `restart`. Reading also takes
//! the conformance files' input codes (`0` up, `1` left, `2` down, `3`
//! right, `4` action) and the keys `x` (action), `z` (undo) and `r`
//! (restart), in any case. A mouse or touch event on a cell is the event
//! word, the column and the row: `press 5 2` (see [`Click`]).
//! [`Step::json`] writes the conformance files' form: a bare number for a
//! move, a quoted string otherwise.

use super::{Input, Session};
use crate::compile::Mouse;

/// One thing a host asks a session to do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    /// A move or the action key ([`Session::input`]).
    Input(Input),
    /// A turn with no input ([`Session::tick`]): a realtime tick.
    Tick,
    /// [`Session::undo`].
    Undo,
    /// [`Session::redo`] (ours: the reference has no redo).
    Redo,
    /// [`Session::restart`].
    Restart,
    /// A mouse or touch event on a cell ([`Session::click`]).
    Click(Click),
}

/// Which mouse button (a touch is the left one).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Button {
    /// The left button, or a finger.
    Left,
    /// The right button.
    Right,
}

/// What the button did over the cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Gesture {
    /// Pressed on the cell.
    Press,
    /// Held down and moved into the cell.
    Drag,
    /// Let go over the cell.
    Release,
}

/// A mouse (or touch) event on a cell of the level: column `x` and row
/// `y` from 0 at the top left, cells of the level (not of the screen).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Click {
    /// The button.
    pub button: Button,
    /// What it did.
    pub gesture: Gesture,
    /// Column, from 0 at the left.
    pub x: u32,
    /// Row, from 0 at the top.
    pub y: u32,
}

impl Click {
    /// Every event word: `press`, `drag`, `release` (left button or a
    /// touch), `rpress`, `rdrag`, `rrelease` (right button).
    pub const WORDS: [(&'static str, Button, Gesture); 6] = [
        ("press", Button::Left, Gesture::Press),
        ("drag", Button::Left, Gesture::Drag),
        ("release", Button::Left, Gesture::Release),
        ("rpress", Button::Right, Gesture::Press),
        ("rdrag", Button::Right, Gesture::Drag),
        ("rrelease", Button::Right, Gesture::Release),
    ];

    /// A left-button press on column `x`, row `y`.
    #[must_use]
    pub const fn press(x: u32, y: u32) -> Click {
        Click { button: Button::Left, gesture: Gesture::Press, x, y }
    }

    /// The event word (`press`, `rdrag`...).
    #[must_use]
    pub fn word(self) -> &'static str {
        Self::WORDS.iter().find(|(_, b, g)| *b == self.button && *g == self.gesture).map_or("press", |w| w.0)
    }

    /// The object this event puts in its cell in a game whose mouse
    /// options are `mouse` (`None`: the game does not listen to it).
    #[must_use]
    pub fn object(self, mouse: &Mouse) -> Option<usize> {
        match (self.button, self.gesture) {
            (Button::Left, Gesture::Press) => mouse.left,
            (Button::Left, Gesture::Drag) => mouse.drag,
            (Button::Left, Gesture::Release) => mouse.up,
            (Button::Right, Gesture::Press) => mouse.right,
            (Button::Right, Gesture::Drag) => mouse.rdrag,
            (Button::Right, Gesture::Release) => mouse.rup,
        }
    }

    /// What this event does to its cell before its turn in a game whose
    /// mouse options are `mouse` (`None`: the game does not listen to
    /// it): the object named for it, else, with `mouse_clicks`, a press
    /// marks the cell `lclick` (left) or `rclick` (right).
    #[must_use]
    pub fn mark(self, mouse: &Mouse) -> Option<Mark> {
        match (self.object(mouse), self.gesture, self.button) {
            (Some(id), _, _) => Some(Mark::Object(id)),
            (None, Gesture::Press, Button::Left) if mouse.clicks => Some(Mark::LClick),
            (None, Gesture::Press, Button::Right) if mouse.clicks => Some(Mark::RClick),
            _ => None,
        }
    }

    /// The event for `word`, if it is one.
    #[must_use]
    pub fn event_of(word: &str) -> Option<(Button, Gesture)> {
        Self::WORDS.iter().find(|(w, _, _)| w.eq_ignore_ascii_case(word)).map(|&(_, b, g)| (b, g))
    }
}

/// What a mouse turn does to its cell before it runs (see [`Click::mark`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mark {
    /// Put this object there (`mouse_left` and the others).
    Object(usize),
    /// Give everything there the `lclick` movement (`mouse_clicks`).
    LClick,
    /// Give everything there the `rclick` movement (`mouse_clicks`).
    RClick,
}

/// A word that is not a [`Step`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BadStep(pub String);

impl std::fmt::Display for BadStep {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "`{}` is not an input (use 0 up, 1 left, 2 down, 3 right, 4 action, tick, undo, redo, restart)",
            self.0
        )
    }
}

impl std::error::Error for BadStep {}

impl Step {
    /// Every move and the action key, in the order of their codes.
    pub const INPUTS: [Input; 5] = [Input::Up, Input::Left, Input::Down, Input::Right, Input::Action];

    /// Do it to `session` (and nothing more: pending `again` turns are the
    /// caller's to run, see [`Session::settle`]).
    pub fn apply(self, session: &mut Session) {
        match self {
            Step::Input(i) => session.input(i),
            Step::Tick => session.tick(),
            Step::Undo => session.undo(),
            Step::Redo => {
                session.redo();
            }
            Step::Restart => session.restart(),
            Step::Click(c) => {
                session.click(c);
            }
        }
    }

    /// The word for it (the text form, without a click's cell).
    #[must_use]
    pub fn word(self) -> &'static str {
        match self {
            Step::Input(Input::Up) => "up",
            Step::Input(Input::Left) => "left",
            Step::Input(Input::Down) => "down",
            Step::Input(Input::Right) => "right",
            Step::Input(Input::Action) => "action",
            Step::Tick => "tick",
            Step::Undo => "undo",
            Step::Redo => "redo",
            Step::Restart => "restart",
            Step::Click(c) => c.word(),
        }
    }

    /// The conformance files' number of a move or the action key: 0 up,
    /// 1 left, 2 down, 3 right, 4 action; `None` for the other steps (the
    /// files write those as words).
    #[must_use]
    pub const fn code(self) -> Option<u8> {
        match self {
            Step::Input(Input::Up) => Some(0),
            Step::Input(Input::Left) => Some(1),
            Step::Input(Input::Down) => Some(2),
            Step::Input(Input::Right) => Some(3),
            Step::Input(Input::Action) => Some(4),
            _ => None,
        }
    }

    /// The move or action key with conformance number `code` (see [`Step::code`]).
    #[must_use]
    pub fn from_code(code: u64) -> Option<Step> {
        let k = usize::try_from(code).ok()?;
        Self::INPUTS.get(k).copied().map(Step::Input)
    }

    /// The step as a JSON value of the conformance files: `3`, `"undo"`.
    #[must_use]
    pub fn json(self) -> String {
        match self.code() {
            Some(n) => n.to_string(),
            None => crate::json::string(&self.to_string()),
        }
    }
}

impl Step {
    /// Read a list of steps separated by commas or spaces (`3,3 0 undo`);
    /// a click is its event word and cell (`press 5 2`, or `press:5:2`).
    ///
    /// # Errors
    /// The first word that is not a step.
    pub fn parse_list(text: &str) -> Result<Vec<Step>, BadStep> {
        let words: Vec<&str> = text.split(|c: char| c == ',' || c.is_whitespace()).filter(|w| !w.is_empty()).collect();
        let mut out = Vec::with_capacity(words.len());
        let mut k = 0;
        while k < words.len() {
            let word = words[k].split(':').next().unwrap_or_default();
            if Click::event_of(word).is_some() && !words[k].contains(':') {
                let end = (k + 3).min(words.len());
                out.push(words[k..end].join(" ").parse()?);
                k = end;
            } else {
                out.push(words[k].parse()?);
                k += 1;
            }
        }
        Ok(out)
    }
}

impl std::fmt::Display for Step {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Step::Click(c) => write!(f, "{} {} {}", c.word(), c.x, c.y),
            _ => f.write_str(self.word()),
        }
    }
}

impl std::str::FromStr for Step {
    type Err = BadStep;

    fn from_str(text: &str) -> Result<Step, BadStep> {
        let bad = || BadStep(text.trim().to_owned());
        let parts: Vec<&str> = text.split(|c: char| c.is_whitespace() || c == ':').filter(|w| !w.is_empty()).collect();
        if let [event, x, y] = parts[..] {
            let (button, gesture) = Click::event_of(event).ok_or_else(bad)?;
            let x = x.parse().map_err(|_| bad())?;
            let y = y.parse().map_err(|_| bad())?;
            return Ok(Step::Click(Click { button, gesture, x, y }));
        }
        let word = text.trim().to_ascii_lowercase();
        if let Ok(n) = word.parse::<u64>() {
            return Step::from_code(n).ok_or_else(|| BadStep(text.trim().to_owned()));
        }
        Ok(match word.as_str() {
            "up" => Step::Input(Input::Up),
            "left" => Step::Input(Input::Left),
            "down" => Step::Input(Input::Down),
            "right" => Step::Input(Input::Right),
            "action" | "x" => Step::Input(Input::Action),
            "tick" => Step::Tick,
            "undo" | "z" => Step::Undo,
            "redo" => Step::Redo,
            "restart" | "r" => Step::Restart,
            _ => return Err(BadStep(text.trim().to_owned())),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ALL: [Step; 11] = [
        Step::Input(Input::Up),
        Step::Input(Input::Left),
        Step::Input(Input::Down),
        Step::Input(Input::Right),
        Step::Input(Input::Action),
        Step::Tick,
        Step::Undo,
        Step::Redo,
        Step::Restart,
        Step::Click(Click::press(5, 2)),
        Step::Click(Click { button: Button::Right, gesture: Gesture::Release, x: 0, y: 11 }),
    ];

    #[test]
    fn the_text_form_reads_back() {
        for step in ALL {
            assert_eq!(step.to_string().parse::<Step>(), Ok(step));
            assert_eq!(step.to_string().to_uppercase().parse::<Step>(), Ok(step), "any case");
        }
    }

    #[test]
    fn codes_and_keys_read_as_the_conformance_files_and_the_keyboard_mean_them() {
        let read = |s: &str| s.parse::<Step>();
        assert_eq!(read("0"), Ok(Step::Input(Input::Up)));
        assert_eq!(read("1"), Ok(Step::Input(Input::Left)));
        assert_eq!(read(" 2 "), Ok(Step::Input(Input::Down)));
        assert_eq!(read("3"), Ok(Step::Input(Input::Right)));
        assert_eq!(read("4"), Ok(Step::Input(Input::Action)));
        assert_eq!(read("X"), Ok(Step::Input(Input::Action)));
        assert_eq!(read("z"), Ok(Step::Undo));
        assert_eq!(read("r"), Ok(Step::Restart));
        assert_eq!(read("5"), Err(BadStep("5".to_owned())));
        assert_eq!(read("jump"), Err(BadStep("jump".to_owned())));
        assert!(read("jump").expect_err("no input").to_string().contains("`jump` is not an input"));
    }

    #[test]
    fn json_writes_moves_as_numbers_and_the_rest_as_words() {
        let json: Vec<String> = ALL.iter().map(|s| s.json()).collect();
        assert_eq!(
            json,
            [
                "0",
                "1",
                "2",
                "3",
                "4",
                "\"tick\"",
                "\"undo\"",
                "\"redo\"",
                "\"restart\"",
                "\"press 5 2\"",
                "\"rrelease 0 11\""
            ]
        );
        for step in ALL {
            assert_eq!(step.code().and_then(|c| Step::from_code(c.into())), step.code().map(|_| step));
        }
    }

    #[test]
    fn clicks_read_as_the_recorded_files_write_them() {
        let read = |s: &str| s.parse::<Step>();
        assert_eq!(read("press 5 2"), Ok(Step::Click(Click::press(5, 2))));
        assert_eq!(read("press:5:2"), Ok(Step::Click(Click::press(5, 2))));
        let drag = Click { button: Button::Left, gesture: Gesture::Drag, x: 3, y: 0 };
        assert_eq!(read(" drag  3 0 "), Ok(Step::Click(drag)));
        let rpress = Click { button: Button::Right, gesture: Gesture::Press, x: 1, y: 7 };
        assert_eq!(read("RPRESS 1 7"), Ok(Step::Click(rpress)));
        for bad in ["press 5", "press 5 2 1", "press -1 2", "poke 1 2", "press x 2"] {
            assert!(read(bad).is_err(), "{bad}");
        }
        assert_eq!(
            Step::parse_list("3, press 5 2,undo rdrag:1:7 tick"),
            Ok(vec![
                Step::Input(Input::Right),
                Step::Click(Click::press(5, 2)),
                Step::Undo,
                Step::Click(Click { button: Button::Right, gesture: Gesture::Drag, x: 1, y: 7 }),
                Step::Tick,
            ])
        );
        assert!(Step::parse_list("press 5").is_err());
        assert_eq!(Step::Click(Click::press(5, 2)).code(), None);
    }

    /// A game with `mouse_left Click` (a click builds a wall), `mouse_right
    /// Eraser` (a right click takes one away) and no `mouse_up`.
    const MOUSE_GAME: &str = "title clicks\nmouse_left Click\nmouse_right Eraser\n\n\
        OBJECTS\nBackground\nblack\nPlayer\ngreen\nWall\nblue\nClick\nred\nEraser\nwhite\n\n\
        LEGEND\n. = Background\nP = Player\n\n\
        COLLISIONLAYERS\nBackground\nPlayer\nWall\nClick, Eraser\n\n\
        RULES\n[ Eraser Wall ] -> [ ]\n[ Eraser ] -> [ ]\n[ Click ] -> [ Wall ]\n\n\
        WINCONDITIONS\n\nLEVELS\nP..\n...\n";

    fn mouse_session() -> Session {
        let build = crate::build(MOUSE_GAME);
        // The studio's prelude check may not know the mouse options yet;
        // the game compiles all the same, as the conformance runner plays it.
        let game = build.game.or(build.salvaged).expect("the game compiles");
        assert_eq!(game.mouse.left.map(|id| game.objects[id].name.to_lowercase()), Some("click".to_owned()));
        Session::new(game, 0, None)
    }

    #[test]
    fn a_click_puts_its_object_in_the_cell_then_plays_a_turn_that_undo_takes_back() {
        let mut s = mouse_session();
        let start = s.dump();
        assert!(s.click(Click::press(2, 1)), "the game listens to left presses");
        let after = s.dump();
        assert!(after.contains("background wall"), "the click became a wall: {after}");
        assert!(!after.contains("click"), "the rules took the click object away: {after}");
        Step::Undo.apply(&mut s);
        assert_eq!(s.dump(), start, "undo takes the whole click back");
        Step::Redo.apply(&mut s);
        assert_eq!(s.dump(), after);
        let right = Click { button: Button::Right, gesture: Gesture::Press, x: 2, y: 1 };
        assert!(s.click(right));
        assert_eq!(s.dump(), start, "a right click erased the wall");
    }

    #[test]
    fn events_the_game_does_not_name_and_cells_off_the_level_play_no_turn() {
        let mut s = mouse_session();
        let start = s.dump();
        let release = Click { button: Button::Left, gesture: Gesture::Release, x: 0, y: 0 };
        assert!(!s.click(release), "no mouse_up");
        assert!(!s.click(Click::press(3, 0)), "column 3 is off a 3-wide level");
        assert!(!s.click(Click::press(0, 2)), "row 2 is off a 2-high level");
        assert_eq!(s.dump(), start);
        // Undo has nothing to take back: no turn was kept.
        Step::Undo.apply(&mut s);
        assert_eq!(s.dump(), start);
    }

    #[test]
    fn a_traced_click_says_turn_mouse() {
        let build = crate::build(MOUSE_GAME);
        let game = build.game.or(build.salvaged).expect("the game compiles");
        let format = crate::run::trace::LineFormat::new(&game, crate::run::trace::FormatOptions::default());
        let mut s = Session::new_traced(game, 0, None, usize::MAX);
        Step::Click(Click::press(1, 1)).apply(&mut s);
        let segments: Vec<Vec<String>> =
            s.trace().map(|t| t.segments().iter().map(|seg| format.segment(seg)).collect()).unwrap_or_default();
        let last = segments.last().expect("a segment for the click");
        assert_eq!(last.first().map(String::as_str), Some("turn mouse"), "{last:?}");
        assert!(last.iter().any(|l| l.starts_with("rule ")), "{last:?}");
    }

    /// PuzzleScript Next's `mouse_clicks`: a left press marks what its cell
    /// holds `lclick`, a right one `rclick`; rules read them as directions.
    /// A red turned blue by a click has no click left (the new object is
    /// stationary), so the next rule does not turn it back; a stationary
    /// test fails on a clicked object.
    const CLICKS_GAME: &str = "title lclick\nmouse_clicks\nrun_rules_on_level_start\n\n\
        OBJECTS\nBackground\nblack\nPlayer\ngreen\nRed\nred\nBlue\nblue\nStill\nwhite\n\n\
        LEGEND\n. = Background\nP = Player\nR = Red\nB = Blue\n\n\
        SOUNDS\n\nCOLLISIONLAYERS\nBackground\nPlayer, Red, Blue\nStill\n\n\
        RULES\n[ lclick Red ] -> [ Blue ]\n[ lclick Blue ] -> [ Red ]\n[ rclick Blue ] -> [ ]\n\
        [ stationary Background no Still ] -> [ Background Still ]\n\n\
        WINCONDITIONS\n\nLEVELS\nPRB\n";

    /// What cell (x, 0) of `s` holds besides the background.
    fn held(s: &Session, x: usize) -> Vec<String> {
        let names: Vec<String> = s.game().objects.iter().map(|o| o.name.to_lowercase()).collect();
        s.objects_at(x, 0).into_iter().map(|id| names[id].clone()).filter(|n| n != "background").collect()
    }

    #[test]
    fn mouse_clicks_mark_the_cell_with_lclick_and_rclick() {
        let build = crate::build(CLICKS_GAME);
        assert!(!crate::diag::has_errors(&build.diagnostics), "{:?}", build.diagnostics);
        let game = build.game.expect("it compiles");
        assert!(game.mouse.clicks && game.mouse.listens());
        let mut s = Session::new(game, 0, None);
        // The level start's turn: every background is stationary.
        assert_eq!(
            (held(&s, 1), held(&s, 2)),
            (vec!["red".to_owned(), "still".to_owned()], vec!["blue".to_owned(), "still".to_owned()])
        );
        assert!(s.click(Click::press(1, 0)));
        assert_eq!(held(&s, 1), ["blue", "still"], "lclick turned the red blue, and only once");
        assert_eq!(held(&s, 2), ["blue", "still"], "the other cell had no click");
        let right = Click { button: Button::Right, gesture: Gesture::Press, x: 2, y: 0 };
        assert!(s.click(right));
        assert_eq!(held(&s, 2), ["still"], "rclick took the blue away");
        // Releases and drags are not clicks.
        let release = Click { button: Button::Left, gesture: Gesture::Release, x: 1, y: 0 };
        assert!(!s.click(release));
        Step::Undo.apply(&mut s);
        assert_eq!(held(&s, 2), ["blue", "still"], "undo takes the click's turn back");
        assert_eq!(Click::press(0, 0).mark(&s.game().mouse), Some(Mark::LClick));
    }

    #[test]
    fn a_clicked_object_is_not_stationary() {
        let src = "title still\nmouse_clicks\n\nOBJECTS\nBackground\nblack\nPlayer\ngreen\nLamp\nyellow\n\n\
            LEGEND\n. = Background\nP = Player\nL = Lamp\n\nSOUNDS\n\nCOLLISIONLAYERS\nBackground\nPlayer\nLamp\n\n\
            RULES\n[ stationary Player ] [ Lamp ] -> [ Player ] [ ]\n\nWINCONDITIONS\n\nLEVELS\nPL\n";
        let game = crate::build(src).game.expect("it compiles");
        let mut s = Session::new(game, 0, None);
        // A click on the player's cell: the player is not stationary.
        assert!(s.click(Click::press(0, 0)));
        assert_eq!(held(&s, 1), ["lamp"]);
        // A click elsewhere: it is, and the rule takes the lamp.
        assert!(s.click(Click::press(1, 0)));
        assert!(held(&s, 1).is_empty());
    }

    #[test]
    fn lclick_is_a_word_of_mouse_clicks_games_only() {
        let classic = CLICKS_GAME.replace("mouse_clicks\n", "");
        let build = crate::build(&classic);
        assert!(
            build.diagnostics.iter().any(|d| d.code == "E0604" && d.message.contains("lclick")),
            "{:?}",
            build.diagnostics
        );
        // An object the press puts down comes first, as in PuzzleScript Next.
        let both = CLICKS_GAME.replace("mouse_clicks\n", "mouse_clicks\nmouse_left Still\n");
        let game = crate::build(&both).game.expect("it compiles");
        let still = game.objects.iter().position(|o| o.name.eq_ignore_ascii_case("still"));
        assert_eq!(Click::press(0, 0).mark(&game.mouse), still.map(Mark::Object));
        let right = Click { button: Button::Right, gesture: Gesture::Press, x: 0, y: 0 };
        assert_eq!(right.mark(&game.mouse), Some(Mark::RClick));
    }

    /// PuzzleScript Next's click sound verbs: in a `mouse_clicks` game,
    /// `Lamp lclick SEED` plays when a left press marks a lamp and no rule
    /// takes the mark (`rclick` the same for the right button); a click
    /// a rule turns into something else plays that rule's sounds instead.
    /// In a game without `mouse_clicks` the verb is an error (E0404), as
    /// in PuzzleScript Next.
    #[test]
    fn lclick_and_rclick_are_sound_verbs_of_mouse_clicks_games() {
        let src = "title click sounds\nmouse_clicks\n\n\
            OBJECTS\nBackground\nblack\nPlayer\ngreen\nLamp\nyellow\nRed\nred\nBlue\nblue\n\n\
            LEGEND\n. = Background\nP = Player\nL = Lamp\nR = Red\n\n\
            SOUNDS\nLamp lclick 111\nLamp rclick 222\nRed lclick 333\nBlue create 444\n\n\
            COLLISIONLAYERS\nBackground\nPlayer, Red, Blue\nLamp\n\n\
            RULES\n[ lclick Red ] -> [ Blue ]\n\nWINCONDITIONS\n\nLEVELS\nPLR\n";
        let build = crate::build(src);
        assert!(!crate::diag::has_errors(&build.diagnostics), "{:?}", build.diagnostics);
        let mut s = Session::new(build.game.expect("it compiles"), 0, None);
        s.take_events();
        let sounds = |s: &mut Session| -> Vec<String> {
            s.take_events()
                .into_iter()
                .filter_map(|e| match e {
                    crate::run::Event::Sound(seed) => Some(seed.to_string()),
                    _ => None,
                })
                .collect()
        };
        assert!(s.click(Click::press(1, 0)));
        assert_eq!(sounds(&mut s), ["111"], "a left press on the lamp");
        let right = |x| Click { button: Button::Right, gesture: Gesture::Press, x, y: 0 };
        assert!(s.click(right(1)));
        assert_eq!(sounds(&mut s), ["222"], "a right press on the lamp");
        assert!(s.click(right(0)));
        assert!(sounds(&mut s).is_empty(), "the player has no click sound");
        assert!(s.click(Click::press(2, 0)));
        assert_eq!(held(&s, 2), ["blue"]);
        assert_eq!(sounds(&mut s), ["444"], "the rule took the red's click: its creation sounds, not the red's click");

        let classic = src.replace("mouse_clicks\n", "").replace("[ lclick Red ] -> [ Blue ]", "");
        let build = crate::build(&classic);
        let verbs: Vec<u32> = build.diagnostics.iter().filter(|d| d.code == "E0404").map(|d| d.span.line).collect();
        assert_eq!(verbs.len(), 3, "lclick, rclick, lclick: {:?}", build.diagnostics);
    }
}
