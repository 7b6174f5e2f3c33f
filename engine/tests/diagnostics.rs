//! One small game per diagnostic: the code we expect, on the line we expect,
//! and whether the game is refused.

const TEMPLATE: &str = "title Test
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
=======
LEGEND
=======
. = Background
P = Player
* = Crate
# = Wall
T = Target
{legend}
=======
SOUNDS
=======
================
COLLISIONLAYERS
================
Background
Target
Player, Crate, Wall
======
RULES
======
{rules}
==============
WINCONDITIONS
==============
=======
LEVELS
=======
{levels}
";

fn game(legend: &str, rules: &str, levels: &str) -> String {
    let levels = if levels.is_empty() { "P*.T" } else { levels };
    TEMPLATE.replace("{legend}", legend).replace("{rules}", rules).replace("{levels}", levels)
}

/// Line of `needle` in `text` (1-based).
fn line_of(text: &str, needle: &str) -> u32 {
    let i = text.lines().position(|l| l.contains(needle)).expect("needle in text");
    u32::try_from(i + 1).expect("small")
}

/// Build `src`, then assert a diagnostic with `code` on the line holding
/// `needle`, and whether the game is refused.
#[track_caller]
fn check(src: &str, code: &str, needle: &str, refused: bool) {
    let b = engine::build(src);
    let line = line_of(src, needle);
    let found = b.diagnostics.iter().any(|d| d.code == code && d.span.line == line);
    assert!(found, "no {code} on line {line}; got {:#?}", b.diagnostics);
    assert_eq!(b.game.is_none(), refused, "refusal; diagnostics {:#?}", b.diagnostics);
}

#[test]
fn redundant_no_on_a_shared_layer() {
    check(&game("", "[ > Player | Crate no Wall ] -> [ > Player | > Crate ]", ""), "W0620", "no Wall", false);
}

#[test]
fn no_of_the_same_object_after_expansion() {
    let g = game("Solid = Crate or Wall", "[ Crate no Solid ] -> [ Wall ]", "");
    check(&g, "W0621", "no Solid", false);
}

#[test]
fn left_side_needing_two_objects_of_one_layer_is_an_error() {
    check(&game("", "[ Player Crate ] -> [ Player ]", ""), "E0617", "[ Player Crate ]", true);
}

#[test]
fn right_side_putting_two_objects_on_one_layer_is_an_error() {
    check(&game("", "[ Player ] -> [ Player Crate ]", ""), "E0616", "[ Player ] ->", true);
}

#[test]
fn random_of_a_single_object_warns() {
    check(&game("", "[ Player ] -> [ Player random Target ]", ""), "W0622", "random Target", false);
}

#[test]
fn three_ellipses_are_an_error_and_two_in_a_row_a_warning() {
    let three = "[ > Player | ... | Crate | ... | Crate | ... | Crate ] -> [ > Player | ... | Crate | ... | Crate | ... | Crate ]";
    check(&game("", three, ""), "E0647", "...", true);
    let pair = "[ > Player | ... | ... | Crate ] -> [ > Player | ... | ... | Crate ]";
    check(&game("", pair, ""), "W0613", "...", false);
}

#[test]
fn loop_markers_pair_in_order_and_stay_out_of_groups() {
    let nested = "startloop\nstartloop\n[ Player ] -> [ Player ]\nendloop\nendloop";
    let g = game("", nested, "");
    let b = engine::build(&g);
    let lines: Vec<(u32, &str)> =
        b.diagnostics.iter().filter(|d| matches!(d.code, "E0614" | "E0653")).map(|d| (d.span.line, d.code)).collect();
    let first = line_of(&g, "startloop");
    // Markers pair in order: (start, start) flags the nested STARTLOOP and
    // (end, end) the ENDLOOP that opens the second pair.
    assert_eq!(lines, vec![(first + 1, "E0653"), (first + 3, "E0614")], "{:#?}", b.diagnostics);
    let split = "[ Crate ] -> [ Wall ]\nstartloop\n+ [ Wall ] -> [ Crate ]\nendloop";
    check(&game("", split, ""), "E0655", "startloop", true);
}

#[test]
fn a_loop_marker_with_a_comment_is_no_marker() {
    // The reference reads `startloop (note)` as a rule line holding a
    // comment and no arrow, refuses it, and then finds the ENDLOOP alone.
    let g = game("", "startloop (note)\n[ > Player | Crate ] -> [ > Player | > Crate ]\nendloop", "");
    check(&g, "E0603", "startloop (note)", true);
    check(&g, "E0614", "endloop", true);
    let plain = game("", "startloop\n[ > Player | Crate ] -> [ > Player | > Crate ]\nendloop", "");
    assert!(engine::build(&plain).game.is_some());
}

#[test]
fn a_stray_close_before_a_rule_drops_the_line_without_refusing() {
    // The reference reads no rule from a line whose first token (after any
    // comments) is a `)` that closes nothing, and only warns.
    for rules in
        ["(note))", "(a) ) [ > Player | Crate ] -> [ > Player | > Crate ]", ") [ Player ] -> [ Crate ]", "()()()()"]
    {
        let g = game("", &format!("[ > Player | Crate ] -> [ > Player | > Crate ]\n{rules}"), "");
        let b = engine::build(&g);
        assert!(b.game.is_some(), "{rules}: {:#?}", b.diagnostics);
        assert!(b.diagnostics.iter().all(|d| d.code == "W0101"), "{rules}: {:#?}", b.diagnostics);
    }
    // After the arrow it is still a stray word in the rule.
    check(&game("", "[ > Player | Crate ] -> [ > Player | > Crate ] )", ""), "E0604", "> Crate ] )", true);
}

#[test]
fn the_title_screen_warnings_follow_its_layout() {
    let titled =
        |title: &str, extra: &str| game("", "", "").replacen("title Test", &format!("title {title}{extra}"), 1);
    let warned = |src: &str, code: &str| engine::build(src).diagnostics.iter().any(|d| d.code == code);
    // Five rows for title and author: a 39-character title fits in two.
    assert!(!warned(&titled(&"x".repeat(39), ""), "W0118"));
    // 170 characters wrap to five rows: still no cut.
    assert!(!warned(&titled(&"word ".repeat(34), ""), "W0118"));
    assert!(warned(&titled(&"word ".repeat(40), ""), "W0118"));
    // The author is cut first, and freeing the control rows makes room.
    let both = format!("\nauthor {}", "name ".repeat(14));
    assert!(warned(&titled(&"word ".repeat(20), &both), "W0119"));
    assert!(!warned(&titled(&"word ".repeat(20), &format!("{both}\nnoaction")), "W0119"));
}

#[test]
fn prelude_colours_must_be_colours() {
    let g = game("", "", "").replacen("title Test", "title Test\ntext_color 12zz34", 1);
    check(&g, "E0116", "text_color", true);
    let ok = game("", "", "").replacen("title Test", "title Test\ntext_color #1af\nbackground_color darkblue", 1);
    assert!(engine::build(&ok).game.is_some());
}

#[test]
fn background_property_across_layers_is_refused() {
    let g = game("", "", "").replacen("Background\nblack", "Background1\nblack\nBackground2\nblue", 1);
    let g = g.replacen(". = Background", "Background = Background1 or Background2\n. = Background1", 1);
    let g = g.replacen("Background\nTarget", "Background1, Background2\nTarget", 1);
    // Both on layer two with Target: fine.
    assert!(engine::build(&g).game.is_some(), "{:#?}", engine::build(&g).diagnostics);
    let split = g.replacen("Background1, Background2\nTarget", "Background1\nBackground2, Target", 1);
    check(&split, "E0907", "Background = Background1", true);
}

#[test]
fn aggregate_naming_one_object_twice_is_refused() {
    check(&game("G = Player\nQ = G and P", "", ""), "E0309", "Q = G and P", true);
}

#[test]
fn long_message_warns() {
    let long = format!("message {}", "word ".repeat(100));
    check(&game("", "", &format!("P*.T\n\n{long}")), "W0805", "message", false);
    assert!(
        engine::build(&game("", "", "P*.T\n\nmessage short and sweet")).diagnostics.iter().all(|d| d.code != "W0805")
    );
}

#[test]
fn using_a_name_whose_definition_is_broken_is_an_error() {
    let g = game("Stuff = Crate or Nothing\nAlias = Stuff", "[ Alias ] -> [ Alias ]", "");
    check(&g, "E0612", "[ Alias ]", true);
}

#[test]
fn comments_after_separator_lines_are_fine_in_rules() {
    let g = game("", "()======()\n[ > Player | Crate ] -> [ > Player | > Crate ]\n==========(cat)", "");
    let b = engine::build(&g);
    assert!(b.game.is_some(), "{:#?}", b.diagnostics);
}

#[test]
fn overwide_sprite_is_flagged_on_the_object_too() {
    let g = game("", "", "").replacen("Target\nred", "Target\nred\n00000\n000000\n00000\n00000\n00000", 1);
    check(&g, "W0209", "Target", false);
}

#[test]
fn an_aggregate_and_a_rule_that_need_an_object_in_no_layer() {
    // Gem is defined but left out of COLLISIONLAYERS.
    let src = game("Pair = Crate and Gem", "[ > Player | Pair ] -> [ > Player | > Pair ]", "")
        .replace("Target\nred\n", "Target\nred\nGem\nblue\n");
    check(&src, "E0507", "Gem", true);
    check(&src, "E0509", "Pair = Crate and Gem", true);
    check(&src, "W0624", "[ > Player | Pair ]", true);
    let b = engine::build(&src);
    let on_rule = b.diagnostics.iter().filter(|d| d.code == "W0624").count();
    assert_eq!(on_rule, 1, "once per rule line: {:#?}", b.diagnostics);
}

/// A code names one kind of problem (E/W from `build`, A from `analyze`):
/// no two places in the engine may give
/// the same code to different messages (E0309 has two wordings of one
/// problem, so it may appear twice).
#[test]
fn diagnostic_codes_are_unique_in_the_source() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/src");
    let mut seen: std::collections::BTreeMap<String, Vec<String>> = Default::default();
    let mut stack = vec![std::path::PathBuf::from(root)];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).expect("read src").flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let text = std::fs::read_to_string(&path).expect("read file");
                for (i, line) in text.lines().enumerate() {
                    // A code given to a diagnostic: `"E0123",` or `("E0123"`.
                    for piece in line.split('"').skip(1).step_by(2) {
                        let is_code = piece.len() == 5
                            && (piece.starts_with('E') || piece.starts_with('W') || piece.starts_with('A'))
                            && piece[1..].chars().all(|c| c.is_ascii_digit());
                        if is_code
                            && (line.contains("Diagnostic::error")
                                || line.contains("Diagnostic::warning")
                                || line.trim() == format!("\"{piece}\","))
                        {
                            seen.entry(piece.to_owned()).or_default().push(format!("{}:{}", path.display(), i + 1));
                        }
                    }
                }
            }
        }
    }
    assert!(seen.len() > 50, "found the catalogue: {}", seen.len());
    let repeated: Vec<_> = seen.iter().filter(|(code, at)| at.len() > 1 && *code != "E0309").collect();
    assert!(repeated.is_empty(), "codes given in more than one place: {repeated:#?}");
}
