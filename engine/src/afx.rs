//! PuzzleScript Next's animations: `afx:` words on SOUNDS lines
//! (`player move up afx:slide`, `gem create afx:zoom:fade`,
//! `tile lclick 1234 afx:turn=.25,0`), played over `animate_interval`
//! seconds (a quarter of a second unless given) after the turn that set
//! them off. Drawing only: the state is the same with or without them
//! (the turn has ended when they start; the debugger steps states).
//!
//! `compile` reads each word once ([`Afx::parse`]) into the game's sounds
//! with the objects and events it is for; `run` notes the animations a
//! turn of play sets off ([`Animation`], only in games with any `afx:`
//! word, so a classic turn does no more work); `play` knows when the turn
//! ended and hands them to `render` inside a [`crate::tween::Tween`], so
//! the docked player, the HTML page, the native window and the GIF all
//! animate alike.
//!
//! What an effect draws (as PuzzleScript Next does): each effect has a list
//! of values, given (`turn=.25,0`) or by default for the event (the table
//! in [`Afx::pose`]); over the interval the value runs along the list from
//! its first to its last, in even steps between neighbours, and sets one
//! thing of the drawing: `slide` the shift in cells along the move (up for
//! anything that is not a move), `zoom` the scale about the cell's centre,
//! `fade` the opacity, `turn` the angle in whole turns. `ease=NAME` bends
//! the time of the effects written after it. A moved object that a
//! `tween_length` slide draws is not animated (the slide comes first, as
//! in PuzzleScript Next).

use crate::syntax::keywords::AfxWord;
use crate::tween::Easing;
pub use crate::tween::{AfxEvent as Event, Animation};
use std::time::Duration;

/// The time animations take unless `animate_interval` says otherwise.
pub const DEFAULT_INTERVAL: Duration = Duration::from_millis(250);

/// One effect of an `afx:` word.
#[derive(Debug, Clone, PartialEq)]
pub enum Part {
    /// `slide`, `zoom`, `fade` or `turn`, with the values written after
    /// `=` (at least two), or `None` for the defaults of the event.
    Effect(AfxWord, Option<Box<[f64]>>),
    /// `ease=NAME`: the easing of the effects after it.
    Ease(Easing),
}

/// One `afx:` word, read.
#[derive(Debug, Clone, PartialEq)]
pub struct Afx {
    /// The word as written (lower case), for the sound history and the
    /// editor.
    pub text: String,
    /// Its effects and easings in order.
    pub parts: Vec<Part>,
}

/// Something in an `afx:` word that is not read, for `check` (the word is
/// still used without it, as PuzzleScript Next uses it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Problem {
    /// A part that is not `slide`, `zoom`, `fade`, `turn` or `ease`.
    UnknownPart(String),
    /// A value that is not a number (read as 0).
    NotANumber(String),
    /// A list of fewer than two values (the effect is not drawn).
    OneValue(String),
    /// `ease=` with a name that is not an easing (linear is used).
    UnknownEasing(String),
}

impl Afx {
    /// Read an `afx:` word (any case): its parts, and what in it was not
    /// read. `None` when the word does not start with `afx:`.
    #[must_use]
    pub fn parse(word: &str) -> Option<(Afx, Vec<Problem>)> {
        if !AfxWord::is_afx(word) {
            return None;
        }
        let text = word.to_ascii_lowercase();
        let mut parts = Vec::new();
        let mut problems = Vec::new();
        for part in text[AfxWord::PREFIX.len()..].split(':').filter(|p| !p.is_empty()) {
            let (name, arg) = match part.split_once('=') {
                Some((n, a)) => (n, Some(a)),
                None => (part, None),
            };
            match AfxWord::parse(name) {
                Some(AfxWord::Ease) => {
                    let easing = arg.and_then(Easing::parse);
                    if easing.is_none() {
                        problems.push(Problem::UnknownEasing(arg.unwrap_or_default().to_owned()));
                    }
                    parts.push(Part::Ease(easing.unwrap_or_default()));
                }
                Some(effect) => {
                    let values = arg.map(|a| {
                        a.split(',')
                            .map(|v| {
                                v.trim().parse::<f64>().ok().filter(|x| x.is_finite()).unwrap_or_else(|| {
                                    problems.push(Problem::NotANumber(v.to_owned()));
                                    0.0
                                })
                            })
                            .collect::<Box<[f64]>>()
                    });
                    if values.as_ref().is_some_and(|v| v.len() < 2) {
                        problems.push(Problem::OneValue(part.to_owned()));
                        continue;
                    }
                    parts.push(Part::Effect(effect, values));
                }
                None => problems.push(Problem::UnknownPart(name.to_owned())),
            }
        }
        Some((Afx { text, parts }, problems))
    }

    /// How to draw the object at `left` (1 at the start of the animation,
    /// towards 0 at its end) for an animation set off by `event` in
    /// direction `dir` (the movement bits: 1 up, 2 down, 4 left, 8 right).
    #[must_use]
    pub fn pose(&self, event: Event, dir: u64, left: f64) -> Pose {
        // The defaults of PuzzleScript Next, by event: slide, zoom, turn, fade.
        const MOVE: [&[f64]; 4] = [&[-1.0, 0.0], &[0.0, 1.0], &[0.0, 0.25], &[0.0, 1.0]];
        const CANT: [&[f64]; 4] = [&[0.0, 0.2, 0.0], &[1.0, 1.2, 1.0], &[0.0, 0.1, 0.0], &[1.0, 0.5, 1.0]];
        const HIT: [&[f64]; 4] = [&[0.0, 0.2, 0.0], &[1.0, 1.2, 1.0], &[0.0, -0.1, 0.1, 0.0], &[1.0, 0.5, 1.0]];
        const CREATE: [&[f64]; 4] = [&[1.0, 0.0], &[0.0, 1.0], &[-0.125, 0.0], &[0.0, 1.0]];
        const DESTROY: [&[f64]; 4] = [&[0.0, 1.0], &[1.0, 0.0], &[0.0, 0.125], &[1.0, 0.0]];
        let cardinal = matches!(dir, 1 | 2 | 4 | 8);
        let event = if event == Event::Move && !cardinal { Event::Hit } else { event };
        let table = match event {
            Event::Move => MOVE,
            Event::Cant => CANT,
            Event::Hit => HIT,
            Event::Create => CREATE,
            Event::Destroy => DESTROY,
        };
        let (dx, dy) = match dir {
            2 => (0.0, 1.0),
            4 => (-1.0, 0.0),
            8 => (1.0, 0.0),
            _ => (0.0, -1.0),
        };
        let mut left = left.clamp(0.0, 1.0);
        let mut pose = Pose::default();
        for part in &self.parts {
            let (effect, values) = match part {
                Part::Ease(e) => {
                    left = e.apply(left);
                    continue;
                }
                Part::Effect(effect, values) => (*effect, values),
            };
            let column = match effect {
                AfxWord::Slide => 0,
                AfxWord::Zoom => 1,
                AfxWord::Turn => 2,
                _ => 3,
            };
            let t = along(values.as_deref().unwrap_or(table[column]), 1.0 - left);
            match effect {
                AfxWord::Slide => (pose.dx, pose.dy) = (t * dx, t * dy),
                AfxWord::Zoom => {
                    pose.scale = t;
                    // Scaled about the cell's centre.
                    (pose.dx, pose.dy) = (0.5 - t / 2.0, 0.5 - t / 2.0);
                }
                AfxWord::Turn => pose.turn = t,
                _ => pose.alpha = t,
            }
        }
        pose
    }
}

/// The value `done` (0 to 1) of the way along `values`, in even steps
/// between neighbours.
fn along(values: &[f64], done: f64) -> f64 {
    let Some(&last) = values.last() else { return 0.0 };
    let steps = values.len().saturating_sub(1);
    let x = done.clamp(0.0, 1.0) * steps as f64;
    let i = (x.floor() as usize).min(steps);
    let Some(&next) = values.get(i + 1) else { return last };
    values[i] + (next - values[i]) * (x - i as f64)
}

/// How to draw an animated object, against its usual drawing.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Pose {
    /// Shift right, in cells.
    pub dx: f64,
    /// Shift down, in cells.
    pub dy: f64,
    /// Scale (1 as usual); the shift then places the scaled sprite.
    pub scale: f64,
    /// Opacity, 0 to 1.
    pub alpha: f64,
    /// Clockwise turn, in whole turns.
    pub turn: f64,
}

impl Default for Pose {
    fn default() -> Self {
        Pose { dx: 0.0, dy: 0.0, scale: 1.0, alpha: 1.0, turn: 0.0 }
    }
}

/// How much of the animations is left `elapsed` after the turn that set
/// them off, when they take `interval`: 1 at the start, 0 when done.
#[must_use]
pub fn left(elapsed: Duration, interval: Duration) -> f64 {
    1.0 - (elapsed.as_secs_f64() / interval.as_secs_f64().max(1e-9)).clamp(0.0, 1.0)
}

/// `animate_interval`'s value: a positive number of seconds, else the
/// default.
#[must_use]
pub fn interval(value: Option<&str>) -> Duration {
    value
        .and_then(|v| v.trim().parse::<f64>().ok())
        .filter(|s| s.is_finite() && *s > 0.0)
        .map_or(DEFAULT_INTERVAL, |s| Duration::from_secs_f64(s.min(60.0)))
}

#[cfg(test)]
mod reading {
    use super::*;

    fn afx(word: &str) -> Afx {
        let (a, problems) = Afx::parse(word).expect("an afx word");
        assert!(problems.is_empty(), "{word}: {problems:?}");
        a
    }

    #[test]
    fn words_are_read_with_their_values() {
        let a = afx("AFX:turn=.25,0:ease=easeOutQuad:fade");
        assert_eq!(a.text, "afx:turn=.25,0:ease=easeoutquad:fade");
        assert_eq!(
            a.parts,
            vec![
                Part::Effect(AfxWord::Turn, Some(vec![0.25, 0.0].into())),
                Part::Ease(Easing::OutQuad),
                Part::Effect(AfxWord::Fade, None),
            ]
        );
        assert_eq!(afx("afx:fade:").parts, vec![Part::Effect(AfxWord::Fade, None)]);
        assert!(Afx::parse("1234").is_none());
        let (a, problems) = Afx::parse("afx:fade:scale:turn=-0.25:slide=x,1:ease=bouncy").expect("read");
        assert_eq!(
            problems,
            vec![
                Problem::UnknownPart("scale".into()),
                Problem::OneValue("turn=-0.25".into()),
                Problem::NotANumber("x".into()),
                Problem::UnknownEasing("bouncy".into()),
            ]
        );
        assert_eq!(
            a.parts,
            vec![
                Part::Effect(AfxWord::Fade, None),
                Part::Effect(AfxWord::Slide, Some(vec![0.0, 1.0].into())),
                Part::Ease(Easing::Linear)
            ]
        );
    }

    #[test]
    fn poses_run_along_the_values() {
        let close = |a: f64, b: f64| (a - b).abs() < 1e-9;
        // A move right slides in from the left: a cell back at the start.
        let slide = afx("afx:slide");
        let p = slide.pose(Event::Move, 8, 1.0);
        assert!(close(p.dx, -1.0) && close(p.dy, 0.0), "{p:?}");
        let p = slide.pose(Event::Move, 8, 0.25);
        assert!(close(p.dx, -0.25), "{p:?}");
        // A move up, three quarters done.
        assert!(close(slide.pose(Event::Move, 1, 0.25).dy, 0.25));
        // Can't move: out a fifth of a cell and back.
        let p = slide.pose(Event::Cant, 4, 0.5);
        assert!(close(p.dx, -0.2), "{p:?}");
        // Zoom from nothing, about the centre.
        let p = afx("afx:zoom").pose(Event::Create, 0, 0.5);
        assert!(close(p.scale, 0.5) && close(p.dx, 0.25) && close(p.dy, 0.25), "{p:?}");
        // Fade out on destroy.
        assert!(close(afx("afx:fade").pose(Event::Destroy, 0, 0.25).alpha, 0.25));
        // Turn a quarter on a move; an action turns as a hit (-0.1 then 0.1).
        assert!(close(afx("afx:turn").pose(Event::Move, 2, 0.5).turn, 0.125));
        assert!(close(afx("afx:turn").pose(Event::Move, 16, 2.0 / 3.0).turn, -0.1));
        // Given values, and an easing for what follows it.
        assert!(close(afx("afx:turn=.25,0").pose(Event::Hit, 0, 1.0).turn, 0.25));
        let eased = afx("afx:ease=easeInQuad:fade=0,1");
        assert!(close(eased.pose(Event::Move, 8, 0.5).alpha, 0.75));
        // At the end, the last value.
        assert!(close(afx("afx:fade=0,0.5").pose(Event::Move, 8, 0.0).alpha, 0.5));
    }

    #[test]
    fn the_interval_defaults_to_a_quarter_second() {
        assert_eq!(interval(None), DEFAULT_INTERVAL);
        assert_eq!(interval(Some("0.4")), Duration::from_millis(400));
        assert_eq!(interval(Some("soon")), DEFAULT_INTERVAL);
        assert_eq!(interval(Some("-1")), DEFAULT_INTERVAL);
        assert!((left(Duration::from_millis(100), DEFAULT_INTERVAL) - 0.6).abs() < 1e-9);
        assert_eq!(left(Duration::from_secs(1), DEFAULT_INTERVAL), 0.0);
    }
}

#[cfg(test)]
mod tests;
