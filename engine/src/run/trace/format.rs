//! The line format of `../shared/conformance/traces.json`: each event as
//! one short line (`turn right`, `rule 80 down`, `command 80 again`,
//! `movements`, ...), identical consecutive lines written once with ` *K`.
//! Our own events (gosub calls and returns, level loads) have no line
//! unless [`FormatOptions::extras`] asks for them; `redo`, which only our
//! sessions have, is always written.

use super::{EventKind, Segment};
use crate::compile::Game;
use std::collections::HashSet;

/// What to write besides the reference's events.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct FormatOptions {
    /// Also write our own events: `gosub NAME L`, `return NAME L`,
    /// `level N`.
    pub extras: bool,
}

/// Writes events of one game as lines.
#[derive(Debug, Clone)]
pub struct LineFormat {
    /// Lines whose rule was expanded into more than one rule of one group
    /// of the main rules: their rule events name the direction.
    directional: HashSet<u32>,
    /// Subroutine names, for the extras.
    subroutines: Vec<String>,
    options: FormatOptions,
}

impl LineFormat {
    /// The format for `game`.
    #[must_use]
    pub fn new(game: &Game, options: FormatOptions) -> LineFormat {
        let mut directional = HashSet::new();
        // As the reference decides it: a rule line is "directional" when
        // some group of the main (non-late) rules holds more than one rule
        // from it.
        let main = std::iter::once(&game.rules).chain(game.subroutines.iter().map(|s| &s.rules));
        for set in main {
            for group in &set.groups {
                let mut seen = HashSet::new();
                for r in group {
                    if !seen.insert(r.line) {
                        directional.insert(r.line);
                    }
                }
            }
        }
        LineFormat { directional, subroutines: game.subroutines.iter().map(|s| s.name.clone()).collect(), options }
    }

    /// The line of one event (None for our own events unless asked for).
    #[must_use]
    pub fn line(&self, kind: &EventKind) -> Option<String> {
        Some(match kind {
            EventKind::TurnStart { mouse: true, .. } => "turn mouse".to_owned(),
            EventKind::TurnStart { input, .. } => format!("turn {}", input.map_or("tick", |d| d.word())),
            EventKind::Rule(r) if self.directional.contains(&r.line) => format!("rule {} {}", r.line, r.dir.word()),
            EventKind::Rule(r) => format!("rule {}", r.line),
            EventKind::Command { line, command } => format!("command {line} {}", command.word()),
            EventKind::Movements { .. } => "movements".to_owned(),
            EventKind::RigidFail { lines } => {
                let mut s = "rigid-fail".to_owned();
                for l in lines {
                    s.push(' ');
                    s.push_str(&l.to_string());
                }
                s
            }
            EventKind::RigidReloop => "rigid-reloop".to_owned(),
            EventKind::Late => "late".to_owned(),
            EventKind::Again { line } => format!("again {line}"),
            EventKind::AgainSkipped { line } => format!("again-skipped {line}"),
            EventKind::Cancel { line } => format!("cancel {line}"),
            EventKind::Restart { line } => format!("restart {line}"),
            EventKind::Checkpoint { line } => format!("checkpoint {line}"),
            EventKind::CancelNoMovement => "cancel-no-movement".to_owned(),
            EventKind::Win => "win".to_owned(),
            EventKind::WinIgnored => "win-ignored".to_owned(),
            EventKind::TurnEnd => "end".to_owned(),
            EventKind::Undo { .. } => "undo".to_owned(),
            EventKind::RestartLevel { .. } => "restart".to_owned(),
            EventKind::LoopCap { line } => format!("loop-cap {line}"),
            EventKind::LoopPointCap { line } => format!("loop-point-cap {line}"),
            EventKind::Redo => "redo".to_owned(),
            EventKind::GosubCall { subroutine, line } if self.options.extras => {
                format!("gosub {} {line}", self.subroutine_name(*subroutine))
            }
            EventKind::GosubReturn { subroutine, line } if self.options.extras => {
                format!("return {} {line}", self.subroutine_name(*subroutine))
            }
            EventKind::LevelLoaded { index } if self.options.extras => format!("level {index}"),
            EventKind::GosubCall { .. } | EventKind::GosubReturn { .. } | EventKind::LevelLoaded { .. } => {
                return None;
            }
        })
    }

    /// The lines of a segment, repeats folded (see [`run_length`]).
    #[must_use]
    pub fn segment(&self, segment: &Segment) -> Vec<String> {
        run_length(segment.events.iter().filter_map(|e| self.line(&e.kind)))
    }

    fn subroutine_name(&self, k: usize) -> &str {
        self.subroutines.get(k).map_or("?", String::as_str)
    }
}

/// Fold identical consecutive lines into one with ` *K` (K of them).
#[must_use]
pub fn run_length(lines: impl IntoIterator<Item = String>) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut last: Option<(String, usize)> = None;
    let flush = |last: Option<(String, usize)>, out: &mut Vec<String>| {
        if let Some((line, n)) = last {
            out.push(if n > 1 { format!("{line} *{n}") } else { line });
        }
    };
    for line in lines {
        match last.as_mut() {
            Some((l, n)) if *l == line => *n += 1,
            _ => flush(last.replace((line, 1)), &mut out),
        }
    }
    flush(last, &mut out);
    out
}
