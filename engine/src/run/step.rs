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
//! (restart), in any case. [`Step::json`] writes the conformance files'
//! form: a bare number for a move, a quoted word otherwise.

use super::{Input, Session};

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
        }
    }

    /// The word for it (the text form).
    #[must_use]
    pub const fn word(self) -> &'static str {
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
            None => crate::json::string(self.word()),
        }
    }
}

impl std::fmt::Display for Step {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.word())
    }
}

impl std::str::FromStr for Step {
    type Err = BadStep;

    fn from_str(text: &str) -> Result<Step, BadStep> {
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

    const ALL: [Step; 9] = [
        Step::Input(Input::Up),
        Step::Input(Input::Left),
        Step::Input(Input::Down),
        Step::Input(Input::Right),
        Step::Input(Input::Action),
        Step::Tick,
        Step::Undo,
        Step::Redo,
        Step::Restart,
    ];

    #[test]
    fn the_text_form_reads_back() {
        for step in ALL {
            assert_eq!(step.to_string().parse::<Step>(), Ok(step));
            assert_eq!(step.word().to_uppercase().parse::<Step>(), Ok(step), "any case");
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
        assert_eq!(json, ["0", "1", "2", "3", "4", "\"tick\"", "\"undo\"", "\"redo\"", "\"restart\""]);
        for step in ALL {
            assert_eq!(step.code().and_then(|c| Step::from_code(c.into())), step.code().map(|_| step));
        }
    }
}
