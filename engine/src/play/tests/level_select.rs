//! The level select: the levels reached, numbered among maps and captioned
//! by their first message; moving through it and playing from it; kept
//! through a new game; PuzzleScript Plus's sections with solved marks and
//! locks; `continue_is_level_select` and `skip_title_screen`.

use super::*;

/// Three levels, messages before the first and the third (two before it).
const THREE_LEVELS: &str = "message Hello

#####
#P*O#
#####

#####
#P*O#
#####

message Third
message  really

######
#P.*O#
#....#
######
";

fn level_select(play: &Play) -> Option<(Vec<LevelItem>, usize)> {
    match play.screen() {
        Screen::LevelSelect { items, selected } => Some((items.to_vec(), selected)),
        _ => None,
    }
}

#[test]
fn the_level_select_lists_the_levels_reached_numbered_among_maps_with_their_first_message() {
    let g = sokoban("", THREE_LEVELS);
    // Nothing but the first level reached: no level select.
    assert!(level_select_items(&g, 0).len() == 1);
    let play = Play::new(g.clone(), Progress { entry: 1, reached: 1, checkpoint: None }, ms(0));
    let Screen::Title { choices, .. } = play.screen() else { panic!("a title screen") };
    assert!(!choices.contains(&TitleChoice::LevelSelect), "{choices:?}");

    // Reaching the message before level 3 reaches level 3.
    let items = level_select_items(&g, 3);
    assert_eq!(
        items,
        vec![
            LevelItem { section: None, entry: 0, map: 1, level: 1, caption: Some("Hello".into()) },
            LevelItem { section: None, entry: 2, map: 2, level: 2, caption: None },
            LevelItem { section: None, entry: 3, map: 5, level: 3, caption: Some("Third".into()) },
        ]
    );
    assert_eq!(items[0].label(), "Level 1: Hello");
    assert_eq!(items[1].label(), "Level 2");
    assert_eq!(level_select_items(&g, 2).len(), 2, "the message before level 3 not reached yet");
    assert_eq!(level_select_items(&g, 99).len(), 3);
}

#[test]
fn the_level_select_is_chosen_on_the_title_moved_through_and_plays_the_level_from_its_message() {
    let g = sokoban("", THREE_LEVELS);
    let mut play = Play::new(g.clone(), Progress { entry: 2, reached: 3, checkpoint: None }, ms(0));
    let Screen::Title { choices, selected } = play.screen() else { panic!("a title screen") };
    assert_eq!(choices[1], TitleChoice::LevelSelect);
    assert_eq!(choices[1].label(), "Select a level");
    assert_eq!(selected, 0);
    play.take_outputs();
    tap(&mut play, Control::Down, ms(10));
    tap(&mut play, Control::Action, ms(20));
    let (items, selected) = level_select(&play).expect("the level select");
    assert_eq!(items.len(), 3);
    assert_eq!(selected, 1, "on the level the progress is at (entry 2)");
    assert!(play.session().is_none());
    assert_eq!(play.next_event(), None, "nothing timed");
    // Up and down move, and stop at the ends.
    tap(&mut play, Control::Down, ms(30));
    tap(&mut play, Control::Down, ms(40));
    assert_eq!(level_select(&play).expect("still there").1, 2);
    tap(&mut play, Control::Left, ms(45));
    assert_eq!(level_select(&play).expect("still there").1, 0, "a page up");
    tap(&mut play, Control::Up, ms(50));
    assert_eq!(level_select(&play).expect("still there").1, 0);
    // Esc goes back to the title, on the level select's choice.
    tap(&mut play, Control::Title, ms(60));
    let Screen::Title { selected, .. } = play.screen() else { panic!("back on the title") };
    assert_eq!(selected, 1);
    // Choosing level 3 plays its first message, then the level.
    tap(&mut play, Control::Action, ms(70));
    play.choose(2, ms(80));
    assert_eq!(message(&play).as_deref(), Some("Third"));
    assert_eq!(play.entry(), 3);
    assert_eq!(sounds(&play.take_outputs()), ["startgame", "showmessage"]);
    tap(&mut play, Control::Action, ms(90));
    tap(&mut play, Control::Action, ms(100));
    assert!(matches!(play.screen(), Screen::Level(_)));
    assert_eq!(play.entry(), 5);
    // Undo on the level select also goes back; a choice out of range does nothing.
    let mut play = Play::new(g.clone(), Progress { entry: 0, reached: 5, checkpoint: None }, ms(0));
    play.choose(0, ms(1));
    assert!(level_select(&play).is_some(), "the first choice is the level select (nothing to continue)");
    play.choose(7, ms(2));
    assert!(level_select(&play).is_some());
    tap(&mut play, Control::Undo, ms(3));
    assert!(play.on_title());
}

#[test]
fn levels_reached_are_kept_through_a_new_game_and_the_end_of_the_game() {
    let g = sokoban("", THREE_LEVELS);
    let mut play = Play::new(g.clone(), Progress::default(), ms(0));
    tap(&mut play, Control::Action, ms(10));
    tap(&mut play, Control::Action, ms(20));
    tap(&mut play, Control::Right, ms(30));
    play.advance(ms(30) + WIN_PAUSE);
    assert_eq!(play.entry(), 2);
    assert_eq!(play.progress().reached, 2);
    // Back to the title: level 2 reached, so the level select is offered.
    tap(&mut play, Control::Title, ms(700));
    let Screen::Title { choices, .. } = play.screen() else { panic!("a title screen") };
    assert_eq!(
        choices,
        &[TitleChoice::Continue { entry: 2, level: Some(2) }, TitleChoice::LevelSelect, TitleChoice::NewGame][..]
    );
    // A new game starts from the start but keeps what was reached.
    play.choose(2, ms(710));
    assert_eq!(play.progress().entry, 0);
    assert_eq!(play.progress().reached, 2);
    let saved = Progress::from_text(&play.progress().to_text()).expect("the text form");
    assert_eq!(saved.reached, 2);
    let again = Play::new(g, saved, ms(0));
    let Screen::Title { choices, .. } = again.screen() else { panic!("a title screen") };
    assert!(choices.contains(&TitleChoice::LevelSelect));
}

/// THREE_LEVELS in three PuzzleScript Plus sections.
const THREE_SECTIONS: &str = "section First steps
message Hello

#####
#P*O#
#####

section Second
#####
#P*O#
#####

section The very end
message Third

######
#P.*O#
#....#
######
";

#[test]
fn a_plus_level_select_lists_sections_with_solved_marks_and_locks() {
    let g = sokoban("level_select\nlevel_select_lock\nlevel_select_solve_symbol V", THREE_SECTIONS);
    assert_eq!(g.sections.len(), 3);
    assert_eq!(g.levels.len(), 5, "sections are not entries");
    // A new player: the first section open, the others locked.
    let items = level_select_items(&g, 0);
    let labels: Vec<String> = items.iter().map(LevelItem::label).collect();
    assert_eq!(labels, vec!["  First steps", "  ******", "  ************"]);
    assert_eq!((items[1].entry, items[1].map, items[1].level), (2, 2, 2));
    assert_eq!((items[2].entry, items[2].map, items[2].level), (3, 4, 3));
    // Past the first section's last entry: solved, and the next opens.
    let items = level_select_items(&g, 2);
    let labels: Vec<String> = items.iter().map(LevelItem::label).collect();
    assert_eq!(labels, vec!["V First steps", "  Second", "  ************"]);
    // The title offers the select from the start; a locked section cannot be chosen.
    let mut play = Play::new(g.clone(), Progress::default(), ms(0));
    let Screen::Title { choices, .. } = play.screen() else { panic!("a title screen") };
    assert!(choices.contains(&TitleChoice::LevelSelect), "{choices:?}");
    let at = choices.iter().position(|c| *c == TitleChoice::LevelSelect).expect("offered");
    play.choose(at, ms(10));
    assert_eq!(level_select(&play).expect("the select").0.len(), 3);
    play.choose(2, ms(20));
    assert!(level_select(&play).is_some(), "a locked section is not played");
    play.choose(0, ms(30));
    assert!(level_select(&play).is_none(), "an open one is");
    assert_eq!(play.entry(), 0);

    // Unlocked ahead 2: two sections past the last solved one.
    let g = sokoban("level_select\nlevel_select_lock\nlevel_select_unlocked_ahead 2", THREE_SECTIONS);
    let locked: Vec<bool> =
        level_select_items(&g, 0).iter().map(|i| i.section.as_ref().is_some_and(|s| s.locked)).collect();
    assert_eq!(locked, vec![false, false, true]);
    // Without the lock every section is open, solved mark X by default.
    let g = sokoban("level_select", THREE_SECTIONS);
    let items = level_select_items(&g, 3);
    assert!(items.iter().all(|i| !i.section.as_ref().is_some_and(|s| s.locked)));
    assert_eq!(items[1].label(), "X Second");
    let last = |reached| level_select_items(&g, reached)[2].section.as_ref().is_some_and(|s| s.solved);
    assert!(!last(4), "control: on the last entry, the last section is not solved yet");
    assert!(last(5), "a finished game's progress is past the last entry: the last section is solved");
}

#[test]
fn finishing_the_game_marks_the_last_section_solved() {
    let g = sokoban("level_select", THREE_SECTIONS);
    let mut play = Play::new(g.clone(), Progress { entry: 4, reached: 4, checkpoint: None }, ms(0));
    play.go_to_entry(4, ms(0));
    tap(&mut play, Control::Right, ms(10));
    tap(&mut play, Control::Right, ms(20));
    play.advance(ms(20) + WIN_PAUSE);
    assert!(matches!(play.screen(), Screen::GameOver));
    let items = level_select_items(&g, play.progress().reached);
    let marks: Vec<String> = items.iter().map(LevelItem::label).collect();
    assert_eq!(marks, vec!["X First steps", "X Second", "X The very end"]);
}

#[test]
fn continue_is_level_select_and_skip_title_screen() {
    let g = sokoban("level_select\ncontinue_is_level_select", THREE_SECTIONS);
    let mut play = Play::new(g.clone(), Progress { entry: 2, reached: 2, checkpoint: None }, ms(0));
    let Screen::Title { choices, .. } = play.screen() else { panic!("a title screen") };
    assert!(!choices.contains(&TitleChoice::LevelSelect), "no separate choice: {choices:?}");
    assert!(matches!(choices[0], TitleChoice::Continue { .. }));
    play.choose(0, ms(10));
    assert!(level_select(&play).is_some(), "continue opens the level select");

    let g = sokoban("skip_title_screen", THREE_LEVELS);
    let play = Play::new(g, Progress::default(), ms(0));
    assert!(!matches!(play.screen(), Screen::Title { .. }), "the title screen is skipped");
    assert_eq!(play.entry(), 0);
}
