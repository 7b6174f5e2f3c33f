//! Levels too easy to solve, found by playing them through the ordinary
//! [`Session`] (same seed as the player's default, `again` turns run
//! between presses, no realtime ticks, as a quick player would play),
//! from the level as a player first gets it: the `again` turns its loading
//! asks for played out. A level that wins or moves on by itself while it
//! loads is not judged, nor one already reported as won at the start.
//!
//! Budget per level: every sequence of one and two keys (30 sequences of
//! the five keys, four when the game has `noaction`), and each key held
//! for at most [`HOLD_PRESSES`] presses, stopping early when the level is
//! won, a press changes nothing, or the level comes back to a state it
//! was in; all keys held together play at most [`HOLD_TURNS`] turns
//! (`again` turns included), after which the level is left unjudged; and
//! a game's levels together at most [`GAME_TURNS`] turns, after which the
//! levels not yet played are left unjudged. A level won in one or two moves is reported as such and not
//! again as won by holding.

use super::{AGAIN_TURNS, Check, Ctx, GAME_TURNS, HOLD_PRESSES, HOLD_TURNS, MAX_DYNAMIC_CELLS};
use crate::compile::Level;
use crate::diag::Diagnostic;
use crate::diag::catalogue as cat;
use crate::run::{Event, Input, LevelState, Session};
use std::collections::HashSet;
use std::hash::{DefaultHasher, Hash, Hasher};
use std::sync::Arc;

pub(super) fn run(ctx: &Ctx, out: &mut Vec<Diagnostic>) {
    let (hold, short) = (ctx.options.runs(Check::WonByHolding), ctx.options.runs(Check::ShortSolution));
    let Some(game) = ctx.build.game.as_ref() else { return };
    if !hold && !short {
        return;
    }
    let cells: usize = game.levels.iter().map(|l| if let Level::Map(g) = l { g.width * g.height } else { 0 }).sum();
    if cells > MAX_DYNAMIC_CELLS {
        return;
    }
    let keys: Vec<Input> = [Input::Up, Input::Down, Input::Left, Input::Right, Input::Action]
        .into_iter()
        .filter(|k| *k != Input::Action || !game.metadata.has("noaction"))
        .collect();
    let mut turns = 0;
    for (index, (level, span)) in game.levels.iter().zip(&ctx.level_spans).enumerate() {
        if ctx.options.cancelled() || turns >= GAME_TURNS {
            return;
        }
        if !matches!(level, Level::Map(_)) {
            continue;
        }
        // A level already won as it starts (A0304, found before this
        // pass) is won by any key: saying so again adds nothing.
        if out.iter().any(|d| d.code == "A0304" && d.span == *span) {
            continue;
        }
        // Loaded once; every sequence tried starts from a copy of it.
        let Some(mut session) = start(game, index, &mut turns) else { continue };
        let Some(first) = session.save_state() else { continue };
        if short && let Some(moves) = shortest(&mut session, &first, index, &keys, &mut turns) {
            let words: Vec<&str> = moves.iter().map(|k| k.direction().word()).collect();
            out.push(cat::short_solution(*span, &words));
            continue;
        }
        if hold && let Some((key, presses)) = held(&mut session, &first, index, &keys, &mut turns) {
            out.push(cat::won_by_holding(*span, key.direction().word(), presses));
        }
    }
}

/// Press `key` and run the `again` turns it asks for, counting every turn
/// in `turns`; true when the level was won.
fn press(s: &mut Session, index: usize, key: Input, turns: &mut usize) -> bool {
    s.input(key);
    *turns += 1;
    *turns += s.settle(AGAIN_TURNS).unwrap_or_else(|endless| endless.ran);
    let events = s.take_events();
    s.level_index() != index || events.iter().any(|e| matches!(e, Event::GameWon))
}

/// Level `index` as a player first gets it: loaded, and the `again`
/// turns its loading asked for played out. `None` when no key is needed or
/// can be judged: the level wins or moves on by itself as it loads (an end
/// screen played by its rules), or its `again` turns do not stop.
fn start(game: &Arc<crate::compile::Game>, index: usize, turns: &mut usize) -> Option<Session> {
    let mut s = Session::new(Arc::clone(game), index, None);
    *turns += s.settle(AGAIN_TURNS).unwrap_or_else(|endless| endless.ran);
    let events = s.take_events();
    let moved_on = s.level_index() != index || events.iter().any(|e| matches!(e, Event::GameWon));
    (!moved_on && !s.text_mode() && !s.again_pending()).then_some(s)
}

/// Put `s` back at `first`, the level as [`start`] left it.
fn back_to(s: &mut Session, first: &LevelState) {
    s.restore_state(first);
    s.take_events();
}

/// The first sequence of one or two keys that wins level `index`, played
/// from `first`.
fn shortest(
    s: &mut Session,
    first: &LevelState,
    index: usize,
    keys: &[Input],
    turns: &mut usize,
) -> Option<Vec<Input>> {
    for &a in keys {
        back_to(s, first);
        if press(s, index, a, turns) {
            return Some(vec![a]);
        }
    }
    for &a in keys {
        for &b in keys {
            back_to(s, first);
            if press(s, index, a, turns) {
                continue;
            }
            if press(s, index, b, turns) {
                return Some(vec![a, b]);
            }
        }
    }
    None
}

fn state_hash(s: &Session) -> u64 {
    let mut h = DefaultHasher::new();
    s.dump().hash(&mut h);
    h.finish()
}

/// The first key that, pressed over and over from `first`, wins level
/// `index`, with the number of presses.
fn held(
    s: &mut Session,
    first: &LevelState,
    index: usize,
    keys: &[Input],
    turns: &mut usize,
) -> Option<(Input, usize)> {
    let first_turn = *turns;
    for &key in keys {
        back_to(s, first);
        let mut seen = HashSet::new();
        seen.insert(state_hash(s));
        for presses in 1..=HOLD_PRESSES {
            if *turns - first_turn >= HOLD_TURNS {
                return None;
            }
            if press(s, index, key, turns) {
                return Some((key, presses));
            }
            // Nothing changed, or back where it was: holding on repeats.
            if !seen.insert(state_hash(s)) {
                break;
            }
        }
    }
    None
}
