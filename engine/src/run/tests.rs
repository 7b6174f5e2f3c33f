//! Turn scripts: tiny games, a few inputs, and the level or the events
//! expected after them. Each test has a control (a game or input that
//! differs in the one thing under test) where the outcome would otherwise
//! be the same by chance.

use super::{Event, Input, Limit, Session};
use std::sync::Arc;

mod case_sensitive;
mod group_stops;
mod jumps;
mod paired_properties;
mod plus_sounds;
mod shortcuts;

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
    let seed = |s| crate::sfx::SoundSeed::parse(s).expect("a seed");
    assert!(
        events.contains(&Event::EventSound(crate::syntax::keywords::SoundEvent::Sfx(3), seed("12345"))),
        "{events:?}"
    );
    assert!(events.contains(&Event::Sound(seed("777"))));
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

#[test]
fn local_radius_keeps_rules_near_the_player_and_global_rules_everywhere() {
    let mark = "[ Crate no Mark ] -> [ Crate Mark ]";
    let g = Game { prelude: "local_radius 1", ..Game::rules(mark, "C.PC.C") };
    let mut s = g.start();
    play(&mut s, "t");
    assert_eq!(grid(&s), "C . P CM . C", "only the crate next to the player");
    let g = Game { prelude: "local_radius 1", ..Game::rules(format!("global {mark}"), "C.PC.C") };
    let mut s = g.start();
    play(&mut s, "t");
    assert_eq!(grid(&s), "CM . P CM . CM", "a global rule");
    let g = Game::rules(mark, "C.PC.C");
    let mut s = g.start();
    play(&mut s, "t");
    assert_eq!(grid(&s), "CM . P CM . CM", "control: no local_radius");
    // The whole row must lie within the radius, as the reference bounds it:
    // the pair starts next to the player but ends two cells away.
    let pair = "right [ Crate | Crate ] -> [ Crate Mark | Crate ]";
    let g = Game { prelude: "local_radius 1", ..Game::rules(pair, "PCC") };
    let mut s = g.start();
    play(&mut s, "t");
    assert_eq!(grid(&s), "P C C");
    let g = Game { prelude: "local_radius 2", ..Game::rules(pair, "PCC") };
    let mut s = g.start();
    play(&mut s, "t");
    assert_eq!(grid(&s), "P CM C", "control: a radius of 2 holds the row");
}

#[test]
fn rules_change_options_with_runtime_metadata_twiddling() {
    let rules = "[ > Player | Mark ] -> [ > Player | Mark ] noundo yes\n\
                 [ > Player | Target ] -> [ > Player | Target ] realtime_interval 0.5\n\
                 [ > Player | Wall ] -> [ > Player | Wall ] noundo wipe";
    let g = Game { prelude: "runtime_metadata_twiddling", ..Game::rules(rules, "P.M.TW") };
    let mut s = g.start();
    play(&mut s, "Rz");
    assert_eq!(grid(&s), "P . M . T W", "control: undo works before any rule said noundo");
    play(&mut s, "RRz");
    assert_eq!(grid(&s), ". . MP . T W", "noundo set by a rule");
    assert_eq!(s.metadata().realtime_interval, None);
    play(&mut s, "RR");
    assert_eq!(s.metadata().realtime_interval, Some(0.5), "realtime_interval set by a rule");
    assert_eq!(s.game().metadata.realtime_interval, None, "the game itself is unchanged");
    play(&mut s, "Rz");
    assert_eq!(grid(&s), ". . M P T W", "noundo wiped: undo works again");
}

/// PuzzleScript Next keeps the options in force with every saved state:
/// undo, restart (from the level's start or its checkpoint), undoing a
/// restart and a cancelled turn bring back the ones of their moment.
#[test]
fn undo_and_restart_bring_back_the_options_a_rule_changed() {
    let rules = "[ > Player | Mark ] -> [ > Player | Mark ] zoomscreen 3x1\n\
                 [ > Player | Target ] -> [ > Player | Target ] checkpoint again_interval 0.5\n\
                 [ > Player | Crate ] -> [ > Player | > Crate ] background_color red\n\
                 [ > Crate | Wall ] -> [ Crate | Wall ] cancel zoomscreen 5x1";
    let g = Game { prelude: "runtime_metadata_twiddling", ..Game::rules(rules, "P.M.T.C.W") };
    let mut s = g.start();
    let options = |s: &Session| {
        let m = s.metadata();
        (m.zoomscreen, m.again_interval, m.background_color.clone())
    };
    let start = (None, 0.15, None);
    let red = Some("red".to_owned());
    assert_eq!(options(&s), start);
    play(&mut s, "RR");
    assert_eq!(options(&s), (Some((3, 1)), 0.15, None), "control: the step onto the mark set zoomscreen");
    play(&mut s, "z");
    assert_eq!(grid(&s), ". P M . T . C . W");
    assert_eq!(options(&s), start, "undone: the options before that step");
    play(&mut s, "R");
    assert_eq!(options(&s), (Some((3, 1)), 0.15, None), "and again");
    play(&mut s, "r");
    assert_eq!(grid(&s), "P . M . T . C . W");
    assert_eq!(options(&s), start, "restarted from the level's start: the prelude's");
    play(&mut s, "z");
    assert_eq!(grid(&s), ". . MP . T . C . W", "the restart undone");
    assert_eq!(options(&s), (Some((3, 1)), 0.15, None), "with the options it left");
    play(&mut s, "RR");
    assert_eq!(options(&s), (Some((3, 1)), 0.5, None), "the checkpoint's step set again_interval");
    play(&mut s, "RR");
    assert_eq!(grid(&s), ". . M . T . P C W");
    assert_eq!(options(&s), (Some((3, 1)), 0.5, red.clone()), "the push set background_color");
    play(&mut s, "R");
    assert_eq!(grid(&s), ". . M . T . P C W", "cancelled: crate against the wall");
    assert_eq!(options(&s), (Some((3, 1)), 0.5, red.clone()), "a cancelled turn's option change is undone too");
    play(&mut s, "r");
    assert_eq!(grid(&s), ". . M . PT . C . W", "restarted from the checkpoint");
    assert_eq!(options(&s), (Some((3, 1)), 0.5, None), "with the options in force at the checkpoint");
    play(&mut s, "z");
    assert_eq!(options(&s), (Some((3, 1)), 0.5, red), "the restart undone: the options it left");
    assert_eq!(s.game().metadata.zoomscreen, None, "the game itself is unchanged");
}

#[test]
fn plus_commands_undo_nosave_and_quit() {
    // `nosave`: the turn onto the mark leaves no undo step.
    let nosave = "[ > Player | Mark ] -> [ > Player | Mark ] nosave";
    let g = Game { prelude: "sprite_size 5", ..Game::rules(nosave, "PM..") };
    let mut s = g.start();
    play(&mut s, "RRz");
    assert_eq!(grid(&s), ". MP . .");
    play(&mut s, "z");
    assert_eq!(grid(&s), ". MP . .", "the nosave turn cannot be undone");
    let g = Game { prelude: "sprite_size 5", ..Game::rules("[ > Player | Mark ] -> [ > Player | Mark ]", "PM..") };
    let mut s = g.start();
    play(&mut s, "RRzz");
    assert_eq!(grid(&s), "P M . .", "control: without nosave both turns undo");
    // `undo`: the turn is dropped and the one before it undone.
    let undo = "[ > Player | Wall ] -> [ > Player | Wall ] undo";
    let g = Game { prelude: "sprite_size 5", ..Game::rules(undo, "P..W") };
    let mut s = g.start();
    play(&mut s, "RR");
    assert_eq!(grid(&s), ". . P W");
    play(&mut s, "R");
    assert_eq!(grid(&s), ". P . W", "walking into the wall undid the step before");
    // `quit`: the session tells its host the player left the level.
    let quit = "[ > Player | Target ] -> [ > Player | Target ] quit";
    let g = Game { prelude: "sprite_size 5", ..Game::rules(quit, "P.T") };
    let mut s = g.start();
    s.take_events();
    play(&mut s, "R");
    assert!(!s.take_events().contains(&Event::Quit));
    play(&mut s, "R");
    assert!(s.take_events().contains(&Event::Quit), "quit reported");
    // In a classic game these words stay unknown (refused as before).
    let b = crate::build(&Game::rules(quit, "P.T").source());
    assert!(b.diagnostics.iter().any(crate::Diagnostic::is_error));
}

#[test]
fn a_once_rule_applies_its_matches_in_one_go() {
    // PuzzleScript Next's `once`: the rule's matches are applied, but that
    // does not send the group round again, so the crates do not spread on.
    let spread = "right [ Crate | no Crate ] -> [ Crate | Crate ]";
    let g = Game { prelude: "sprite_size 5", ..Game::rules(format!("right once {}", &spread[6..]), "P.C...") };
    let mut s = g.start();
    play(&mut s, "t");
    assert_eq!(grid(&s), "P . C C . .", "one pass of the once rule");
    play(&mut s, "t");
    assert_eq!(grid(&s), "P . C C C .", "and one more on the next turn");
    let g = Game { prelude: "sprite_size 5", ..Game::rules(spread, "P.C...") };
    let mut s = g.start();
    play(&mut s, "t");
    assert_eq!(grid(&s), "P . C C C C", "control: without once the group repeats to the end");
    // Another rule of the group that changes something sends the group
    // round again, and the once rule is tried again on that pass.
    let group = format!("right once {}\n+ [ Target no Mark ] -> [ Target Mark ]", &spread[6..]);
    let g = Game { prelude: "sprite_size 5", ..Game::rules(group, "PTC....") };
    let mut s = g.start();
    play(&mut s, "t");
    assert_eq!(grid(&s), "P MT C C C . .", "two passes: the mark's and the one after it");
}

#[test]
fn once_is_a_word_of_puzzlescript_next_only() {
    let g = Game::rules("right once [ Crate | no Crate ] -> [ Crate | Crate ]", "P.C...");
    let b = crate::build(&g.source());
    assert!(
        b.diagnostics.iter().any(|d| d.is_error() && d.message.contains("once")),
        "a classic game does not know `once`: {:?}",
        b.diagnostics
    );
    let g = Game { prelude: "sprite_size 5", ..g };
    let b = crate::build(&g.source());
    let need = crate::dialect::needed(&b.ast).expect("a Next game");
    assert_eq!(need.dialect, crate::options::Dialect::Next);
    assert_eq!(need.what, "the rule prefix `once`");
}
