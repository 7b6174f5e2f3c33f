//! Every error and warning the reference PuzzleScript parser and compiler
//! can give (src/js/parser.js and compiler.js, plus the few that its
//! engine.js gives while building the title screen and that decide
//! whether a game runs), each described in our words, with the code of
//! ours that answers it or the reason none is needed.
//!
//! The table was made by reading each logError/logWarning call and running
//! a small game through the reference and through our engine. The pointers
//! name the reference file and function (line numbers drift). The tests
//! check that each code named exists in our catalogue and is raised by its
//! small game (the cases in `support`), and that a few situations set up
//! here the way the reference meets them raise the code named for them.

mod support;

use support::game;

/// What answers one reference diagnostic.
enum Answer {
    /// These codes of ours (one is enough to answer it).
    Ours(&'static [&'static str]),
    /// No code: why none is needed.
    Without(&'static str),
}

use Answer::{Ours, Without};

/// One diagnostic of the reference.
struct Row {
    /// Reference file and function.
    at: &'static str,
    /// What it is about, in our words.
    what: &'static str,
    /// Whether it refuses the game (an error) or only warns.
    refuses: bool,
    /// Our answer.
    answer: Answer,
}

const E: bool = true;
const W: bool = false;

fn row(at: &'static str, what: &'static str, refuses: bool, answer: Answer) -> Row {
    Row { at, what, refuses, answer }
}

const UNREACHABLE_RULE_WORD: &str = "cannot happen: every word of a rule is resolved while the rule is read (E0604), and names leaning on undefined ones are refused (E0612)";

#[expect(clippy::too_many_lines, reason = "one table row per reference message")]
fn table() -> Vec<Row> {
    vec![
        // ---- parser.js: legend lines ----
        row("parser.js checkNameDefined", "a legend line names something not defined above it", E, Ours(&["E0306"])),
        row("parser.js processLegendLine", "a legend line with a name and nothing else", E, Ours(&["E0301"])),
        row("parser.js processLegendLine", "a legend line ending in a dangling `and`/`or` or `=`", E, Ours(&["E0301"])),
        row("parser.js processLegendLine", "a legend name already taken", E, Ours(&["E0203"])),
        row("parser.js processLegendLine", "a legend name that is a keyword", W, Ours(&["W0204"])),
        row("parser.js processLegendLine", "a legend name defined in terms of itself", E, Ours(&["E0304"])),
        row("parser.js processLegendLine", "the same name twice on the right of a legend line", W, Ours(&["W0305"])),
        row("parser.js processLegendLine", "an `and` line using an `or` property", E, Ours(&["E0307"])),
        row("parser.js processLegendLine", "an `or` line using an `and` aggregate", E, Ours(&["E0308"])),
        row(
            "parser.js processLegendLine",
            "a legend line of three or more names without `and`/`or`",
            E,
            Ours(&["E0302"]),
        ),
        // ---- parser.js: comments and section headers ----
        row("parser.js token (comments)", "a `)` that closes no comment", W, Ours(&["W0101"])),
        row("parser.js token (headers)", "text after a section header or `===` line", E, Ours(&["E0103"])),
        row("parser.js token (headers)", "a section header seen twice", E, Ours(&["E0104"])),
        row("parser.js token (headers)", "OBJECTS after another section", E, Ours(&["E0106"])),
        row("parser.js token (headers)", "a section before the one it must follow", E, Ours(&["E0105"])),
        row(
            "parser.js token (headers)",
            "a line before any section that is not prelude",
            E,
            Without(
                "cannot happen (the reference says so too): text before the first header is read as prelude options, E0107/E0108",
            ),
        ),
        // ---- parser.js: OBJECTS ----
        row(
            "parser.js token (OBJECTS)",
            "a line in OBJECTS that is no name, colour or sprite row",
            W,
            Ours(&["W0201"]),
        ),
        row("parser.js token (OBJECTS)", "an object defined twice", E, Ours(&["E0202"])),
        row("parser.js token (OBJECTS)", "an object's extra name already taken", E, Ours(&["E0203"])),
        row("parser.js token (OBJECTS)", "an object named after a keyword", W, Ours(&["W0204"])),
        row("parser.js token (OBJECTS)", "a word on the colour line that is no colour", E, Ours(&["E0205"])),
        row("parser.js token (OBJECTS)", "a sprite row with characters other than `.` and digits", E, Ours(&["E0206"])),
        row("parser.js token (OBJECTS)", "a sprite row wider than five", W, Ours(&["W0207"])),
        row("parser.js token (OBJECTS)", "a sprite digit past the object's colours", E, Ours(&["E0208"])),
        // ---- parser.js: LEGEND ----
        row("parser.js token (LEGEND)", "a legend line without `=`", E, Ours(&["E0301"])),
        row("parser.js token (LEGEND)", "a legend token that is no name (after `=`)", E, Ours(&["E0301"])),
        row("parser.js token (LEGEND)", "`and` and `or` on one legend line", E, Ours(&["E0303"])),
        row("parser.js token (LEGEND)", "a word where `and`/`or` should be", E, Ours(&["E0302"])),
        row("parser.js token (LEGEND)", "a legend token that is no name (between names)", E, Ours(&["E0301"])),
        // ---- parser.js: SOUNDS ----
        row("parser.js token (SOUNDS)", "a sound line starting with neither an event nor a name", W, Ours(&["W0401"])),
        row("parser.js token (SOUNDS)", "a sound line naming something undefined", E, Ours(&["E0402"])),
        row("parser.js token (SOUNDS)", "no seed where a seed must be", E, Ours(&["E0403"])),
        row("parser.js token (SOUNDS)", "no verb after an object in a sound line", E, Ours(&["E0404"])),
        row("parser.js token (SOUNDS)", "words after an event's seed", E, Ours(&["E0405"])),
        row("parser.js token (SOUNDS)", "words after an object sound's seed", E, Ours(&["E0405"])),
        row("parser.js token (SOUNDS)", "neither a direction nor a seed after MOVE/CANTMOVE", E, Ours(&["E0406"])),
        row("parser.js token (SOUNDS)", "no seed after a verb that takes no direction", E, Ours(&["E0403"])),
        // ---- parser.js: COLLISIONLAYERS ----
        row("parser.js token (COLLISIONLAYERS)", "a character that separates no names in a layer", E, Ours(&["E0501"])),
        row("parser.js token (COLLISIONLAYERS)", "an `and` aggregate in a layer", E, Ours(&["E0502"])),
        row("parser.js token (COLLISIONLAYERS)", "an undefined name in a layer", E, Ours(&["E0503"])),
        row("parser.js token (COLLISIONLAYERS)", "background sharing a layer (after other names)", E, Ours(&["E0504"])),
        row(
            "parser.js token (COLLISIONLAYERS)",
            "background sharing a layer (before other names)",
            E,
            Ours(&["E0504"]),
        ),
        row("parser.js token (COLLISIONLAYERS)", "a layer line with no names", E, Ours(&["E0508"])),
        row("parser.js token (COLLISIONLAYERS)", "an object in two layers", W, Ours(&["W0505"])),
        row("parser.js token (COLLISIONLAYERS)", "a name twice in one layer", W, Ours(&["W0506"])),
        // ---- parser.js: RULES ----
        row("parser.js token (RULES)", "an object name before the first `[` of a rule", E, Ours(&["E0658"])),
        row("parser.js token (RULES)", "an undefined name in a rule", E, Ours(&["E0604"])),
        // ---- parser.js: WINCONDITIONS ----
        row("parser.js token (WINCONDITIONS)", "a win condition too short", E, Ours(&["E0702"])),
        row("parser.js token (WINCONDITIONS)", "a win condition not starting with a quantifier", E, Ours(&["E0701"])),
        row("parser.js token (WINCONDITIONS)", "a third word that is not `on`", E, Ours(&["E0703"])),
        row("parser.js token (WINCONDITIONS)", "an undefined name in a win condition", E, Ours(&["E0704"])),
        row("parser.js token (WINCONDITIONS)", "a win condition too long", E, Ours(&["E0702"])),
        // ---- parser.js: LEVELS ----
        row("parser.js token (LEVELS)", "`message` run into its text", W, Ours(&["W0801"])),
        row(
            "parser.js token (LEVELS)",
            "a comment where a level row was expected",
            E,
            Without("cannot happen (the reference says so too): comments are blanked before level rows are read"),
        ),
        row("parser.js token (LEVELS)", "level rows of different lengths", W, Ours(&["W0804"])),
        row("parser.js token (LEVELS)", "a glyph in a level that the legend lacks", E, Ours(&["E0802"])),
        // ---- parser.js: prelude ----
        row("parser.js token (prelude)", "the `youtube` option", W, Ours(&["W0112"])),
        row("parser.js token (prelude)", "an option given twice", W, Ours(&["W0111"])),
        row("parser.js token (prelude)", "an option without its value", E, Ours(&["E0109"])),
        row("parser.js token (prelude)", "a value after a switch option", W, Ours(&["W0110"])),
        row("parser.js token (prelude)", "an unknown option", E, Ours(&["E0108"])),
        row("parser.js token (prelude)", "a prelude line that starts with no word", E, Ours(&["E0107"])),
        row("parser.js token (prelude)", "a comment inside an option's value", W, Ours(&["W0113"])),
        row(
            "parser.js logIssue / TooManyErrors",
            "more than 100 distinct messages: compiling stops",
            E,
            Ours(&["E0906"]),
        ),
        // ---- compiler.js: objects, legend, layers ----
        row(
            "compiler.js expandLegendDictEntries",
            "a legend entry mixing kinds through synonyms",
            E,
            Ours(&["E0307", "E0308"]),
        ),
        row("compiler.js generateExtraMembers", "an unknown colour palette", E, Ours(&["E0117"])),
        row("compiler.js generateExtraMembers", "more than ten colours", E, Ours(&["E0210"])),
        row("compiler.js generateExtraMembers", "a colour word that is no colour", E, Ours(&["E0205"])),
        row("compiler.js generateExtraMembers", "an object with no colours", E, Ours(&["E0211"])),
        row("compiler.js generateExtraMembers", "a sprite not five by five", W, Ours(&["W0209"])),
        row(
            "compiler.js generateExtraMembers",
            "a glyph naming an object that does not exist",
            E,
            Without("cannot happen: a legend entry only holds names defined above it (E0306 otherwise)"),
        ),
        row("compiler.js generateExtraMembers", "a glyph's object with no layer", E, Ours(&["E0507"])),
        row("compiler.js generateExtraMembers", "an aggregate's object with no layer", E, Ours(&["E0509"])),
        row("compiler.js generateExtraMembers", "layers that hold no defined object", E, Ours(&["E0903"])),
        row(
            "compiler.js generateExtraMembers",
            "background standing for objects on several layers",
            E,
            Ours(&["E0907"]),
        ),
        row("compiler.js generateExtraMembers", "background defined as an aggregate", E, Ours(&["E0905"])),
        row("compiler.js generateExtraMembers", "nothing called background", E, Ours(&["E0902"])),
        row("compiler.js levelFromString", "a level glyph the legend lacks", E, Ours(&["E0802"])),
        row("compiler.js levelFromString", "an `or` property used as a level glyph", E, Ours(&["E0803"])),
        row("compiler.js levelsToArray", "a message longer than the screen", W, Ours(&["W0805"])),
        // ---- compiler.js: reading a rule ----
        row("compiler.js processRuleString", "a comment inside a rule before its arrow", E, Ours(&["E0603"])),
        row(
            "compiler.js processRuleString",
            "an empty rule line",
            E,
            Without("cannot happen: blank rule lines are skipped before a rule is read"),
        ),
        row("compiler.js processRuleString", "a rule without `->`", E, Ours(&["E0601"])),
        row("compiler.js processRuleString", "`+` on the first rule", E, Ours(&["E0627"])),
        row("compiler.js processRuleString", "`+` after other prefixes", E, Ours(&["E0626"])),
        row("compiler.js processRuleString", "two `+` on one rule", E, Ours(&["E0625"])),
        row("compiler.js processRuleString", "a relative direction as a rule prefix", E, Ours(&["E0628"])),
        row("compiler.js processRuleString", "`random` on a rule joined with `+`", E, Ours(&["E0629"])),
        row("compiler.js processRuleString", "`perpendicular`/`parallel` as a rule prefix", E, Ours(&["E0628"])),
        row("compiler.js processRuleString", "a word before the first `[` that is no prefix", E, Ours(&["E0658"])),
        row("compiler.js processRuleString", "a `[` inside a pattern", W, Ours(&["W0602"])),
        row("compiler.js processRuleString", "a `[` before the last pattern is closed", E, Ours(&["E0659"])),
        row("compiler.js processRuleString", "two directions on one object", E, Ours(&["E0635"])),
        row("compiler.js processRuleString", "a direction between patterns", W, Ours(&["W0640"])),
        row("compiler.js processRuleString", "movement in a late rule", E, Ours(&["E0606"])),
        row("compiler.js processRuleString", "`|` outside a pattern", W, Ours(&["W0638"])),
        row("compiler.js processRuleString", "a direction with no object before `|`", E, Ours(&["E0660"])),
        row("compiler.js processRuleString", "a `]` with no pattern open", W, Ours(&["W0644"])),
        row("compiler.js processRuleString", "a pattern ending in an ellipsis with a direction", E, Ours(&["E0660"])),
        row("compiler.js processRuleString", "a direction with no object before `]`", E, Ours(&["E0660"])),
        row("compiler.js processRuleString", "late and normal rules in one `+` group", W, Ours(&["W0652"])),
        row("compiler.js processRuleString", "`->` inside a pattern", W, Ours(&["W0639"])),
        row("compiler.js processRuleString", "two arrows", E, Ours(&["E0634"])),
        row("compiler.js processRuleString", "an object name outside a pattern", W, Ours(&["W0641"])),
        row("compiler.js processRuleString", "`no X` twice in a cell", W, Ours(&["W0609"])),
        row("compiler.js processRuleString", "the same object twice in a cell", E, Ours(&["E0608"])),
        row(
            "compiler.js processRuleString",
            "an aside (no line) after the previous one when the name twice in a cell is a property",
            W,
            Without("an addendum to the diagnostic above, E0608, not a problem of its own"),
        ),
        row("compiler.js processRuleString", "an ellipsis outside a pattern", W, Ours(&["W0642"])),
        row("compiler.js processRuleString", "a command before the arrow", E, Ours(&["E0636"])),
        row("compiler.js processRuleString", "a command followed by more patterns", W, Ours(&["W0643"])),
        row("compiler.js processRuleString", "a sound command with no sound", W, Ours(&["W0605"])),
        row("compiler.js processRuleString", "a word in a cell that is no object", E, Ours(&["E0604"])),
        row("compiler.js processRuleString", "a rule both late and rigid", E, Ours(&["E0607"])),
        row(
            "compiler.js processRuleString",
            "different numbers of patterns on the two sides (rule dropped)",
            W,
            Ours(&["W0610"]),
        ),
        row("compiler.js processRuleString", "a pattern and its partner of different lengths", E, Ours(&["E0611"])),
        row(
            "compiler.js processRuleString",
            "an empty pattern on the left (no line)",
            E,
            Without(
                "the reference gives it only together with errors that refuse the game already (a section out of order); an empty cell `[ ]` is accepted by both",
            ),
        ),
        row("compiler.js processRuleString", "a rule with no pattern at all", E, Ours(&["E0637"])),
        // ---- compiler.js: expanding rules ----
        row("compiler.js checkSuperfluousCoincidences", "a cell that asks for X and for no X", E, Ours(&["E0645"])),
        row(
            "compiler.js checkSuperfluousCoincidences",
            "a `no X` already implied by the rest of the cell",
            W,
            Ours(&["W0620"]),
        ),
        row(
            "compiler.js concretizePropertyRule",
            "a property on the right the left does not pin down",
            E,
            Ours(&["E0602"]),
        ),
        row(
            "compiler.js concretizeMovingRule",
            "an ambiguous movement on the right the left does not pin down",
            E,
            Ours(&["E0615"]),
        ),
        row("compiler.js atomizeCellAggregates", "`no` in front of an aggregate", E, Ours(&["E0646"])),
        row("compiler.js rulesToMask", "an ellipsis sharing a cell (left)", E, Ours(&["E0633"])),
        row("compiler.js rulesToMask", "an ellipsis first or last in a pattern", E, Ours(&["E0649"])),
        row("compiler.js rulesToMask", "an ellipsis on the left with none on the right", E, Ours(&["E0650"])),
        row("compiler.js rulesToMask", "`random` on the left", E, Ours(&["E0648"])),
        row("compiler.js rulesToMask", "a left-hand object with no layer", E, Ours(&["W0624", "E0507"])),
        row(
            "compiler.js rulesToMask",
            "a cell that needs an object and its absence (rule dropped)",
            W,
            Ours(&["W0621"]),
        ),
        row("compiler.js rulesToMask", "an ellipsis on the right with none on the left", E, Ours(&["E0650"])),
        row("compiler.js rulesToMask", "an ellipsis sharing a cell (right)", E, Ours(&["E0633"])),
        row("compiler.js rulesToMask", "`random` in front of a single object", W, Ours(&["W0622"])),
        row(
            "compiler.js rulesToMask",
            "`random` that may create an object whose layer the cell fills",
            W,
            Ours(&["W0656"]),
        ),
        row(
            "compiler.js rulesToMask",
            "`random` in front of something that is no name",
            E,
            Without(UNREACHABLE_RULE_WORD),
        ),
        row("compiler.js rulesToMask", "a right-hand object with no layer", E, Ours(&["E0507"])),
        row(
            "compiler.js rulesToMask",
            "the right side putting two objects of one layer in a cell",
            E,
            Ours(&["E0616"]),
        ),
        row("compiler.js collapseRules", "three ellipses in a pattern", E, Ours(&["E0647"])),
        row("compiler.js collapseRules", "two ellipses side by side", W, Ours(&["W0613"])),
        row(
            "compiler.js ruleGroupDiscardOverlappingTest",
            "every expansion needs two objects of one layer in a cell",
            E,
            Ours(&["E0617"]),
        ),
        row("compiler.js generateRigidGroupList", "more than 30 rule groups with rigid rules", E, Ours(&["E0657"])),
        row(
            "compiler.js getMaskFromName",
            "a name that stands for no object (no line)",
            E,
            Ours(&["E0705", "E0507", "E0901"]),
        ),
        row("compiler.js checkObjectsAreLayered", "an object in no layer", E, Ours(&["E0507"])),
        // ---- compiler.js: prelude values ----
        row("compiler.js twiddleMetaData", "a screen size that is not a whole number", W, Ours(&["W0114"])),
        row("compiler.js twiddleMetaData", "a screen size that is not a number", W, Ours(&["W0114"])),
        row("compiler.js twiddleMetaData", "a screen size of zero or less", W, Ours(&["W0114"])),
        row("compiler.js twiddleMetaData", "a screen size not of the form WxH", W, Ours(&["W0114"])),
        row("compiler.js twiddleMetaData", "a screen size that cannot be read", W, Ours(&["W0114"])),
        row("compiler.js twiddleMetaData", "screen sizes not above zero", W, Ours(&["W0114"])),
        // ---- compiler.js: win conditions, loops, sounds, colours, whole game ----
        row(
            "compiler.js lookupWinConditionMask",
            "a win condition naming something that stands for no object",
            E,
            Ours(&["E0705", "E0704"]),
        ),
        row("compiler.js processWinConditions", "a win condition of the wrong shape", E, Ours(&["E0702"])),
        row("compiler.js calculateLoopPoints", "a loop starting inside a `+` group", E, Ours(&["E0655"])),
        row("compiler.js calculateLoopPoints", "a loop ending inside a `+` group", E, Ours(&["E0655"])),
        row("compiler.js generateLoopPoints", "ENDLOOP with no loop open", E, Ours(&["E0614"])),
        row("compiler.js generateLoopPoints", "STARTLOOP inside a loop", E, Ours(&["E0653"])),
        row("compiler.js generateLoopPoints", "STARTLOOP never closed", E, Ours(&["E0654"])),
        row("compiler.js generateSoundData", "a sound line too short", W, Ours(&["W0408", "W0410"])),
        row("compiler.js generateSoundData", "no seed at the end of a sound line", E, Ours(&["E0407"])),
        row("compiler.js generateSoundData", "too many words for an event's sound", E, Ours(&["E0405"])),
        row(
            "compiler.js generateSoundData",
            "too many words for an object's sound (warning form)",
            W,
            Ours(&["E0405"]),
        ),
        row("compiler.js generateSoundData", "an event given a sound twice", W, Ours(&["W0411"])),
        row(
            "compiler.js generateSoundData",
            "a word that should be a direction",
            E,
            Without(
                "cannot happen (the reference says so too): the sound line's words are checked in order first (E0406)",
            ),
        ),
        row(
            "compiler.js generateSoundData",
            "directions on a verb that takes none",
            E,
            Without("cannot happen (the reference says so too): the word after such a verb must be the seed (E0403)"),
        ),
        row("compiler.js generateSoundData", "a sound on an `and` aggregate", E, Ours(&["E0409"])),
        row("compiler.js generateSoundData", "a sound naming an undefined object", E, Ours(&["E0402"])),
        row(
            "compiler.js generateSoundData",
            "a direction word that is not one",
            E,
            Without("cannot happen: the sound line's words are checked in order first (E0406)"),
        ),
        row("compiler.js formatHomePage", "text_color that is no colour", E, Ours(&["E0116"])),
        row("compiler.js formatHomePage", "background_color that is no colour", E, Ours(&["E0116"])),
        row("compiler.js loadFile", "nothing called player", E, Ours(&["E0901"])),
        row("compiler.js loadFile", "nothing called background", E, Ours(&["E0902"])),
        row("compiler.js loadFile", "no collision layers", E, Ours(&["E0508"])),
        row(
            "compiler.js loadFile",
            "more than five errors: compiling stops early",
            E,
            Without(
                "only when the game has errors, so it is refused already; we report every error instead of stopping",
            ),
        ),
        row("compiler.js compile", "no levels", E, Ours(&["E0904"])),
        // ---- engine.js and level.js, while the game is set up ----
        row("engine.js generateTitleScreen", "the title cut short on the title screen", W, Ours(&["W0118"])),
        row("engine.js generateTitleScreen", "the author cut short on the title screen", W, Ours(&["W0119"])),
        row(
            "engine.js setGameState",
            "throttle_movement without realtime_interval",
            W,
            Without(
                "never shown: the reference logs it after compiling has ended, when messages are no longer recorded",
            ),
        ),
        row("level.js calcBackgroundMask", "no layer for the background", E, Ours(&["E0903", "E0507"])),
    ]
}

#[test]
fn every_code_named_is_in_the_catalogue_and_raised_by_its_game() {
    let catalogue = support::catalogue_codes();
    let cases = support::cases();
    for r in table() {
        let Ours(codes) = r.answer else { continue };
        assert!(!codes.is_empty(), "{}: no code named", r.at);
        for code in codes {
            assert!(catalogue.contains(code), "{} ({}): {code} is not in the catalogue", r.at, r.what);
            let case = cases.iter().find(|c| c.code == *code).unwrap_or_else(|| panic!("{code} has no case"));
            if let Err(e) = support::check(case) {
                panic!("{} ({}): {e}", r.at, r.what);
            }
        }
    }
}

#[test]
fn a_refusal_of_the_reference_is_answered_by_a_refusal_of_ours() {
    // When the reference refuses a game for a reason, our first code for
    // it must refuse too (an error), so no game it refuses runs here.
    for r in table().iter().filter(|r| r.refuses) {
        let Ours(codes) = r.answer else { continue };
        assert!(codes.iter().any(|c| c.starts_with('E')), "{} ({}): answered only by warnings {codes:?}", r.at, r.what);
    }
}

#[test]
fn every_row_without_a_code_says_why() {
    for r in table() {
        if let Without(why) = r.answer {
            assert!(why.len() > 20, "{} ({}): give a reason", r.at, r.what);
        }
    }
}

/// Situations set up as the reference meets them, where that differs from
/// the code's own case.
#[test]
fn situations_as_the_reference_meets_them() {
    let raised = |src: &str, code: &str| {
        let b = engine::build(src);
        assert!(b.diagnostics.iter().any(|d| d.code == code), "{code} not raised; got {:#?}", b.diagnostics);
    };
    // An object name before the first `[` of a rule.
    raised(&game().rules("Crate [ > Player | Crate ] -> [ > Player | > Crate ]").text(), "E0658");
    // Kinds mixed through a synonym: an `or` of a synonym of an `and`.
    raised(&game().legend("Pile = Crate and Target\nAlias = Pile\nMix = Alias or Wall").text(), "E0308");
    // A colour code that is no colour.
    raised(&game().objects("Gem\nred #zz").layers("Player, Crate, Wall, Gem").text(), "E0205");
    // A `]` opening nothing, rule dropped with a warning only.
    let dropped = engine::build(&game().rules("[ > Player | Crate ] ] -> [ > Player | > Crate ]").text());
    assert!(dropped.game.is_some() && dropped.diagnostics.iter().any(|d| d.code == "W0644"));
    // Too many words after an object's sound.
    raised(&game().sounds("Crate move 123 456").text(), "E0405");
    // No layer at all for the background (and everything else).
    raised(&game().text().replace("Background\nTarget\nPlayer, Crate, Wall\n", "Nothing\n"), "E0903");
}

#[test]
fn how_many_are_answered() {
    let rows = table();
    let answered = rows.iter().filter(|r| matches!(r.answer, Ours(_))).count();
    let refusing = rows.iter().filter(|r| r.refuses).count();
    // The count is part of the contract: a row added or answered changes it.
    assert_eq!((rows.len(), answered, refusing), (175, 163, 128), "rows, answered, refusing");
}
