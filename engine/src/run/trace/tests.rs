//! The recorder: the events of small games in order (rule applications
//! with their cells, commands, movement with blocked objects, rigid, again,
//! cancel, win and win-ignored, the loop caps, gosub calls and returns),
//! the board rebuilt at every event against the real board (small games
//! and corpus games, with and without a tight budget), redo, and the
//! helpers the debugger panel uses.

use super::{
    Blocked, BoardState, Diff, EventKind, FormatOptions, LineFormat, Move, Origin, QueuedCommand, RuleList, Step,
    TraceCursor, describe_rule, rule_expansions, session_case, win_status,
};
use crate::compile::{Direction, Phase, Quantifier};
use crate::run::{Event, Input, Limit, Session};
use std::sync::Arc;

const TEMPLATE: &str = "title trace tests
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

/// A test game.
#[derive(Default)]
struct Game {
    prelude: &'static str,
    rules: &'static str,
    win: &'static str,
    levels: &'static str,
}

impl Game {
    fn new(rules: &'static str, levels: &'static str) -> Game {
        Game { rules, levels, ..Game::default() }
    }

    fn source(&self) -> String {
        TEMPLATE
            .replace("{prelude}", self.prelude)
            .replace("{rules}", self.rules)
            .replace("{win}", self.win)
            .replace("{levels}", self.levels)
    }

    /// The 1-based line of the game text holding `needle`.
    fn line(&self, needle: &str) -> u32 {
        let src = self.source();
        let i = src.lines().position(|l| l.contains(needle)).expect("needle in the game");
        u32::try_from(i + 1).expect("small")
    }

    /// A recording session on level 0, its load drained.
    fn start(&self) -> Session {
        let b = crate::build(&self.source());
        let errors: Vec<_> = b.diagnostics.iter().filter(|d| d.is_error()).collect();
        assert!(errors.is_empty(), "the test game has errors: {errors:#?}");
        let mut s = Session::new_traced(b.game.expect("compiled"), 0, Some("trace tests"), usize::MAX);
        drain(&mut s);
        s
    }
}

fn drain(s: &mut Session) {
    for _ in 0..1000 {
        if !s.again_pending() {
            return;
        }
        s.run_again();
    }
    panic!("again turns never stopped");
}

/// `R` `L` `U` `D` `X` moves, `z` undo, `y` redo, `r` restart, `t` tick.
fn play(s: &mut Session, inputs: &str) {
    for c in inputs.chars() {
        let step = match c {
            'U' => Step::Input(Input::Up),
            'D' => Step::Input(Input::Down),
            'L' => Step::Input(Input::Left),
            'R' => Step::Input(Input::Right),
            'X' => Step::Input(Input::Action),
            'z' => Step::Undo,
            'y' => Step::Redo,
            'r' => Step::Restart,
            't' => Step::Tick,
            _ => panic!("unknown input {c}"),
        };
        step.apply(s);
        drain(s);
    }
}

/// Every segment's lines.
fn lines_with(s: &Session, options: FormatOptions) -> Vec<Vec<String>> {
    let f = LineFormat::new(s.game(), options);
    s.trace().expect("recording").segments().iter().map(|seg| f.segment(seg)).collect()
}

fn lines(s: &Session) -> Vec<Vec<String>> {
    lines_with(s, FormatOptions::default())
}

/// The last segment's events.
fn last_events(s: &Session) -> Vec<EventKind> {
    let t = s.trace().expect("recording");
    t.segments().back().expect("a segment").events.iter().map(|e| e.kind.clone()).collect()
}

/// Check that the board rebuilt at every kept event is the real one, going
/// forward from the base and back again.
fn check_boards(s: &Session) {
    let r = s.trace.as_deref().expect("recording");
    let t = &r.trace;
    let first = t.first_seq();
    if first > 0 {
        assert_eq!(
            t.base(),
            r.real[(first - 1) as usize].as_ref(),
            "the base is the board before the first kept event"
        );
    }
    let mut cursor = TraceCursor::new(t);
    for seq in first..t.next_seq() {
        assert!(cursor.seek(t, seq), "event {seq} is kept");
        assert_eq!(
            cursor.board(),
            r.real[seq as usize].as_ref(),
            "board after event {seq} ({:?})",
            t.event(seq).map(|e| &e.kind)
        );
    }
    for seq in (first..t.next_seq()).rev() {
        assert!(cursor.seek(t, seq));
        assert_eq!(cursor.board(), r.real[seq as usize].as_ref(), "board after event {seq}, stepping back");
    }
    if let Some(last) = t.next_seq().checked_sub(1).filter(|&l| l >= first) {
        assert_eq!(t.board_at(last).expect("kept"), s.board_state(), "the last event's board is the session's");
    }
}

const PUSH: &str = "[ > Player | Crate ] -> [ > Player | > Crate ]";

#[test]
fn a_push_records_the_rule_its_cells_and_what_moved_or_was_blocked() {
    let g = Game::new(PUSH, "PC.W");
    let mut s = g.start();
    let line = g.line(PUSH);
    play(&mut s, "R");
    let events = last_events(&s);
    assert_eq!(events[0], EventKind::TurnStart { input: Some(Direction::Right), level_start: false, mouse: false });
    let EventKind::Rule(rule) = &events[1] else { panic!("a rule event: {events:?}") };
    assert_eq!(
        (rule.line, rule.dir, rule.list, rule.group, rule.pass, rule.loop_round),
        (line, Direction::Right, RuleList::Main, 0, 1, 0)
    );
    assert_eq!(s.game().rules.groups[0][rule.index].dir, Direction::Right, "index names the expansion that applied");
    assert_eq!(rule.matched, [0, 1], "the player's cell, then the crate's (one row: cell index is x)");
    let t = s.trace().expect("recording");
    let seg = t.segments().back().expect("segment");
    assert_eq!(seg.events[1].diff.cells(), [1], "the rule changed the crate's cell (its movement)");
    let player = s.game().objects.iter().position(|o| o.name == "player");
    let crate_ = s.game().objects.iter().position(|o| o.name == "crate");
    let EventKind::Movements { moved, blocked } = &events[2] else { panic!("movements: {events:?}") };
    assert!(blocked.is_empty());
    assert_eq!(moved.len(), 2);
    assert!(moved.contains(&Move { object: player, layer: 2, from: 0, to: 1, movement: 8 }));
    assert!(moved.contains(&Move { object: crate_, layer: 2, from: 1, to: 2, movement: 8 }));
    assert_eq!(events[3], EventKind::TurnEnd);
    // Against the wall both stay: the rule still applies (it sets the
    // crate's movement), and both are blocked.
    play(&mut s, "R");
    let events = last_events(&s);
    let EventKind::Movements { moved, blocked } = &events[2] else { panic!("movements: {events:?}") };
    assert!(moved.is_empty());
    assert!(blocked.contains(&Blocked { object: player, layer: 2, cell: 1, movement: 8 }));
    assert!(blocked.contains(&Blocked { object: crate_, layer: 2, cell: 2, movement: 8 }));
    let l = format!("rule {line} right");
    assert_eq!(
        lines(&s),
        [
            vec![],
            vec!["turn right".to_owned(), l.clone(), "movements".into(), "end".into()],
            vec!["turn right".into(), l, "movements".into(), "end".into()]
        ]
    );
    check_boards(&s);
}

#[test]
fn a_command_is_recorded_once_when_first_queued_and_carried_out() {
    let g = Game::new("[ > Player ] -> checkpoint\n[ > Player ] -> checkpoint sfx3", "P..");
    let mut s = g.start();
    play(&mut s, "R");
    let (a, b) = (g.line("-> checkpoint"), g.line("checkpoint sfx3"));
    assert_eq!(
        lines(&s)[1],
        [
            "turn right".to_owned(),
            format!("command {a} checkpoint"),
            format!("command {b} sfx3"),
            "movements".into(),
            format!("checkpoint {a}"),
            "end".into()
        ]
    );
    assert!(last_events(&s).contains(&EventKind::Command { line: b, command: QueuedCommand::Sound(3) }));
}

#[test]
fn a_cancel_undoes_the_turn_and_the_turn_has_no_end() {
    let g = Game::new("[ > Player | Wall ] -> cancel\nlate [ Player ] -> [ Player Mark ]", "PW");
    let mut s = g.start();
    let before = s.board_state();
    play(&mut s, "R");
    let l = g.line("-> cancel");
    let m = g.line("late [");
    assert_eq!(
        lines(&s)[1],
        [
            "turn right".to_owned(),
            format!("command {l} cancel"),
            "movements".into(),
            "late".into(),
            format!("rule {m}"),
            format!("cancel {l}"),
            "undo".into()
        ]
    );
    assert_eq!(last_events(&s).last(), Some(&EventKind::Undo { forced: true }));
    assert_eq!(s.board_state(), before);
    check_boards(&s);
}

#[test]
fn require_player_movement_cancels_a_turn_where_the_player_stays() {
    let g = Game { prelude: "require_player_movement", ..Game::new("", "PW") };
    let mut s = g.start();
    play(&mut s, "R");
    assert_eq!(lines(&s)[1], ["turn right", "movements", "cancel-no-movement", "undo"]);
}

#[test]
fn again_turns_join_the_segment_and_the_look_ahead_is_not_recorded() {
    let rule = "right [ stationary Mark ] -> [ > Mark ] again";
    let g = Game::new(rule, "PM..");
    let mut s = g.start();
    play(&mut s, "X");
    let l = g.line(rule);
    let turn =
        |first: &str| vec![first.to_owned(), format!("rule {l}"), format!("command {l} again"), "movements".into()];
    let mut want = turn("turn action");
    want.extend([format!("again {l}"), "end".into()]);
    want.extend(turn("turn tick"));
    want.extend([format!("again-skipped {l}"), "end".into()]);
    assert_eq!(lines(&s)[1], want);
    let seg = s.trace().expect("recording").segments().back().cloned().expect("segment");
    assert_eq!(seg.origin, Origin::Step(Step::Input(Input::Action)));
    assert_eq!(seg.turns().len(), 2, "the action turn and one again turn");
    assert_eq!(seg.rule_counts().get(&l), Some(&2));
    check_boards(&s);
}

#[test]
fn a_failed_rigid_movement_bans_its_group_and_runs_the_rules_again() {
    let rule = "rigid [ > Player | Crate ] -> [ > Player | > Crate ]";
    let g = Game::new(rule, "PCW");
    let mut s = g.start();
    play(&mut s, "R");
    let l = g.line(rule);
    assert_eq!(
        lines(&s)[1],
        [
            "turn right".to_owned(),
            format!("rule {l} right"),
            format!("rigid-fail {l}"),
            "rigid-reloop".into(),
            "movements".into(),
            "end".into()
        ]
    );
    assert!(last_events(&s).contains(&EventKind::RigidFail { lines: vec![l] }));
    // Just after the rule, the movements it wrote (the player's and the
    // crate's) are marked rigid (the panel draws an `r`); at the turn's
    // start, the player's movement from the input was not.
    let t = s.trace().expect("recording");
    let (start, rule) = (&t.segments()[1].events[0], &t.segments()[1].events[1]);
    assert!(matches!(rule.kind, EventKind::Rule(_)));
    let board = t.board_at(rule.seq).flatten().expect("a board");
    assert!(board.rigid_at(1, 0, 2) && board.movement_at(1, 0, 2) == 8);
    assert!(board.rigid_at(0, 0, 2) && board.movement_at(0, 0, 2) == 8);
    let board = t.board_at(start.seq).flatten().expect("a board");
    assert!(!board.rigid_at(0, 0, 2) && board.movement_at(0, 0, 2) == 8);
    check_boards(&s);
}

#[test]
fn win_is_ignored_on_level_start_and_not_on_a_restart() {
    let g = Game { prelude: "run_rules_on_level_start", win: "all Target on Crate", ..Game::new("", "@P.\n\nP.C.T") };
    let mut s = g.start();
    assert_eq!(lines(&s)[0], ["turn tick", "movements", "win-ignored", "end"]);
    // A restart runs the rules on level start again: the reference says
    // "win" there (and does not win either).
    play(&mut s, "r");
    assert_eq!(lines(&s)[1], ["restart", "turn tick", "movements", "win", "end"]);
    assert_eq!(s.level_index(), 0);
    // A real turn wins: the next level loads (and runs its own level-start
    // turn inside this one).
    play(&mut s, "R");
    assert_eq!(lines(&s)[2], ["turn right", "movements", "win", "turn tick", "movements", "end *2"]);
    assert_eq!(s.level_index(), 1);
    let extras = lines_with(&s, FormatOptions { extras: true });
    assert_eq!(extras[0], ["level 0", "turn tick", "movements", "win-ignored", "end"]);
    assert_eq!(extras[2], ["turn right", "movements", "win", "level 1", "turn tick", "movements", "end *2"]);
    check_boards(&s);
}

#[test]
fn the_group_cap_and_the_loop_cap_are_recorded() {
    let g = Game::new("[ Crate ] -> [ Mark ]\n+ [ Mark ] -> [ Crate ]", "PC");
    let mut s = g.start();
    play(&mut s, "X");
    let (a, b) = (g.line("[ Crate ] -> [ Mark ]"), g.line("+ [ Mark ]"));
    let seg = &lines(&s)[1];
    assert_eq!(seg.len(), 1 + 400 + 3, "200 passes of two rules");
    assert_eq!(
        seg[399..],
        [format!("rule {a}"), format!("rule {b}"), format!("loop-cap {a}"), "movements".into(), "end".into()]
    );
    let passes: Vec<u32> =
        last_events(&s).iter().filter_map(|e| if let EventKind::Rule(r) = e { Some(r.pass) } else { None }).collect();
    assert_eq!((passes[0], passes[1], passes[399]), (1, 1, 200));
    check_boards(&s);

    let g = Game::new("startloop\n[ Crate ] -> [ Mark ]\n[ Mark ] -> [ Crate ]\nendloop", "PC");
    let mut s = g.start();
    play(&mut s, "X");
    let a = g.line("[ Crate ] -> [ Mark ]");
    let seg = &lines(&s)[1];
    assert_eq!(seg.iter().filter(|l| **l == format!("loop-point-cap {a}")).count(), 1, "{seg:?}");
    assert!(s.take_events().iter().any(|e| matches!(e, Event::LimitHit { limit: Limit::LoopJumps, .. })));
    let rounds: Vec<u32> = last_events(&s)
        .iter()
        .filter_map(|e| if let EventKind::Rule(r) = e { Some(r.loop_round) } else { None })
        .collect();
    assert_eq!((rounds[0], rounds[2]), (0, 1), "each jump back is a new round");
}

#[test]
fn gosub_calls_and_returns_are_ours_and_only_shown_as_extras() {
    let g = Game::new("[ > Player ] -> gosub mark\n\nsubroutine mark\n[ Target no Mark ] -> [ Target Mark ]", "P.T");
    let mut s = g.start();
    play(&mut s, "R");
    let (call, inner) = (g.line("gosub mark"), g.line("[ Target no Mark ]"));
    assert_eq!(lines(&s)[1], ["turn right".to_owned(), format!("rule {inner}"), "movements".into(), "end".into()]);
    assert_eq!(
        lines_with(&s, FormatOptions { extras: true })[1],
        [
            "turn right".to_owned(),
            format!("gosub mark {call}"),
            format!("rule {inner}"),
            format!("return mark {call}"),
            "movements".into(),
            "end".into()
        ]
    );
    let events = last_events(&s);
    let EventKind::Rule(r) = &events[2] else { panic!("{events:?}") };
    assert_eq!(r.list, RuleList::Subroutine { index: 0, phase: Phase::Main });
    check_boards(&s);
}

#[test]
fn undo_and_restart_by_the_player_are_recorded_as_their_own_segments() {
    let g = Game { prelude: "noundo", ..Game::new(PUSH, "PC.") };
    let mut s = g.start();
    play(&mut s, "Rzr");
    let l = lines(&s);
    assert!(l[2].is_empty(), "noundo: nothing happens, nothing is recorded");
    assert_eq!(l[3], ["restart"]);
    let origins: Vec<Origin> = s.trace().expect("recording").segments().iter().map(|g| g.origin).collect();
    assert_eq!(
        origins,
        [
            Origin::Load { level: 0 },
            Origin::Step(Step::Input(Input::Right)),
            Origin::Step(Step::Undo),
            Origin::Step(Step::Restart)
        ]
    );
    assert_eq!(last_events(&s), [EventKind::RestartLevel { forced: false }]);
}

// ---- the board at every event ---------------------------------------------

/// A fixed pseudo-random list of steps (moves mostly, some undo, redo,
/// restart and ticks).
fn steps(n: usize, mut seed: u64) -> Vec<Step> {
    (0..n)
        .map(|_| {
            seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
            match (seed >> 33) % 16 {
                0..=2 => Step::Input(Input::Up),
                3..=5 => Step::Input(Input::Down),
                6..=8 => Step::Input(Input::Left),
                9..=11 => Step::Input(Input::Right),
                12 => Step::Input(Input::Action),
                13 => Step::Undo,
                14 => Step::Redo,
                _ => Step::Tick,
            }
        })
        .collect()
}

#[test]
fn the_board_rebuilt_at_every_event_is_the_real_one_in_corpus_games() {
    let games = [
        "rigid_and_little.txt",
        "againexample.txt",
        "atlas_shrank.txt",
        "heroes_of_sokoban_2.txt",
        "randomrobots.txt",
        "blockfaker.txt",
        "easyenigma.txt",
        "slidings.txt",
    ];
    for (k, name) in games.iter().enumerate() {
        let source = test_support::read(&test_support::corpus_file(name));
        let game = crate::build(&source).game.unwrap_or_else(|| panic!("{name} compiles"));
        let level = game.levels.iter().position(|l| matches!(l, crate::compile::Level::Map(_))).unwrap_or(0);
        for budget in [usize::MAX, 64 << 10] {
            let mut s = Session::new_traced(Arc::clone(&game), level, Some("boards"), budget);
            drain(&mut s);
            for step in steps(40, k as u64) {
                step.apply(&mut s);
                drain(&mut s);
            }
            let t = s.trace().expect("recording");
            assert!(t.next_seq() > 40, "{name}: events were recorded");
            if budget != usize::MAX {
                assert!(
                    t.bytes() <= budget || t.segments().len() == 1,
                    "{name}: within the budget ({} bytes)",
                    t.bytes()
                );
            }
            check_boards(&s);
        }
    }
}

#[test]
fn a_tight_budget_drops_the_oldest_turns_and_says_so() {
    let g = Game::new(PUSH, "P.C..........................");
    let mut s = g.start();
    play(&mut s, "RRRRRRRR");
    let full = s.trace().expect("recording").bytes();
    assert_eq!(s.trace().expect("recording").dropped_segments(), 0);
    let b = crate::build(&g.source()).game.expect("compiled");
    let budget = full / 3;
    let mut s = Session::new_traced(b, 0, None, budget);
    play(&mut s, "RRRRRRRR");
    let t = s.trace().expect("recording");
    assert!(t.dropped_segments() > 0 && t.dropped_events() > 0);
    assert!(t.bytes() <= budget);
    assert_eq!(t.rule_counts().get(&g.line(PUSH)), Some(&7), "session counts keep the dropped turns");
    assert!(t.segments().len() < 9);
    check_boards(&s);
    // An event that was dropped has no board any more.
    assert_eq!(t.board_at(0), None);
}

#[test]
fn diffs_apply_and_revert() {
    let g = Game::new(PUSH, "PC.");
    let mut s = g.start();
    play(&mut s, "R");
    let t = s.trace().expect("recording");
    let mut board = t.base().cloned();
    let start = board.clone();
    for e in t.events() {
        e.diff.apply(&mut board);
    }
    assert_eq!(board, s.board_state());
    for e in t.events().collect::<Vec<_>>().into_iter().rev() {
        e.diff.revert(&mut board);
    }
    assert_eq!(board, start);
    assert!(
        matches!(t.segments()[0].events[0].diff, Diff::Board { before: None, after: Some(_) }),
        "the load brings the board"
    );
}

// ---- redo -----------------------------------------------------------------------

#[test]
fn redo_brings_back_what_undo_took_and_a_new_turn_clears_it() {
    let g = Game::new(PUSH, "P.C..");
    let mut s = g.start();
    play(&mut s, "RR");
    let after_two = s.board_state();
    play(&mut s, "R");
    let after_three = s.board_state();
    play(&mut s, "zz");
    assert!(s.can_redo());
    play(&mut s, "y");
    assert_eq!(s.board_state(), after_two);
    play(&mut s, "y");
    assert_eq!(s.board_state(), after_three);
    assert!(!s.can_redo());
    assert!(!s.redo(), "nothing more to redo");
    // Undo after redo undoes it again.
    play(&mut s, "z");
    assert_eq!(s.board_state(), after_two);
    // A turn that changes the level clears what could be redone.
    play(&mut s, "L");
    assert!(!s.can_redo());
    assert_eq!(last_events(&s).first().map(|e| matches!(e, EventKind::TurnStart { .. })), Some(true));
    let l = lines(&s);
    // The last call of redo found nothing: its segment is empty.
    assert_eq!(
        l[l.len() - 5..l.len() - 1],
        [vec!["redo".to_owned()], vec!["redo".to_owned()], vec![], vec!["undo".to_owned()]]
    );
}

#[test]
fn redo_keeps_a_pending_again_turn_and_works_after_restart() {
    let rule = "right [ stationary Mark ] -> [ > Mark ] again";
    let g = Game::new(rule, "PM..");
    let b = crate::build(&g.source()).game.expect("compiled");
    let mut s = Session::new(b, 0, None);
    s.input(Input::Action);
    assert!(s.again_pending());
    let mid = s.board_state();
    s.undo();
    assert!(!s.again_pending());
    assert!(s.redo());
    assert_eq!(s.board_state(), mid);
    assert!(s.again_pending(), "the again chain goes on after redo");
    drain(&mut s);
    let end = s.board_state();
    // Restart, undo it, redo it.
    s.restart();
    let restarted = s.board_state();
    s.undo();
    assert_eq!(s.board_state(), end);
    assert!(s.redo());
    assert_eq!(s.board_state(), restarted);
    // A restart clears the redo stack.
    s.undo();
    s.restart();
    assert!(!s.can_redo());
}

#[test]
fn redo_keeps_the_checkpoint() {
    let g = Game::new("[ > Player | Target ] -> [ > Player | Target ] checkpoint", "P.T..");
    let b = crate::build(&g.source()).game.expect("compiled");
    let mut s = Session::new(b, 0, None);
    s.input(Input::Right);
    s.input(Input::Right); // the checkpoint: the player steps on the target
    let at_checkpoint = s.board_state();
    s.input(Input::Right);
    s.undo();
    assert!(s.redo());
    s.restart();
    assert_eq!(s.board_state(), at_checkpoint, "restart goes back to the checkpoint");
}

// ---- the helpers ------------------------------------------------------------------

#[test]
fn the_line_format_names_directions_only_for_expanded_rules() {
    let g = Game::new(
        "right [ Player ] -> [ Player Mark ]\nlate [ Player | Mark ] -> [ Player | ]\n[ > Player | Crate ] -> [ > Player | > Crate ]",
        "PC.",
    );
    let b = crate::build(&g.source()).game.expect("compiled");
    let f = LineFormat::new(&b, FormatOptions::default());
    let mut s = g.start();
    play(&mut s, "R");
    let got = f.segment(s.trace().expect("recording").segments().back().expect("segment"));
    let (a, late, push) = (g.line("right [ Player ]"), g.line("late ["), g.line("> Crate ]"));
    assert_eq!(
        got,
        [
            "turn right".to_owned(),
            format!("rule {a}"),
            format!("rule {push} right"),
            "movements".into(),
            "late".into(),
            format!("rule {late}"),
            "end".into(),
        ]
    );
    assert_eq!(super::run_length(["a", "a", "b", "a"].map(String::from)), ["a *2", "b", "a"]);
}

#[test]
fn rule_expansions_write_each_compiled_rule_out() {
    let g = Game::new(
        "[ > Player | Crate ] -> [ > Player | > Crate ]\nlate [ Player no Mark ] -> [ Player Mark ] sfx1",
        "PC.",
    );
    let b = crate::build(&g.source()).game.expect("compiled");
    let all = rule_expansions(&b);
    assert_eq!(all.len(), 5, "four directions of the push, one late rule");
    let texts: Vec<&str> = all.iter().map(|r| r.text.as_str()).collect();
    // Rules are compiled to scan right or down: the leftward push is the
    // rightward scan of the reversed row.
    assert!(texts.contains(&"right [ right player | crate ] -> [ right player | right crate ]"), "{texts:?}");
    assert!(texts.contains(&"right [ crate | left player ] -> [ left crate | left player ]"), "{texts:?}");
    assert!(all.iter().filter(|r| r.list == RuleList::Main).all(|r| r.line == g.line("> Crate ]")));
    let late = all.iter().find(|r| r.list == RuleList::Late).expect("late");
    assert_eq!(late.text, "late down [ player no mark ] -> [ player mark ] sfx1");
    assert_eq!(describe_rule(&b, &b.late_rules.groups[0][0], Phase::Late), late.text);
}

#[test]
fn win_status_names_the_cells_that_break_each_condition() {
    let g = Game { win: "all Target on Crate\nno Mark\nsome Player", ..Game::new("", "PCT.T\n") };
    let s = g.start();
    let status = s.win_status();
    assert_eq!(status.len(), 3);
    assert_eq!((status[0].quantifier, status[0].holds, status[0].cells.clone()), (Quantifier::All, false, vec![2, 4]));
    assert!(status[1].holds && status[1].cells.is_empty());
    assert!(status[2].holds);
    let board = s.board_state().expect("a board");
    let mut moved = BoardState { ..board.clone() };
    // Put a crate on each target: the first condition holds.
    let crate_ = s.game().objects.iter().position(|o| o.name == "crate").expect("crate");
    for i in [2usize, 4] {
        moved.objects[i * moved.obj_words] |= 1 << crate_;
    }
    assert!(win_status(s.game(), &moved)[0].holds);
}

#[test]
fn a_session_is_written_as_a_conformance_case() {
    let g = Game::new(PUSH, "P.C..");
    let case = session_case(
        "push \"test\"",
        &g.source(),
        0,
        None,
        &[Step::Input(Input::Right), Step::Undo, Step::Redo, Step::Input(Input::Right)],
    )
    .expect("a case");
    assert!(case.starts_with("{\"name\": \"push \\\"test\\\"\", \"source\": \"title trace tests\\n"), "{case}");
    assert!(case.contains("\"inputs\": [3, \"undo\", \"redo\", 3]"), "{case}");
    assert!(case.contains("\"level\": 0, \"seed\": null, \"sounds\": []"), "{case}");
    let l = g.line(PUSH);
    assert!(
        case.ends_with(&format!(
            "\"trace\": [[], [\"turn right\", \"movements\", \"end\"], [\"undo\"], [\"redo\"], [\"turn right\", \"rule {l} right\", \"movements\", \"end\"]]}}"
        )),
        "{case}"
    );
    let mut s = Session::new(crate::build(&g.source()).game.expect("compiled"), 0, None);
    for step in [Step::Input(Input::Right), Step::Undo, Step::Redo, Step::Input(Input::Right)] {
        step.apply(&mut s);
    }
    let dump = s.dump().replace('\n', "\\n");
    assert!(case.contains(&format!("\"expected\": \"{dump}\"")), "{case}");
    assert!(session_case("x", "not a game", 0, None, &[]).is_err());
}

#[test]
fn the_look_ahead_before_an_again_turn_records_the_caps_it_hits() {
    // The late rule brings a crate and asks for another turn; the look-ahead
    // of that turn runs the endless group (the reference logs its cap even
    // there), and as its 200 passes leave the level as it was, no again turn.
    let late = "late [ Target ] -> [ Crate ] again";
    let g = Game::new("[ Crate ] -> [ Wall ]\n+ [ Wall ] -> [ Crate ]\nlate [ Target ] -> [ Crate ] again", "P.T");
    let mut s = g.start();
    play(&mut s, "R");
    let (l, a) = (g.line(late), g.line("[ Crate ] -> [ Wall ]"));
    assert_eq!(
        lines(&s)[1],
        [
            "turn right".to_owned(),
            "movements".into(),
            "late".into(),
            format!("rule {l}"),
            format!("command {l} again"),
            format!("loop-cap {a}"),
            format!("again-skipped {l}"),
            "end".into()
        ]
    );
    check_boards(&s);
}

#[test]
fn the_look_ahead_before_an_again_turn_records_its_rigid_failures() {
    // The crate the late rule brings is pushed into the wall by a rigid rule
    // in the look-ahead: it fails there, and the failure is recorded before
    // the again line (the rules' own applications in the look-ahead are not).
    let (late, rigid) = ("late [ Target ] -> [ Crate ] again", "rigid [ stationary Crate ] -> [ right Crate ]");
    let g = Game::new("rigid [ stationary Crate ] -> [ right Crate ]\nlate [ Target ] -> [ Crate ] again", "P.TW");
    let mut s = g.start();
    play(&mut s, "R");
    let (l, r) = (g.line(late), g.line(rigid));
    assert_eq!(
        lines(&s)[1],
        [
            "turn right".to_owned(),
            "movements".into(),
            "late".into(),
            format!("rule {l}"),
            format!("command {l} again"),
            format!("rigid-fail {r}"),
            format!("again-skipped {l}"),
            "end".into()
        ]
    );
    check_boards(&s);
}
