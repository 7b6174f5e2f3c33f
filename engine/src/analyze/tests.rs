//! One game that trips each check and one that must not, run through
//! [`analyze`] with only that check on.

use super::*;

/// A small game: `objects` and `legend` are added to a base of
/// Background, Player, Wall, Crate, Target; `layers` replaces the last
/// layer line.
#[derive(Clone, Copy)]
struct Game<'a> {
    objects: &'a str,
    legend: &'a str,
    sounds: &'a str,
    layers: &'a str,
    rules: &'a str,
    wins: &'a str,
    levels: &'a str,
}

const BASE: Game<'static> = Game {
    objects: "",
    legend: "",
    sounds: "",
    layers: "Player, Wall, Crate",
    rules: "[ > Player | Crate ] -> [ > Player | > Crate ]",
    wins: "all Target on Crate",
    levels: "######\n#P*.O#\n######",
};

fn source(g: Game) -> String {
    format!(
        "title t\n\nOBJECTS\nBackground\nblack\nPlayer\nwhite\nWall\ngrey\nCrate\norange\nTarget\nred\n{}\n\
         LEGEND\n. = Background\nP = Player\n# = Wall\n* = Crate\nO = Target\n{}\n\
         SOUNDS\n{}\nCOLLISIONLAYERS\nBackground\nTarget\n{}\n\
         RULES\n{}\nWINCONDITIONS\n{}\nLEVELS\n{}\n",
        g.objects, g.legend, g.sounds, g.layers, g.rules, g.wins, g.levels
    )
}

/// The lines `check` reports on (first and last line of each span), with
/// only that check on.
fn hits(g: Game, check: Check) -> Vec<(u32, u32)> {
    let text = source(g);
    let build = crate::build(&text);
    assert!(build.game.is_some(), "the test game must build: {:#?}", build.diagnostics);
    let disabled = Check::ALL.into_iter().filter(|c| *c != check).collect();
    let found = analyze(&build, &AnalyzeOptions { disabled, ..AnalyzeOptions::default() });
    assert!(found.iter().all(|d| d.code == check.code() && d.severity == crate::Severity::Warning), "{found:#?}");
    let last_line = |end: usize| u32::try_from(text[..end.min(text.len())].matches('\n').count() + 1).expect("small");
    found.iter().map(|d| (d.span.line, last_line(d.span.end))).collect()
}

fn line_of(g: Game, needle: &str) -> u32 {
    let text = source(g);
    let i = text.find(needle).unwrap_or_else(|| panic!("{needle} in the game"));
    u32::try_from(text[..i].matches('\n').count() + 1).expect("small")
}

/// Each check with a game that trips it (on the line holding the needle)
/// and a near twin that must not.
#[test]
fn each_check_fires_on_its_mistake_and_not_on_its_twin() {
    for (check, bad, needle, good) in mistakes_and_twins() {
        let lines = hits(bad, check);
        let want = line_of(bad, needle);
        assert!(
            lines.iter().any(|&(a, b)| a <= want && want <= b),
            "{check:?} must fire on `{needle}`: {lines:?}\n{}",
            source(bad)
        );
        assert_eq!(hits(good, check), Vec::new(), "{check:?} must not fire on\n{}", source(good));
    }
}

/// The cases of `each_check_fires_on_its_mistake_and_not_on_its_twin`:
/// check, game with the mistake, needle on its line, twin without it.
#[expect(clippy::too_many_lines, reason = "a flat table: one mistake and its twin per check")]
fn mistakes_and_twins() -> Vec<(Check, Game<'static>, &'static str, Game<'static>)> {
    let far_level = "##########\n#P.....*O#\n##########";
    vec![
        (
            Check::UnusedObject,
            Game { objects: "Gem\nblue", layers: "Player, Wall, Crate, Gem", ..BASE },
            "Gem\nblue",
            // Used only through a property in a rule.
            Game {
                objects: "Gem\nblue",
                legend: "Thing = Crate or Gem",
                layers: "Player, Wall, Crate, Gem",
                rules: "[ > Player | Thing ] -> [ > Player | > Thing ]",
                ..BASE
            },
        ),
        (
            Check::UnusedLegend,
            Game { legend: "G = Crate", ..BASE },
            "G = Crate",
            Game { legend: "G = Crate", levels: "#######\n#P*G.O#\n#######", ..BASE },
        ),
        (
            // A glyph given on an object's name line is a legend entry too.
            Check::UnusedLegend,
            Game {
                objects: "Gem G\nblue",
                layers: "Player, Wall, Crate, Gem",
                levels: "#######\n#P*..O#\n#######",
                ..BASE
            },
            "Gem G",
            Game {
                objects: "Gem G\nblue",
                layers: "Player, Wall, Crate, Gem",
                levels: "#######\n#P*G.O#\n#######",
                ..BASE
            },
        ),
        (
            Check::UnusedColour,
            Game {
                objects: "Gem\nblue green\n.000.\n0...0\n.....\n.....\n.....",
                layers: "Player, Wall, Crate, Gem",
                ..BASE
            },
            "blue green",
            // Transparent pixels and a used second colour.
            Game {
                objects: "Gem\nblue green\n.000.\n0.1.0\n.....\n.....\n.....",
                layers: "Player, Wall, Crate, Gem",
                ..BASE
            },
        ),
        (
            Check::RepeatedRule,
            // The same rule written two ways, in one group.
            Game {
                rules: "[ > Player | Crate ] -> [ > Player | > Crate ]\n+ [ Crate | < Player ] -> [ < Crate | < Player ]",
                ..BASE
            },
            "+ [ Crate",
            // A copy in a later group with other rules between: it can act again.
            Game {
                rules: "[ > Player | Crate ] -> [ > Player | > Crate ]\n[ Target ] -> [ Target ]\n[ > Player | Crate ] -> [ > Player | > Crate ]",
                ..BASE
            },
        ),
        (
            Check::RepeatedWinCondition,
            Game { wins: "all Target on Crate\nall target on crate", ..BASE },
            "all target on crate",
            Game { wins: "all Target on Crate\nsome crate on target", ..BASE },
        ),
        (
            Check::RepeatedSound,
            Game { sounds: "Crate move 1234\nCrate move 1234", ..BASE },
            "Crate move 1234\nCOLLISIONLAYERS",
            Game { sounds: "Crate move 1234\nCrate destroy 1234", ..BASE },
        ),
        (
            Check::CellLayerClash,
            Game {
                legend: "Solid = Wall or Target",
                rules: "[ > Player | Crate Solid ] -> [ > Player | Crate Solid ]",
                ..BASE
            },
            "[ > Player | Crate Solid ]",
            Game { rules: "[ > Player | Crate Target ] -> [ > Player | Crate Target ]", ..BASE },
        ),
        (
            Check::RuleNeverFires,
            Game { objects: "Gem\nblue", layers: "Player, Wall, Crate, Gem", rules: "[ Gem ] -> [ Crate ]", ..BASE },
            "[ Gem ]",
            // Gem appears through a `late` rule, the one that needs it then applies.
            Game {
                objects: "Gem\nblue",
                layers: "Player, Wall, Crate, Gem",
                rules: "[ Gem ] -> [ Crate ]\nlate [ Target no Gem ] -> [ Target Gem ]",
                ..BASE
            },
        ),
        (
            Check::ImpossibleVictory,
            Game { wins: "some Crate on Target", levels: "#######\n#P...O#\n#######", ..BASE },
            "#P...O#",
            // A `random` spawn of a property makes crates.
            Game {
                legend: "Spawn = Crate or Wall",
                wins: "some Crate on Target",
                rules: "[ Target no Crate ] -> [ Target random Spawn ]",
                levels: "#######\n#P...O#\n#######",
                ..BASE
            },
        ),
        (
            Check::InstantVictory,
            Game { levels: "#######\n#P.@..#\n#######", legend: "@ = Crate and Target", ..BASE },
            "#P.@..#",
            BASE,
        ),
        (
            Check::WonByHolding,
            Game { levels: far_level, ..BASE },
            "#P.....*O#",
            Game { levels: "##########\n#P.....*.#\n#O########", ..BASE },
        ),
        (Check::ShortSolution, BASE, "#P*.O#", Game { levels: far_level, ..BASE }),
    ]
}

#[test]
fn the_default_base_game_is_clean_apart_from_its_short_solution() {
    let text = source(BASE);
    let found = analyze(&crate::build(&text), &AnalyzeOptions::default());
    let codes: Vec<&str> = found.iter().map(|d| d.code).collect();
    assert_eq!(codes, ["A0402"], "{found:#?}");
}

#[test]
fn a_game_with_errors_gets_no_analysis_and_build_never_includes_it() {
    let broken = source(BASE).replace("[ > Player | Crate ]", "[ > Player | Crat ]");
    let build = crate::build(&broken);
    assert!(build.game.is_none());
    assert!(analyze(&build, &AnalyzeOptions::default()).is_empty());
    let ok = crate::build(&source(Game { objects: "Gem\nblue", layers: "Player, Wall, Crate, Gem", ..BASE }));
    assert!(ok.diagnostics.iter().all(|d| !d.code.starts_with('A')), "{:#?}", ok.diagnostics);
    assert!(analyze(&ok, &AnalyzeOptions::default()).iter().any(|d| d.code == "A0101"));
}

#[test]
fn static_only_and_cancel_leave_the_dynamic_checks_out() {
    let build = crate::build(&source(BASE));
    let static_only = analyze(&build, &AnalyzeOptions { static_only: true, ..AnalyzeOptions::default() });
    assert!(static_only.iter().all(|d| d.code != "A0402"), "{static_only:#?}");
    let cancel = Arc::new(AtomicBool::new(true));
    let cancelled = analyze(&build, &AnalyzeOptions { cancel: Some(cancel), ..AnalyzeOptions::default() });
    assert!(cancelled.is_empty());
}

#[test]
fn every_check_has_its_own_code_name_and_description() {
    let mut codes: Vec<&str> = Check::ALL.iter().map(|c| c.code()).collect();
    codes.sort_unstable();
    codes.dedup();
    assert_eq!(codes.len(), Check::ALL.len());
    assert!(
        Check::ALL.iter().all(|c| c.code().starts_with('A') && !c.name().is_empty() && !c.description().is_empty())
    );
    assert_eq!(Check::ALL.iter().filter(|c| c.is_dynamic()).count(), 2);
}

/// A level that plays itself as it loads (an end screen whose rules slide
/// a crate home through `again` turns) needs no key: neither dynamic check
/// may credit the first key with its win.
#[test]
fn a_level_won_by_its_own_again_turns_is_not_won_in_one_move() {
    let cutscene =
        Game { rules: "[ stationary Crate ] -> [ right Crate ] again", levels: "#######\n#P*..O#\n#######", ..BASE };
    let text = source(cutscene).replacen("title t\n", "title t\nrun_rules_on_level_start\n", 1);
    let build = crate::build(&text);
    let game = build.game.clone().expect("builds");
    // The premise: with no key at all, the level is won.
    let mut s = crate::run::Session::new(Arc::clone(&game), 0, None);
    let mut turns = 0;
    while s.again_pending() && turns < 20 {
        s.run_again();
        turns += 1;
    }
    assert!(s.level_index() != 0 || s.text_mode(), "the crate reaches the target by itself");
    let found = analyze(&build, &AnalyzeOptions::default());
    assert!(found.iter().all(|d| d.code != "A0402" && d.code != "A0401"), "{found:#?}");
    // Without the level-start run the same level needs its key presses.
    let found = analyze(&crate::build(&source(cutscene)), &AnalyzeOptions::default());
    assert!(found.iter().any(|d| d.code == "A0402"), "{found:#?}");
}

/// A level already won as it starts is reported once, as that (A0304),
/// not also as won in one move.
#[test]
fn an_instant_victory_is_not_also_a_one_move_win() {
    let won = Game { levels: "#######\n#P.@..#\n#######", legend: "@ = Crate and Target", ..BASE };
    let found = analyze(&crate::build(&source(won)), &AnalyzeOptions::default());
    let codes: Vec<&str> = found.iter().map(|d| d.code).collect();
    assert!(codes.contains(&"A0304"), "{found:#?}");
    assert!(!codes.contains(&"A0402") && !codes.contains(&"A0401"), "{found:#?}");
    // With the instant-victory check off, the one-move win is still said.
    let disabled = vec![Check::InstantVictory];
    let found = analyze(&crate::build(&source(won)), &AnalyzeOptions { disabled, ..AnalyzeOptions::default() });
    assert!(found.iter().any(|d| d.code == "A0402"), "{found:#?}");
}

/// A0103 judges the sprite as drawn: a `copy:` of a two-colour sprite,
/// turned, uses both colours (PuzzleScript Next's Coyote Time Lord draws
/// its player facing left so); a copy of a one-colour sprite still leaves
/// its second colour unused.
#[test]
fn unused_colours_are_judged_after_copy_and_transforms() {
    let copied = Game {
        objects: "Gem\nblue green\n.000.\n0.1.0\n.....\n.....\n.....\n\n\
                  Shard copy:Gem rot:up:right\nblue green\n\n\
                  Chip copy:Shard\nblue green\n",
        layers: "Player, Wall, Crate, Gem, Shard, Chip",
        ..BASE
    };
    assert_eq!(hits(copied, Check::UnusedColour), [], "every colour of the copies is drawn");
    let plain = Game {
        objects: "Gem\nblue green\n.000.\n0...0\n.....\n.....\n.....\n\n\
                  Shard copy:Gem flip:left\nyellow pink\n",
        layers: "Player, Wall, Crate, Gem, Shard",
        ..BASE
    };
    let found = hits(plain, Check::UnusedColour);
    assert_eq!(found.len(), 2, "{found:?}");
    assert!(found.contains(&(line_of(plain, "yellow pink"), line_of(plain, "yellow pink"))), "{found:?}");
    assert!(found.contains(&(line_of(plain, "blue green"), line_of(plain, "blue green"))), "{found:?}");
}
