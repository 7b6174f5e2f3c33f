//! Turn scripts: tiny games, a few inputs, and the level or the events
//! expected after them. Each test has a control (a game or input that
//! differs in the one thing under test) where the outcome would otherwise
//! be the same by chance.

use super::{Event, Input, Limit, Session};
use std::sync::Arc;

/// A game with five objects (P player, C crate, W wall, T target, M mark)
/// on three layers; the parts in braces are filled in by [`Game`].
const TEMPLATE: &str = "title turn scripts
{prelude}
========
OBJECTS
========
Background
black
Player
white
Crate
orange
Wall
grey
Target
red
Mark
pink
=======
LEGEND
=======
. = Background
P = Player
C = Crate
W = Wall
T = Target
M = Mark
@ = Crate and Target
=======
SOUNDS
=======
{sounds}
================
COLLISIONLAYERS
================
Background
Target
Player, Crate, Wall
Mark
======
RULES
======
{rules}
==============
WINCONDITIONS
==============
{win}
=======
LEVELS
=======
{levels}
";

/// A test game: rules, win conditions, levels, prelude lines and sounds.
#[derive(Default)]
struct Game {
    prelude: &'static str,
    sounds: &'static str,
    rules: String,
    win: &'static str,
    levels: &'static str,
}

impl Game {
    fn rules(rules: impl Into<String>, levels: &'static str) -> Game {
        Game { rules: rules.into(), levels, ..Game::default() }
    }

    fn source(&self) -> String {
        TEMPLATE
            .replace("{prelude}", self.prelude)
            .replace("{sounds}", self.sounds)
            .replace("{rules}", &self.rules)
            .replace("{win}", self.win)
            .replace("{levels}", self.levels)
    }

    /// The 1-based line of the game text holding `needle`.
    fn line_of(&self, needle: &str) -> u32 {
        let src = self.source();
        let i = src.lines().position(|l| l.contains(needle)).expect("needle in the game");
        u32::try_from(i + 1).expect("small")
    }

    /// A session on level 0 (the game must compile without errors).
    fn start(&self) -> Session {
        self.start_at(0, Some("turn scripts"))
    }

    fn start_at(&self, level: usize, seed: Option<&str>) -> Session {
        let b = crate::build(&self.source());
        let errors: Vec<_> = b.diagnostics.iter().filter(|d| d.is_error()).collect();
        assert!(errors.is_empty(), "the test game has errors: {errors:#?}");
        let game = b.game.expect("compiled");
        let mut s = Session::new(Arc::clone(&game), level, seed);
        drain(&mut s);
        s
    }
}

/// Run pending `again` turns (bounded).
fn drain(s: &mut Session) {
    for _ in 0..1000 {
        if !s.again_pending() {
            return;
        }
        s.run_again();
    }
    panic!("again turns never stopped");
}

/// Feed inputs: `U` `D` `L` `R` moves, `X` action, `z` undo, `r` restart,
/// `t` tick (spaces ignored); pending `again` turns run after each.
fn play(s: &mut Session, inputs: &str) {
    for c in inputs.chars() {
        match c {
            'U' => s.input(Input::Up),
            'D' => s.input(Input::Down),
            'L' => s.input(Input::Left),
            'R' => s.input(Input::Right),
            'X' => s.input(Input::Action),
            'z' => s.undo(),
            'r' => s.restart(),
            't' => s.tick(),
            ' ' => continue,
            _ => panic!("unknown input {c}"),
        }
        drain(s);
    }
}

/// The level as rows of cells separated by spaces; a cell is the first
/// letters of its objects in alphabetical order (background left out), or
/// `.` when empty.
fn grid(s: &Session) -> String {
    let (w, h) = s.size();
    let game = Arc::clone(s.game());
    let mut rows = Vec::new();
    for y in 0..h {
        let cells: Vec<String> = (0..w)
            .map(|x| {
                let mut letters: Vec<char> = s
                    .objects_at(x, y)
                    .into_iter()
                    .filter_map(|id| game.objects[id].name.chars().next())
                    .filter(|&c| c != 'b')
                    .map(|c| c.to_ascii_uppercase())
                    .collect();
                letters.sort_unstable();
                if letters.is_empty() {
                    letters.push('.');
                }
                letters.into_iter().collect::<String>()
            })
            .collect();
        rows.push(cells.join(" "));
    }
    rows.join("\n")
}

/// How many cells hold object `name`.
fn count(s: &Session, name: &str) -> usize {
    let (w, h) = s.size();
    let game = Arc::clone(s.game());
    let Some(id) = game.objects.iter().position(|o| o.name == name) else { return 0 };
    (0..w).flat_map(|x| (0..h).map(move |y| (x, y))).filter(|&(x, y)| s.objects_at(x, y).contains(&id)).count()
}

fn limits(events: &[Event]) -> Vec<(Limit, u32)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::LimitHit { limit, line } => Some((*limit, *line)),
            _ => None,
        })
        .collect()
}

const PUSH: &str = "[ > Player | Crate ] -> [ > Player | > Crate ]";

// ---- the basics ---------------------------------------------------------

#[test]
fn the_player_moves_and_is_stopped_by_walls_and_edges() {
    let g = Game::rules("", "P.W");
    let mut s = g.start();
    play(&mut s, "R");
    assert_eq!(grid(&s), ". P W");
    play(&mut s, "R");
    assert_eq!(grid(&s), ". P W", "the wall stops the player");
    play(&mut s, "LL");
    assert_eq!(grid(&s), "P . W", "the edge stops the player");
    play(&mut s, "UD");
    assert_eq!(grid(&s), "P . W");
}

#[test]
fn a_rule_pushes_a_crate() {
    let level = "PC..";
    let mut without = Game::rules("", level).start();
    play(&mut without, "R");
    assert_eq!(grid(&without), "P C . .", "control: without the rule the crate blocks");
    let mut s = Game::rules(PUSH, level).start();
    play(&mut s, "RR");
    assert_eq!(grid(&s), ". . P C");
    play(&mut s, "R");
    assert_eq!(grid(&s), ". . P C", "the crate at the edge cannot move, so neither can the player");
}

#[test]
fn late_rules_see_where_things_ended_up() {
    // Marks a target the player stands on: only a late rule sees the
    // player already on it after the move.
    let mut main = Game::rules("[ Player Target ] -> [ Player Target Mark ]", "PT").start();
    play(&mut main, "R");
    assert_eq!(grid(&main), ". PT");
    let mut late = Game::rules("late [ Player Target ] -> [ Player Target Mark ]", "PT").start();
    play(&mut late, "R");
    assert_eq!(grid(&late), ". MPT");
}

#[test]
fn again_runs_more_turns_until_nothing_changes() {
    let g = Game::rules("right [ Crate | no Wall no Crate ] -> [ > Crate | ] again", "PC...W");
    let mut s = g.start_at(0, None);
    s.input(Input::Up);
    assert!(s.again_pending(), "the crate moved, so another turn is due");
    assert_eq!(grid(&s), "P . C . . W");
    drain(&mut s);
    assert_eq!(grid(&s), "P . . . C W");
    assert!(!s.again_pending());
}

#[test]
fn cancel_undoes_the_turn() {
    let g = Game::rules(format!("{PUSH}\n[ > Crate | Target ] -> cancel"), "PC.T");
    let mut s = g.start();
    play(&mut s, "R");
    assert_eq!(grid(&s), ". P C T", "control: far from the target the push goes through");
    play(&mut s, "R");
    assert_eq!(grid(&s), ". P C T", "pushing the crate onto the target is cancelled");
    play(&mut s, "z");
    assert_eq!(grid(&s), "P C . T", "the cancelled turn left nothing to undo: undo goes back past it");
}

#[test]
fn restart_returns_to_the_start_of_the_level() {
    let g = Game::rules("late [ Player Target ] -> restart", "P.T");
    let mut s = g.start();
    play(&mut s, "R");
    assert_eq!(grid(&s), ". P T");
    play(&mut s, "R");
    assert_eq!(grid(&s), "P . T");
    play(&mut s, "R");
    play(&mut s, "r");
    assert_eq!(grid(&s), "P . T", "the player's restart too");
    play(&mut s, "z");
    assert_eq!(grid(&s), ". P T", "a restart can be undone");
}

#[test]
fn checkpoint_moves_the_restart_point() {
    let g = Game::rules("late [ Player Target ] -> checkpoint", "P.T.");
    let mut s = g.start();
    play(&mut s, "R");
    play(&mut s, "r");
    assert_eq!(grid(&s), "P . T .", "control: no checkpoint yet");
    play(&mut s, "RRR");
    assert_eq!(grid(&s), ". . T P");
    let events = {
        play(&mut s, "L");
        s.take_events()
    };
    assert!(events.contains(&Event::Checkpoint));
    play(&mut s, "R r");
    assert_eq!(grid(&s), ". . PT .", "restart goes back to the checkpoint");
}

#[test]
fn undo_steps_back_one_turn_at_a_time() {
    let mut s = Game::rules(PUSH, "PC..").start();
    play(&mut s, "RR");
    play(&mut s, "z");
    assert_eq!(grid(&s), ". P C .");
    play(&mut s, "z");
    assert_eq!(grid(&s), "P C . .");
    play(&mut s, "z");
    assert_eq!(grid(&s), "P C . .", "nothing left to undo");
    let g = Game { prelude: "noundo", ..Game::rules(PUSH, "PC..") };
    let mut s = g.start();
    play(&mut s, "Rz");
    assert_eq!(grid(&s), ". P C .", "noundo");
}

#[test]
fn winning_moves_on_to_the_next_level() {
    let g = Game { win: "all Crate on Target", ..Game::rules(PUSH, "PC.T\n\nmessage well done\n\nP.W") };
    let mut s = g.start();
    play(&mut s, "R");
    assert_eq!(s.level_index(), 0, "control: not won yet");
    s.take_events();
    play(&mut s, "R");
    let events = s.take_events();
    assert!(events.contains(&Event::LevelChanged(1)), "{events:?}");
    assert!(events.contains(&Event::Message("well done".into())));
    assert!(s.text_mode());
    let g = Game::rules("late [ Player Target ] -> win", "P.T\n\nP.W");
    let mut s = g.start();
    play(&mut s, "RR");
    assert_eq!(s.level_index(), 1, "the win command");
    assert_eq!(grid(&s), "P . W");
}

#[test]
fn rigid_bodies_move_whole_or_not_at_all() {
    // Two crates stacked; pushing the top one right, the bottom one runs
    // into a wall.
    let level = "PC.\n.CW";
    let body = "[ > Player | Crate ] -> [ > Player | > Crate ]
+ {rigid}[ moving Crate | Crate ] -> [ moving Crate | moving Crate ]";
    let loose = Game::rules(body.replace("{rigid}", ""), level);
    let mut s = loose.start();
    play(&mut s, "R");
    assert_eq!(grid(&s), ". P C\n. C W", "control: without rigid the body splits");
    let rigid = Game::rules(body.replace("{rigid}", "rigid "), level);
    let mut s = rigid.start();
    play(&mut s, "R");
    assert_eq!(grid(&s), "P C .\n. C W", "the blocked body does not move, nor the player");
    play(&mut s, "D");
    assert_eq!(grid(&s), ". C .\nP C W", "the next turn plays normally");
}

#[test]
fn random_choices_follow_the_seed() {
    let g = Game::rules("random [ Target ] -> [ Target Mark ]", "P\nT\nT\nT\nT\nT\nT");
    let outcome = |seed: &str| {
        let mut s = g.start_at(0, Some(seed));
        play(&mut s, "t");
        assert_eq!(count(&s, "mark"), 1, "one application of a random group");
        grid(&s)
    };
    assert_eq!(outcome("1"), outcome("1"), "the same seed, the same choice");
    let seeds = ["1", "2", "3", "4", "5", "6", "7", "8"];
    let mut distinct: Vec<String> = seeds.iter().map(|s| outcome(s)).collect();
    distinct.sort();
    distinct.dedup();
    assert!(distinct.len() > 2, "different seeds choose differently: {distinct:?}");
}

#[test]
fn sounds_and_messages_leave_as_events() {
    let g = Game {
        sounds: "sfx3 12345\ncrate move 777",
        ..Game::rules(format!("{PUSH}\n[ > Crate ] -> sfx3 message pushed"), "PC.")
    };
    let mut s = g.start();
    s.take_events();
    play(&mut s, "R");
    let events = s.take_events();
    assert!(events.contains(&Event::EventSound("sfx3".into(), "12345".into())), "{events:?}");
    assert!(events.contains(&Event::Sound("777".into())));
    assert!(events.contains(&Event::Message("pushed".into())));
    play(&mut s, "L");
    let events = s.take_events();
    assert!(
        !events.iter().any(|e| matches!(e, Event::Message(_) | Event::EventSound(..))),
        "control: no push: {events:?}"
    );
}

// ---- limits --------------------------------------------------------------

#[test]
fn a_group_that_never_settles_is_stopped_and_reported() {
    let g = Game::rules("[ Target ] -> [ Mark ]\n+ [ Mark ] -> [ Target ]", "PT");
    let mut s = g.start();
    s.take_events();
    play(&mut s, "t");
    let line = g.line_of("[ Target ] -> [ Mark ]");
    assert_eq!(limits(&s.take_events()), [(Limit::GroupPasses, line)]);
    let calm = Game::rules("[ Target ] -> [ Mark ]\n+ [ Mark ] -> [ Mark Crate ]", "PT");
    let mut s = calm.start();
    s.take_events();
    play(&mut s, "t");
    assert!(limits(&s.take_events()).is_empty(), "control: a group that settles");
}

#[test]
fn a_loop_that_never_settles_is_stopped_and_reported() {
    let g = Game::rules("startloop\n[ Target ] -> [ Mark ]\n[ Mark ] -> [ Target ]\nendloop", "PT");
    let mut s = g.start();
    s.take_events();
    play(&mut s, "t");
    let line = g.line_of("[ Target ] -> [ Mark ]");
    assert_eq!(limits(&s.take_events()), [(Limit::LoopJumps, line)]);
    play(&mut s, "t");
    assert_eq!(limits(&s.take_events()), [(Limit::LoopJumps, line)], "reported again in the next batch");
    let once = Game::rules("startloop\n[ Target ] -> [ Mark ]\n[ Mark ] -> [ Crate ]\nendloop", "PT");
    let mut s = once.start();
    s.take_events();
    play(&mut s, "t");
    assert!(limits(&s.take_events()).is_empty(), "control: a loop that settles");
    assert_eq!(grid(&s), "P C");
}

// ---- gosub and subroutines (PuzzleScript Next) ---------------------------

/// Marks one more target each time it runs: the count of marks is the
/// count of calls.
const TALLY: &str = "subroutine tally\nrandom [ Target no Mark ] -> [ Target Mark ]";

#[test]
fn a_subroutine_name_is_the_rest_of_its_line() {
    let g = Game::rules(
        "[ > Player ] -> gosub Mark All  Targets\n\nsubroutine mark all targets\n[ Target ] -> [ Target Mark ]",
        "P.T.T",
    );
    let mut s = g.start();
    play(&mut s, "t");
    assert_eq!(count(&s, "mark"), 0, "control: no call without a move");
    play(&mut s, "R");
    assert_eq!(grid(&s), ". P MT . MT");
}

#[test]
fn a_gosub_in_a_group_jumps_once_after_the_whole_group() {
    // The gosub rule matches on both passes of the group (the crates move
    // on the first): one call.
    let rules =
        format!("{PUSH}\n+ [ > Crate ] -> gosub tally\n+ [ > Crate | Crate ] -> [ > Crate | > Crate ]\n\n{TALLY}");
    let mut s = Game::rules(rules, "PCC..\nTTTTT").start();
    play(&mut s, "R");
    assert_eq!(grid(&s).lines().next(), Some(". P C C ."));
    assert_eq!(count(&s, "mark"), 1);
    // The call comes before the next group: that group turns the marks
    // into crates (left as marks were the call put off to the end).
    let rules = "[ > Player ] -> gosub marks\n[ Target Mark ] -> [ Target Crate ]

subroutine marks
[ Target no Crate ] -> [ Target Mark ]";
    let mut s = Game::rules(rules, "P.\nTT").start();
    play(&mut s, "R");
    assert_eq!(grid(&s), ". P\nCT CT");
}

#[test]
fn the_last_gosub_a_group_queues_is_the_one_taken() {
    let subs = "subroutine marks\n[ Target ] -> [ Target Mark ]\n\nsubroutine clears\n[ Target ] -> [ ]";
    let both = format!("[ > Player ] -> gosub marks\n+ [ > Player ] -> gosub clears\n\n{subs}");
    let mut s = Game::rules(both, "P.\nTT").start();
    play(&mut s, "R");
    assert_eq!(grid(&s), ". P\n. .", "only `clears` ran");
    let swapped = format!("[ > Player ] -> gosub clears\n+ [ > Player ] -> gosub marks\n\n{subs}");
    let mut s = Game::rules(swapped, "P.\nTT").start();
    play(&mut s, "R");
    assert_eq!(grid(&s), ". P\nMT MT", "only `marks` ran");
    // PuzzleScript Next ends a group's pass once every rule has been tried
    // since the last change: here the third rule is not tried again after
    // the first, so the first one's call is the last queued.
    let early =
        format!("[ > Player ] -> gosub marks\n+ [ Crate ] -> [ Wall ]\n+ [ > Player ] -> gosub clears\n\n{subs}");
    let mut s = Game::rules(early, "P.C\nTT.").start();
    play(&mut s, "R");
    assert_eq!(grid(&s), ". P W\nMT MT .");
}

#[test]
fn a_subroutine_runs_the_rules_of_its_callers_phase() {
    let sub =
        "subroutine both\n[ Target ] -> [ Target Mark ]\nlate [ Player ] [ Target ] -> [ Player ] [ Target Crate ]";
    let from_main = format!("[ > Player ] -> gosub both\n\n{sub}");
    let mut s = Game::rules(from_main, "P.\nT.").start();
    play(&mut s, "R");
    assert_eq!(grid(&s), ". P\nMT .", "called from main rules: only its main rules");
    let from_late = format!("late [ Player ] -> gosub both\n\n{sub}");
    let mut s = Game::rules(from_late, "P.\nT.").start();
    play(&mut s, "R");
    assert_eq!(grid(&s), ". P\nCT .", "called from late rules: only its late rules");
}

#[test]
fn calls_nest_and_recurse_deeper_than_real_games_need() {
    // Each call marks one target and calls itself while one is unmarked:
    // 30 targets, 30 nested calls.
    let rules = "[ > Player ] -> gosub step\n\nsubroutine step\nrandom [ Target no Mark ] -> [ Target Mark ]\n[ Target no Mark ] -> gosub step";
    let level = "P.....\nTTTTTT\nTTTTTT\nTTTTTT\nTTTTTT\nTTTTTT";
    let mut s = Game::rules(rules, level).start();
    s.take_events();
    play(&mut s, "R");
    assert_eq!(count(&s, "mark"), 30);
    assert!(limits(&s.take_events()).is_empty());
}

#[test]
fn endless_recursion_is_stopped_and_reported() {
    let g = Game::rules(
        "[ > Player ] -> gosub again and again\n\nsubroutine again and again\n[ Player ] -> gosub again and again",
        "P.",
    );
    let mut s = g.start();
    s.take_events();
    play(&mut s, "R");
    assert_eq!(grid(&s), ". P", "the turn still ends");
    let line = g.line_of("[ Player ] -> gosub again and again");
    assert_eq!(limits(&s.take_events()), [(Limit::GosubDepth, line)]);
    // Two calls per call: the total is bounded before the depth is.
    let g = Game::rules(
        "[ > Player ] -> gosub fork\n\nsubroutine fork\n[ Player ] -> gosub fork\n[ Player no Mark ] -> gosub fork",
        "P.",
    );
    let mut s = g.start();
    s.take_events();
    play(&mut s, "R");
    assert_eq!(grid(&s), ". P");
    let hits = limits(&s.take_events());
    assert!(hits.iter().any(|(l, _)| *l == Limit::GosubCalls), "{hits:?}");
}

#[test]
fn rigid_rules_in_a_subroutine_ban_their_group_and_rerun_the_turn() {
    let level = "PC.\n.CW";
    let sub = "[ > Player ] -> gosub push\n\nsubroutine push
[ > Player | Crate ] -> [ > Player | > Crate ]
+ {rigid}[ moving Crate | Crate ] -> [ moving Crate | moving Crate ]";
    let mut s = Game::rules(sub.replace("{rigid}", ""), level).start();
    play(&mut s, "R");
    assert_eq!(grid(&s), ". P C\n. C W", "control: without rigid the body splits");
    let mut s = Game::rules(sub.replace("{rigid}", "rigid "), level).start();
    play(&mut s, "R");
    assert_eq!(grid(&s), "P C .\n. C W");
    play(&mut s, "D");
    assert_eq!(grid(&s), ". C .\nP C W");
}

#[test]
fn a_gosub_ending_a_due_loop_runs_then_the_loop_goes_round() {
    // The loop's last group calls `tally` on the pass where the loop is
    // due to go round again (the crate moved): the call is made at once,
    // then the loop repeats, and on the repeat (nothing moves) it calls
    // once more.
    let rules =
        format!("startloop\nright [ Crate | no Wall ] -> [ | Crate ]\n[ Player ] -> gosub tally\nendloop\n\n{TALLY}");
    let mut s = Game::rules(rules, "PC.W\nTTTT").start();
    play(&mut s, "t");
    assert_eq!(grid(&s).lines().next(), Some("P . C W"));
    assert_eq!(count(&s, "mark"), 2);
}

/// Plays `inputs` on `g` twice, once recording a trace (which runs every
/// again turn in full) and once not (which lets an again turn take the
/// outcome of the look-ahead before it): the levels, events and pending
/// again turns must agree after every input. Returns the untraced
/// session's number of again turns that took a look-ahead's outcome.
fn same_with_and_without_the_probe_outcome(g: &Game, inputs: &str) -> usize {
    let b = crate::build(&g.source());
    let game = b.game.expect("compiled");
    let mut plain = Session::new(Arc::clone(&game), 0, Some("probe"));
    let mut traced = Session::new_traced(Arc::clone(&game), 0, Some("probe"), 1 << 24);
    for (k, c) in inputs.chars().enumerate() {
        for s in [&mut plain, &mut traced] {
            play(s, &c.to_string());
        }
        assert_eq!(plain.dump(), traced.dump(), "level after input {k} ({c})");
        assert_eq!(plain.take_events(), traced.take_events(), "events after input {k} ({c})");
        assert_eq!(traced.caches.probe.hits, 0, "a traced session runs every turn");
    }
    plain.caches.probe.hits
}

#[test]
fn again_turns_that_reuse_the_look_ahead_play_the_same() {
    // A crate slides right one cell per again turn, marking where it has
    // been (a created object with a sound) and erasing the mark behind.
    let slide = Game {
        sounds: "Mark create 4455",
        ..Game::rules(
            "right [ Crate | no Wall no Crate ] -> [ > Crate | ] again\nlate [ Crate no Mark ] -> [ Crate Mark ]\n[ Mark no Crate ] -> [ ]",
            "P.C....W\n..C...W.",
        )
    };
    let hits = same_with_and_without_the_probe_outcome(&slide, "RRLzRrRUDz");
    assert!(hits > 0, "a deterministic again chain reuses its look-ahead");

    // The control: a random rule draws from the generator in the
    // look-ahead, so the again turn starts from another random state and
    // must run in full; the outcome is compared all the same.
    let random = Game {
        sounds: "Mark create 4455",
        ..Game::rules(
            "right [ Crate | no Wall no Crate ] -> [ > Crate | ] again\nrandom [ Target ] -> [ Mark ]\n[ Mark no Crate ] -> [ ]",
            "P.C.TTTW\n..C.TTW.",
        )
    };
    same_with_and_without_the_probe_outcome(&random, "RRLzRrRUDz");
}

#[test]
fn an_again_chain_that_cycles_takes_every_look_ahead_it_has_seen() {
    // A crate turns into a wall and back, forever: the level goes between
    // two states, so after the first round every again turn and every
    // look-ahead starts from a state whose rule phase is kept.
    let flip = Game::rules(
        "[ Crate ] -> [ Wall Mark ]\n[ Wall no Mark ] -> [ Crate ]\n[ Mark ] -> [ ]\n[ Player ] -> again",
        "P.C",
    );
    let game = crate::build(&flip.source()).game.expect("compiled");
    let mut plain = Session::new(Arc::clone(&game), 0, Some("probe"));
    let mut traced = Session::new_traced(Arc::clone(&game), 0, Some("probe"), 1 << 24);
    let mut agains = 0;
    for s in [&mut plain, &mut traced] {
        s.input(Input::Left);
    }
    for k in 0..20 {
        assert!(plain.again_pending() && traced.again_pending(), "the chain goes on at again turn {k}");
        for s in [&mut plain, &mut traced] {
            s.run_again();
        }
        agains += 1;
        assert_eq!(plain.dump(), traced.dump(), "level after again turn {k}");
        assert_eq!(plain.take_events(), traced.take_events(), "events after again turn {k}");
    }
    assert_eq!(traced.caches.probe.hits, 0, "a traced session runs every turn");
    // Each again turn takes its look-ahead's outcome (the control: what a
    // cache of the last look-ahead alone gives), and from the second round
    // on each look-ahead takes a kept one too.
    assert!(
        plain.caches.probe.hits >= 2 * agains - 2,
        "{} outcomes taken in {agains} again turns",
        plain.caches.probe.hits
    );
}

/// The rule set's `group_settles` flags of `rules` on the test game.
fn settles(rules: &str) -> Vec<bool> {
    let game = crate::build(&Game::rules(rules, "P.C.W").source()).game.expect("compiled");
    (0..game.rules.groups.len()).map(|gi| game.rules.settles(gi, &game.layer_masks)).collect()
}

#[test]
fn groups_whose_rewrites_cannot_change_their_matches_settle_in_one_pass() {
    // Keeps what it reads and adds an object nothing reads.
    assert_eq!(settles("right [ Wall | ] -> [ Wall | Mark ]"), [true]);
    // Sets a crate's movement; the rule reads the player's, on the same
    // layer, but a crate's cell never holds the player.
    assert_eq!(settles("right [ > Player | Crate ] -> [ > Player | > Crate ]"), [true]);
    // The crate rewritten as itself clears its layer, but the crate cell
    // holds no player or wall, so the wall written next door is not undone;
    // commands other than gosub do not matter.
    assert_eq!(settles("[ Crate | no Crate ] -> [ Crate | Wall ] again sfx0"), [true]);
    // Controls: a rule that removes what it reads, one that writes what
    // it reads, two rules where one erases what the other writes, a
    // random rule and a gosub.
    assert_eq!(settles("right [ Crate | Wall ] -> [ | Wall ]"), [false]);
    // In four directions, one crate may be pushed two ways in one pass.
    assert_eq!(settles("[ > Player | Crate ] -> [ > Player | > Crate ]"), [false]);
    assert_eq!(settles("right [ Crate | no Mark ] -> [ Crate | Mark ]"), [false]);
    assert_eq!(settles("right [ Wall | ] -> [ Wall | Mark ]\n+ left [ Crate | ] -> [ Crate | no Mark ]"), [false]);
    assert_eq!(settles("random right [ Wall | ] -> [ Wall | Mark ]"), [false]);
    assert!(!settles("right [ Wall | ] -> [ Wall | Mark ] gosub s\n\nsubroutine s\n[ Crate ] -> [ Crate ]")[0]);
}

#[test]
fn groups_of_one_cell_rules_that_take_what_they_read_settle_in_one_pass() {
    // A one-cell rewrite is idempotent and each cell is rewritten once:
    // removing what the rule reads, or several such rules that keep out
    // of each other's way, leave nothing for a next pass.
    assert_eq!(settles("[ Crate ] -> [ ]"), [true]);
    assert_eq!(settles("[ Crate ] -> [ Wall ]\n+ [ Mark ] -> [ ]"), [true]);
    // Controls: one rule writes what the other reads, or undoes what the
    // other does; a random object; a rule of two cells.
    assert_eq!(settles("[ Crate ] -> [ Crate Mark ]\n+ [ Mark ] -> [ ]"), [false]);
    assert_eq!(settles("[ Crate ] -> [ ]\n+ [ Wall ] -> [ Crate ]"), [false]);
    assert_eq!(settles("[ Crate ] -> [ Crate Target ]\n+ [ Mark ] -> [ Crate ]"), [false]);
    assert_eq!(settles("[ Crate ] -> [ random Mark ]"), [false]);
    assert_eq!(settles("[ Crate | Crate ] -> [ | ]"), [false]);
}

#[test]
fn skipping_the_last_pass_of_settled_groups_plays_the_same() {
    // Each game played with the flags as compiled and with every flag
    // off (every group runs its last, unchanging pass): levels, events
    // and limits reached must agree after every input.
    let games = [
        Game::rules(
            "right [ Wall | ] -> [ Wall | Mark ]\n[ > Player | Crate ] -> [ > Player | > Crate ]",
            "P.C.W\n.W..T",
        ),
        Game {
            sounds: "Mark create 4455",
            ..Game::rules("[ Crate | no Crate ] -> [ Crate | Wall ] again sfx0\n[ Wall no Crate ] -> [ ]", "PC..\n....")
        },
        // Two rules of a group that undo each other in the middle cell
        // run into the pass cap; the flags must not hide that.
        Game::rules("right [ Wall | ] -> [ Wall | Mark ]\n+ left [ Crate | ] -> [ Crate | no Mark ]", "PW.C\n...."),
        // One-cell rules where the second makes a match for the first: a
        // group that needs its second pass.
        Game::rules("[ Crate ] -> [ Crate Target ]\n+ [ Mark ] -> [ Crate ]", "P.CM\n.M.."),
    ];
    let mut skipped_somewhere = false;
    for (n, g) in games.iter().enumerate() {
        let mut capped = false;
        let game = crate::build(&g.source()).game.expect("compiled");
        skipped_somewhere |= (0..game.rules.groups.len()).any(|gi| game.rules.settles(gi, &game.layer_masks));
        let mut off = (*game).clone();
        off.rules.group_settles = crate::compile::model::SettleCache::fixed(off.rules.groups.len(), false);
        off.late_rules.group_settles = crate::compile::model::SettleCache::fixed(off.late_rules.groups.len(), false);
        let mut fast = Session::new(Arc::clone(&game), 0, Some("settle"));
        let mut full = Session::new(Arc::new(off), 0, Some("settle"));
        for (k, c) in "RRDLzUrR".chars().enumerate() {
            for s in [&mut fast, &mut full] {
                play(s, &c.to_string());
            }
            assert_eq!(fast.dump(), full.dump(), "level after input {k} ({c})");
            let events = full.take_events();
            assert_eq!(fast.take_events(), events, "events after input {k} ({c})");
            capped |= events.iter().any(|e| matches!(e, Event::LimitHit { .. }));
        }
        assert_eq!(capped, n == 2, "only the third game reaches the pass cap");
    }
    assert!(skipped_somewhere, "some group of the test games settles");
}

/// `game` with every group of every rule set running its last pass
/// (no group is known to settle).
fn without_settling(game: &crate::compile::Game) -> crate::compile::Game {
    use crate::compile::model::SettleCache;
    let mut off = game.clone();
    let sets = [&mut off.rules, &mut off.late_rules]
        .into_iter()
        .chain(off.subroutines.iter_mut().flat_map(|s| [&mut s.rules, &mut s.late_rules]));
    for set in sets {
        set.group_settles = SettleCache::fixed(set.groups.len(), false);
    }
    off
}

/// Plays every corpus game's first levels twice, with the fast matching
/// and rewriting paths and settled groups, and with the general code
/// alone and every group's last pass run: levels, events
/// and pending again turns must agree after every input. The games cover
/// one to several words of objects and movements, random objects,
/// ellipses, rigid bodies and again chains.
#[test]
fn the_fast_paths_play_the_corpus_as_the_general_code_does() {
    let files = test_support::corpus_games();
    assert!(files.len() > 50, "the corpus has only {} games", files.len());
    let mut compared = 0;
    for path in files {
        let Ok(source) = std::fs::read_to_string(&path) else { continue };
        let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        let b = crate::build(&source);
        let Some(game) = b.game.or(b.salvaged) else { continue };
        let unsettled = Arc::new(without_settling(&game));
        let maps = game.levels.iter().enumerate().filter(|(_, l)| matches!(l, crate::compile::Level::Map(_)));
        for (level, _) in maps.take(2) {
            let mut fast = Session::new(Arc::clone(&game), level, Some("paths"));
            let mut general = Session::new(Arc::clone(&unsettled), level, Some("paths"));
            general.general_paths = true;
            let mut h = (level as u32).wrapping_add(0x9e37_79b9);
            for k in 0..40 {
                h = h.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
                let r = (h >> 16) % 23;
                for s in [&mut fast, &mut general] {
                    match r {
                        0 => s.restart(),
                        1 => s.undo(),
                        // As the solver does: restore a state, play from it,
                        // restore it again (the fast session takes the masks
                        // kept from the first restore) and play on.
                        2 => {
                            if let Some(state) = s.save_state() {
                                s.restore_state(&state);
                                s.input(Input::Right);
                                s.restore_state(&state);
                            }
                            s.input(Input::Down);
                        }
                        n => {
                            s.input([Input::Up, Input::Left, Input::Down, Input::Right, Input::Action][n as usize % 5])
                        }
                    }
                    for _ in 0..60 {
                        if !s.again_pending() {
                            break;
                        }
                        s.run_again();
                    }
                }
                assert_eq!(fast.dump(), general.dump(), "{name} level {level}: level after input {k}");
                assert_eq!(fast.take_events(), general.take_events(), "{name} level {level}: events after input {k}");
                assert_eq!(
                    fast.again_pending(),
                    general.again_pending(),
                    "{name} level {level}: again after input {k}"
                );
            }
            compared += 1;
        }
    }
    assert!(compared > 100, "only {compared} levels were played");
}

#[test]
fn a_rule_needing_a_cell_without_an_object_every_cell_had_still_runs_once_one_loses_it() {
    // Every cell starts on a target, so a rule asking for a cell without
    // one is ruled out by the level's masks, until the first rule takes
    // the crate's target away in the same turn.
    let g = Game {
        prelude: "run_rules_on_level_start",
        ..Game::rules("[ Crate Target ] -> [ Crate ]\n[ no Target ] -> [ Mark ]", "TT@T")
    };
    let s = g.start();
    assert_eq!(grid(&s), "T T CM T");
    // The control: with no target taken, no cell is without one.
    let control = Game { prelude: "run_rules_on_level_start", ..Game::rules("[ no Target ] -> [ Mark ]", "TT@T") };
    assert_eq!(count(&control.start(), "Mark"), 0);
}

/// The `matches_stay` flag of each rule of `rules` on the test game.
fn stays(rules: &str) -> Vec<bool> {
    let game = crate::build(&Game::rules(rules, "P.C.W").source()).game.expect("compiled");
    game.rules.groups.iter().flatten().map(|r| r.matches_stay(&game.layer_masks)).collect()
}

#[test]
fn rules_whose_rewrites_cannot_undo_a_match_are_known() {
    // Adds an object no cell reads; sets a crate's movement where the
    // other cell needs the player's (never taken away).
    assert!(stays("right [ Wall | ] -> [ Wall | Mark ]").iter().all(|&s| s));
    assert!(stays("[ > Player | Crate ] -> [ > Player | > Crate ]").iter().all(|&s| s));
    // Controls: takes away what a cell needs, adds what a cell forbids,
    // takes a movement a cell needs, draws a random object.
    assert!(stays("right [ Crate | Crate ] -> [ Wall | Wall ]").iter().all(|&s| !s));
    assert!(stays("right [ Crate | no Mark ] -> [ Crate | Mark ]").iter().all(|&s| !s));
    assert!(stays("[ > Crate | ] -> [ Crate | ]").iter().all(|&s| !s));
    assert!(stays("right [ Crate | ] -> [ Crate | random Mark ]").iter().all(|&s| !s));
}

#[test]
fn a_match_undone_by_an_earlier_rewrite_of_the_same_rule_is_skipped() {
    // The second crate pair starts where the first was rewritten: it no
    // longer matches, so the third crate stays (fails when the second
    // match is rewritten without being checked again).
    let g = Game {
        prelude: "run_rules_on_level_start",
        ..Game::rules("right [ Crate | Crate ] -> [ Wall | Wall ]", "CCC")
    };
    assert_eq!(grid(&g.start()), "W W C");
    // The control: a rule whose rewrites keep every match marks every pair.
    let control =
        Game { prelude: "run_rules_on_level_start", ..Game::rules("right [ Crate | ] -> [ Crate | Mark ]", "CCC") };
    assert_eq!(grid(&control.start()), "C CM CM");
}

/// Whether each rule's first row is decided by its key alone.
fn decided(rules: &str) -> Vec<bool> {
    let game = crate::build(&Game::rules(rules, "P.C.W").source()).game.expect("compiled");
    game.rules.groups.iter().flatten().map(|r| r.rows[0].key.is_some_and(|k| k.decides)).collect()
}

#[test]
fn one_cell_rows_that_their_key_decides_are_known() {
    assert!(decided("[ Crate ] -> [ ]").iter().all(|&d| d));
    assert!(decided("[ Crate Mark ] -> [ ]").iter().all(|&d| d));
    assert!(decided("[ > Crate ] -> [ Crate ]").iter().all(|&d| d));
    // Controls: an object that must be missing, a movement that must be
    // missing, a second cell.
    assert!(decided("[ Crate no Mark ] -> [ Crate Mark ]").iter().all(|&d| !d));
    assert!(decided("[ stationary Crate ] -> [ Mark ]").iter().all(|&d| !d));
    assert!(decided("[ Crate | Wall ] -> [ | Wall ]").iter().all(|&d| !d));
}

/// Each rule's first row's `untested` cells.
fn untested(rules: &str) -> Vec<u64> {
    let game = crate::build(&Game::rules(rules, "P.C.W").source()).game.expect("compiled");
    game.rules.groups.iter().flatten().map(|r| r.rows[0].untested).collect()
}

#[test]
fn cells_the_key_settles_or_that_require_nothing_are_not_tested_again() {
    assert!(untested("right [ Crate | ] -> [ Crate | Mark ]").iter().all(|&u| u == 0b11));
    // Controls: the key cell must also lack something; the other cell
    // requires something.
    assert!(untested("right [ Crate no Mark | ] -> [ Crate Mark | ]").iter().all(|&u| u == 0b10));
    assert!(untested("right [ Crate | no Mark ] -> [ Crate | Mark ]").iter().all(|&u| u == 0b01));
}

/// `settle` plays out an `again` chain within its bound, and says when the
/// bound ran out (leaving the rest of the chain to a later call).
#[test]
fn settle_runs_the_again_chain_within_its_bound() {
    const SLIDE: &str = "title Slide\n\nOBJECTS\nBackground\nblack\nPlayer\nwhite\nSlider\norange\nWall\ngrey\n\n\
        LEGEND\n. = Background\nP = Player\nS = Slider\n# = Wall\n\nSOUNDS\n\nCOLLISIONLAYERS\nBackground\n\
        Player, Slider, Wall\n\nRULES\n[ stationary Slider ] -> [ right Slider ] again\n\nWINCONDITIONS\n\n\
        LEVELS\n#########\n#P.S....#\n#########\n";
    let game = crate::build(SLIDE).game.expect("the test game compiles");
    let mut whole = Session::new(Arc::clone(&game), 0, None);
    whole.input(Input::Up);
    let chain = whole.settle(100).expect("the slider stops at the wall");
    assert!(chain >= 3, "one again turn per step of the slide: {chain}");
    assert!(!whole.again_pending());
    assert_eq!(whole.settle(100), Ok(0), "nothing left to run");
    // A bound shorter than the chain: it stops there, and goes on later.
    let mut parts = Session::new(Arc::clone(&game), 0, None);
    parts.input(Input::Up);
    assert_eq!(parts.settle(2), Err(super::EndlessAgain { ran: 2 }));
    assert!(parts.again_pending());
    assert_eq!(parts.settle(100), Ok(chain - 2));
    assert_eq!(parts.dump(), whole.dump(), "the same board either way");
    assert_eq!(super::EndlessAgain { ran: 2 }.to_string(), "more than 2 again turns in a row");
}
