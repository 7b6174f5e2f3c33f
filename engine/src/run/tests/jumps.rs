//! PuzzleScript Plus/Next's ways out of a level that are not a win: the
//! `goto` command and entry, `link` and the way back, `allow_undo_level`;
//! and the `log` command, which changes nothing.

use super::{Event, Game, grid, play};

fn gotos(events: &[Event]) -> Vec<usize> {
    events.iter().filter_map(|e| if let Event::Goto(k) = e { Some(*k) } else { None }).collect()
}

#[test]
fn a_goto_command_jumps_to_its_section_without_a_win() {
    let levels = "P.T\n\nsection Hub\nP.C\n\nsection Second Part\nmessage hello\n\n.P.\n";
    let g = Game::rules("late [ Player Target ] -> goto SECOND part", levels);
    let mut s = g.start();
    play(&mut s, "R");
    assert_eq!(s.level_index(), 0, "control: not there yet");
    play(&mut s, "R");
    let events = s.take_events();
    assert_eq!(gotos(&events), [2], "the section's first entry (a message), names compared without case");
    assert_eq!(s.level_index(), 2);
    assert!(s.text_mode(), "the message shows");
    assert!(!events.iter().any(|e| matches!(e, Event::GameWon)));
    // A goto is not undone: undo in the new entry does not come back.
    play(&mut s, "z");
    assert_eq!(s.level_index(), 2);
}

#[test]
fn a_goto_entry_leads_on_to_its_section() {
    let levels = "section Hub\nP.C\n\nsection One\nPT\n\ngoto hub\n";
    let mut g = Game::rules("", levels);
    g.win = "all Player on Target";
    let mut s = g.start_at(1, None);
    play(&mut s, "R");
    assert_eq!(s.level_index(), 0, "after the win, the goto entry leads back to Hub");
    assert_eq!(grid(&s), "P . C");
}

#[test]
fn a_link_goes_to_its_target_and_a_win_there_comes_back() {
    let levels = "link Mark Side\nP.M.\n\nsection Side\nP.T\n";
    let rules = "[ Player Mark ] -> [ Player ]\nlate [ Player Mark ] -> link\nlate [ Player Target ] -> win";
    let g = Game::rules(rules, levels);
    let mut s = g.start();
    play(&mut s, "R");
    assert_eq!(s.level_index(), 0, "control: not on the link yet");
    play(&mut s, "R");
    assert_eq!(gotos(&s.take_events()), [1]);
    assert_eq!((s.level_index(), grid(&s)), (1, "P . T".to_owned()));
    play(&mut s, "RR");
    assert_eq!(gotos(&s.take_events()), [0], "won: back where the link was taken");
    // Back on the link's cell; the turn run on return took the link away.
    assert_eq!((s.level_index(), grid(&s)), (0, ". . P .".to_owned()));
}

#[test]
fn allow_undo_level_undoes_back_into_the_level_before() {
    let levels = "P.T\n\n.P.T\n";
    let mut g = Game::rules("late [ Player Target ] -> win", levels);
    let mut s = g.start();
    play(&mut s, "RR");
    assert_eq!(s.level_index(), 1);
    play(&mut s, "z");
    assert_eq!(s.level_index(), 1, "control: without the option undo stays in the level");
    g.prelude = "allow_undo_level";
    let mut s = g.start();
    play(&mut s, "RR");
    assert_eq!(s.level_index(), 1);
    play(&mut s, "R");
    play(&mut s, "z");
    assert_eq!((s.level_index(), grid(&s)), (1, ". P . T".to_owned()), "first the level's own turn");
    play(&mut s, "z");
    assert_eq!(gotos(&s.take_events()), [0]);
    assert_eq!((s.level_index(), grid(&s)), (0, ". P T".to_owned()), "then the level before, before its last move");
    play(&mut s, "z");
    assert_eq!(grid(&s), "P . T");
}

#[test]
fn log_writes_a_line_and_changes_nothing() {
    let g = Game::rules("late [ Player | Crate ] -> log The Player is next to a Crate", "P.C\n");
    let mut s = g.start();
    play(&mut s, "R");
    let events = s.take_events();
    let line = g.line_of("-> log");
    assert!(events.contains(&Event::Log { line, text: "The Player is next to a Crate".to_owned() }), "{events:?}");
    assert_eq!(grid(&s), ". P C");
    play(&mut s, "L");
    assert!(!s.take_events().iter().any(|e| matches!(e, Event::Log { .. })), "control: not next to it");
}
