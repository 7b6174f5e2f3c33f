//! Every message the front end can emit, in one place: a stable code, a
//! severity and our own wording. Codes are never reused for another meaning.
//!
//! E01xx/W01xx: text structure (comments, sections, prelude).
//! E02xx/W02xx: objects. E03xx/W03xx: legend. E04xx/W04xx: sounds.
//! E05xx/W05xx: collision layers. E06xx/W06xx: rules.
//! E07xx/W07xx: win conditions. E08xx/W08xx: levels. E09xx: whole game.

use crate::diag::Diagnostic;
use crate::span::Span;

fn up(s: &str) -> String {
    s.to_uppercase()
}

// ---- structure -------------------------------------------------------

/// `)` with no open comment.
#[must_use]
pub fn stray_close(span: Span) -> Diagnostic {
    Diagnostic::warning("W0101", span, "this `)` closes no comment; everything around it is read as code")
}
/// Comment still open at the end of the file.
#[must_use]
pub fn unclosed_comment(span: Span) -> Diagnostic {
    Diagnostic::warning("W0102", span, "this comment is never closed, so the rest of the file is ignored")
}
/// Text after a section header or a `===` line.
#[must_use]
pub fn junk_after(span: Span, what: &str) -> Diagnostic {
    Diagnostic::error("E0103", span, format!("nothing but comments may follow {what} on its line"))
}
/// A section header seen twice.
#[must_use]
pub fn duplicate_section(span: Span, name: &str) -> Diagnostic {
    Diagnostic::error("E0104", span, format!("the {} section appears more than once", up(name)))
}
/// A section header out of order.
#[must_use]
pub fn section_order(span: Span, name: &str, needs: &str) -> Diagnostic {
    Diagnostic::error(
        "E0105",
        span,
        format!("the {} section must come after {} (every section header is required, even for an empty section)", up(name), up(needs)),
    )
}
/// OBJECTS is not the first section.
#[must_use]
pub fn objects_not_first(span: Span) -> Diagnostic {
    Diagnostic::error("E0106", span, "OBJECTS must be the first section")
}
/// A prelude line that does not start with a word.
#[must_use]
pub fn prelude_garbage(span: Span) -> Diagnostic {
    Diagnostic::error("E0107", span, "this line before the first section is not an option")
}
/// An unknown prelude option.
#[must_use]
pub fn unknown_option(span: Span, key: &str) -> Diagnostic {
    Diagnostic::error("E0108", span, format!("`{key}` is not a known prelude option"))
}
/// An option that needs a value has none.
#[must_use]
pub fn option_needs_value(span: Span, key: &str) -> Diagnostic {
    Diagnostic::error("E0109", span, format!("the option `{key}` needs a value after it"))
}
/// A flag option given a value.
#[must_use]
pub fn option_takes_no_value(span: Span, key: &str, value: &str) -> Diagnostic {
    Diagnostic::warning("W0110", span, format!("the option `{key}` takes no value; \"{value}\" is ignored"))
}
/// An option given twice.
#[must_use]
pub fn option_repeated(span: Span, key: &str, first_line: u32) -> Diagnostic {
    Diagnostic::warning("W0111", span, format!("`{key}` was already set on line {first_line}; this later value wins"))
}
/// `youtube` is not supported.
#[must_use]
pub fn youtube_unsupported(span: Span) -> Diagnostic {
    Diagnostic::warning("W0112", span, "the `youtube` option is not supported and is ignored")
}
/// Text after a comment inside an option value.
#[must_use]
pub fn comment_in_option(span: Span) -> Diagnostic {
    Diagnostic::warning("W0113", span, "an option value stops at a comment; the text after it is ignored")
}
/// A malformed `flickscreen`/`zoomscreen` value.
#[must_use]
pub fn bad_dimensions(span: Span, key: &str, value: &str) -> Diagnostic {
    Diagnostic::warning("W0114", span, format!("`{key}` expects WIDTHxHEIGHT with positive whole numbers, not \"{value}\""))
}
/// An unknown colour palette.
#[must_use]
pub fn unknown_palette(span: Span, value: &str) -> Diagnostic {
    Diagnostic::warning("W0115", span, format!("there is no colour palette called \"{value}\"; the default is used"))
}
/// A bad colour in `background_color`/`text_color`.
#[must_use]
pub fn bad_option_colour(span: Span, key: &str, value: &str) -> Diagnostic {
    Diagnostic::error("E0116", span, format!("`{key}` needs a colour name or a #hex code, not \"{value}\""))
}

// ---- objects ---------------------------------------------------------

/// A line in OBJECTS that is not a name.
#[must_use]
pub fn object_junk(span: Span) -> Diagnostic {
    Diagnostic::warning("W0201", span, "this line is not an object name, colour line or 5x5 sprite row and is ignored")
}
/// An object defined twice.
#[must_use]
pub fn object_redefined(span: Span, name: &str) -> Diagnostic {
    Diagnostic::error("E0202", span, format!("the object {} is already defined", up(name)))
}
/// Name already used by an alias/legend entry.
#[must_use]
pub fn name_in_use(span: Span, name: &str, line: u32) -> Diagnostic {
    Diagnostic::error("E0203", span, format!("the name {} is already taken (line {line})", up(name)))
}
/// A name that is also a keyword.
#[must_use]
pub fn keyword_name(span: Span, name: &str) -> Diagnostic {
    Diagnostic::warning("W0204", span, format!("{} is a keyword of the language; naming something after it invites confusion", up(name)))
}
/// The colour line has something that is not a colour.
#[must_use]
pub fn not_a_colour(span: Span, object: &str, got: &str) -> Diagnostic {
    Diagnostic::error("E0205", span, format!("expected a colour for {}, found \"{got}\"", up(object)))
}
/// Sprite row with junk.
#[must_use]
pub fn sprite_junk(span: Span, object: &str) -> Diagnostic {
    Diagnostic::error("E0206", span, format!("the sprite of {} may only contain `.` and colour digits", up(object)))
}
/// Sprite row too wide.
#[must_use]
pub fn sprite_too_wide(span: Span) -> Diagnostic {
    Diagnostic::warning("W0207", span, "sprite rows are 5 pixels wide; the extra pixels are ignored")
}
/// Sprite uses a colour index past the colour list.
#[must_use]
pub fn sprite_colour_missing(span: Span, object: &str, index: u8, count: usize) -> Diagnostic {
    Diagnostic::error("E0208", span, format!("{} uses colour {index} but lists only {count} colour(s)", up(object)))
}
/// Sprite not 5x5.
#[must_use]
pub fn sprite_not_5x5(span: Span, object: &str) -> Diagnostic {
    Diagnostic::warning("W0209", span, format!("the sprite of {} is not 5x5", up(object)))
}

// ---- legend ----------------------------------------------------------

/// Legend line shape is wrong.
#[must_use]
pub fn legend_shape(span: Span) -> Diagnostic {
    Diagnostic::error("E0301", span, "a legend line reads `A = B`, `A = B and C ...` or `A = B or C ...`")
}
/// `and`/`or` expected.
#[must_use]
pub fn legend_expected_logic(span: Span, got: &str) -> Diagnostic {
    Diagnostic::error("E0302", span, format!("expected `and` or `or` here, found {}", up(got)))
}
/// Both `and` and `or`.
#[must_use]
pub fn legend_mixed(span: Span) -> Diagnostic {
    Diagnostic::error("E0303", span, "one legend line cannot mix `and` with `or`")
}
/// Defines itself.
#[must_use]
pub fn legend_self(span: Span, name: &str) -> Diagnostic {
    Diagnostic::error("E0304", span, format!("{} is defined in terms of itself", up(name)))
}
/// Repeated item.
#[must_use]
pub fn legend_repeat(span: Span, name: &str) -> Diagnostic {
    Diagnostic::warning("W0305", span, format!("{} is listed more than once on the right-hand side", up(name)))
}
/// Undefined name.
#[must_use]
pub fn undefined_name(span: Span, name: &str) -> Diagnostic {
    Diagnostic::error("E0306", span, format!("{} is not an object or legend name", up(name)))
}
/// Aggregate made of properties.
#[must_use]
pub fn and_of_or(span: Span, name: &str, part: &str) -> Diagnostic {
    Diagnostic::error("E0307", span, format!("{} combines with `and` but {} is an `or` property; an aggregate needs definite objects", up(name), up(part)))
}
/// Property made of aggregates.
#[must_use]
pub fn or_of_and(span: Span, name: &str, part: &str) -> Diagnostic {
    Diagnostic::error("E0308", span, format!("{} combines with `or` but {} is an `and` aggregate; a property can only list objects or properties", up(name), up(part)))
}

// ---- sounds ----------------------------------------------------------

/// Bad first word.
#[must_use]
pub fn sound_bad_start(span: Span, got: &str) -> Diagnostic {
    Diagnostic::warning("W0401", span, format!("a sound line starts with an event (like SFX0 or ENDLEVEL) or an object name, not \"{got}\""))
}
/// Unknown object in sound.
#[must_use]
pub fn sound_unknown_name(span: Span, got: &str) -> Diagnostic {
    Diagnostic::error("E0402", span, format!("{} is not a sound event, object or legend name", up(got)))
}
/// Expected a seed.
#[must_use]
pub fn sound_expected_seed(span: Span, after: &str) -> Diagnostic {
    Diagnostic::error("E0403", span, format!("expected a sound seed number after {}", up(after)))
}
/// Expected a verb.
#[must_use]
pub fn sound_expected_verb(span: Span) -> Diagnostic {
    Diagnostic::error("E0404", span, "expected a sound verb (MOVE, CANTMOVE, CREATE, DESTROY or ACTION) after the object")
}
/// Extra words.
#[must_use]
pub fn sound_trailing(span: Span, got: &str) -> Diagnostic {
    Diagnostic::error("E0405", span, format!("nothing may follow the seed on a sound line; found \"{}\"", up(got)))
}
/// Expected direction or seed.
#[must_use]
pub fn sound_expected_dir_or_seed(span: Span, got: &str) -> Diagnostic {
    Diagnostic::error("E0406", span, format!("expected a direction or a sound seed, found \"{}\"", up(got)))
}

// ---- collision layers -------------------------------------------------

/// Unexpected character.
#[must_use]
pub fn layer_bad_char(span: Span, ch: char) -> Diagnostic {
    Diagnostic::error("E0501", span, format!("`{ch}` cannot appear in a collision layer; separate names with spaces or commas"))
}
/// Aggregate in a layer.
#[must_use]
pub fn layer_aggregate(span: Span, name: &str) -> Diagnostic {
    Diagnostic::error("E0502", span, format!("{} is an `and` aggregate; its objects must coexist, so it cannot share one layer", up(name)))
}
/// Undefined name in layer.
#[must_use]
pub fn layer_undefined(span: Span, name: &str) -> Diagnostic {
    Diagnostic::error("E0503", span, format!("{} is not defined, so it cannot go in a collision layer", up(name)))
}
/// Background shares a layer.
#[must_use]
pub fn background_not_alone(span: Span) -> Diagnostic {
    Diagnostic::error("E0504", span, "BACKGROUND must have a collision layer to itself")
}
/// Object in several layers.
#[must_use]
pub fn layer_repeat(span: Span, name: &str) -> Diagnostic {
    Diagnostic::warning("W0505", span, format!("{} is already in an earlier collision layer", up(name)))
}
/// Same name twice on a layer.
#[must_use]
pub fn layer_twice(span: Span, name: &str) -> Diagnostic {
    Diagnostic::warning("W0506", span, format!("{} is listed twice in this layer", up(name)))
}
/// Object not in any layer.
#[must_use]
pub fn not_layered(span: Span, name: &str) -> Diagnostic {
    Diagnostic::error("E0507", span, format!("the object {} is not in any collision layer", up(name)))
}
/// A part of an `and` aggregate that is in no layer.
#[must_use]
pub fn aggregate_part_not_layered(span: Span, part: &str) -> Diagnostic {
    Diagnostic::error(
        "E0509",
        span,
        format!("{} is part of this `and` but is not in any collision layer", up(part)),
    )
}
/// No layers at all.
#[must_use]
pub fn no_layers(span: Span) -> Diagnostic {
    Diagnostic::error("E0508", span, "there are no collision layers; every object needs one")
}

// ---- rules -----------------------------------------------------------

/// A generic rule-structure problem.
#[must_use]
pub fn rule_error(span: Span, what: &str) -> Diagnostic {
    Diagnostic::error("E0601", span, format!("this rule is malformed: {what}"))
}
/// A generic rule-structure oddity that is ignored.
#[must_use]
pub fn rule_warning(span: Span, what: &str) -> Diagnostic {
    Diagnostic::warning("W0602", span, format!("odd rule: {what}"))
}
/// Rule line begins after a comment.
#[must_use]
pub fn rule_after_comment(span: Span) -> Diagnostic {
    Diagnostic::error("E0603", span, "a rule line cannot start after a comment or contain one before its arrow")
}
/// Unknown name in rule.
#[must_use]
pub fn rule_unknown_name(span: Span, name: &str) -> Diagnostic {
    Diagnostic::error("E0604", span, format!("the rule mentions {}, which is not defined", up(name)))
}
/// Undefined sound effect in command.
#[must_use]
pub fn rule_sfx_undefined(span: Span, name: &str) -> Diagnostic {
    Diagnostic::warning("W0605", span, format!("{} is used here but never given a sound in SOUNDS", up(name)))
}
/// Movement in late rule.
#[must_use]
pub fn late_movement(span: Span) -> Diagnostic {
    Diagnostic::error("E0606", span, "late rules cannot mention movement")
}
/// Late and rigid.
#[must_use]
pub fn late_rigid(span: Span) -> Diagnostic {
    Diagnostic::error("E0607", span, "a rule cannot be both late and rigid")
}
/// Same object twice in a cell.
#[must_use]
pub fn cell_repeat(span: Span, name: &str) -> Diagnostic {
    Diagnostic::error("E0608", span, format!("{} appears more than once in one cell", up(name)))
}
/// `no X` twice.
#[must_use]
pub fn cell_no_repeat(span: Span, name: &str) -> Diagnostic {
    Diagnostic::warning("W0609", span, format!("NO {} appears twice in one cell", up(name)))
}
/// Left/right counts differ (rule ignored).
#[must_use]
pub fn side_count(span: Span) -> Diagnostic {
    Diagnostic::warning("W0610", span, "the two sides have different numbers of bracketed patterns, so this rule is ignored")
}
/// A pattern and its replacement differ in length.
#[must_use]
pub fn row_length(span: Span) -> Diagnostic {
    Diagnostic::error("E0611", span, "each pattern on the right needs as many cells as its partner on the left")
}
/// Other rule semantic errors.
#[must_use]
pub fn rule_semantic(span: Span, what: &str) -> Diagnostic {
    Diagnostic::error("E0612", span, what.to_owned())
}
/// Other rule semantic warnings.
#[must_use]
pub fn rule_semantic_warning(span: Span, what: &str) -> Diagnostic {
    Diagnostic::warning("W0613", span, what.to_owned())
}
/// Loop markers unbalanced.
#[must_use]
pub fn loop_unbalanced(span: Span, what: &str) -> Diagnostic {
    Diagnostic::error("E0614", span, what.to_owned())
}

// ---- win conditions ---------------------------------------------------

/// Bad win condition.
#[must_use]
pub fn wincondition(span: Span, what: &str) -> Diagnostic {
    Diagnostic::error("E0701", span, format!("win condition: {what}"))
}

// ---- levels ----------------------------------------------------------

/// `messageText` without a space.
#[must_use]
pub fn message_no_space(span: Span) -> Diagnostic {
    Diagnostic::warning("W0801", span, "`message` should be followed by a space; read as a message anyway")
}
/// Unknown glyph.
#[must_use]
pub fn unknown_glyph(span: Span, ch: char) -> Diagnostic {
    Diagnostic::error("E0802", span, format!("the map uses `{ch}`, which the legend does not define"))
}
/// Property glyph in map.
#[must_use]
pub fn ambiguous_glyph(span: Span, ch: char) -> Diagnostic {
    Diagnostic::error("E0803", span, format!("`{ch}` is an `or` property, so a map cannot use it (which object would it place?)"))
}
/// Ragged map.
#[must_use]
pub fn ragged_map(span: Span) -> Diagnostic {
    Diagnostic::warning("W0804", span, "this map row has a different length from the first row")
}
/// Message too long.
#[must_use]
pub fn long_message(span: Span) -> Diagnostic {
    Diagnostic::warning("W0805", span, "this message is too long to fit on the screen")
}

// ---- whole game --------------------------------------------------------

/// No player.
#[must_use]
pub fn no_player(span: Span) -> Diagnostic {
    Diagnostic::error("E0901", span, "no object or legend entry is called PLAYER; every game needs one")
}
/// No background.
#[must_use]
pub fn no_background(span: Span) -> Diagnostic {
    Diagnostic::error("E0902", span, "no object or legend entry is called BACKGROUND; every game needs one")
}

/// An unknown colour palette (the reference refuses the game).
#[must_use]
pub fn unknown_palette_error(span: Span, value: &str) -> Diagnostic {
    Diagnostic::error("E0117", span, format!("there is no colour palette called \"{value}\""))
}
/// A title too long for the title screen.
#[must_use]
pub fn long_title(span: Span) -> Diagnostic {
    Diagnostic::warning("W0118", span, "the title is too long for the title screen and will be cut short")
}
/// No objects in layers.
#[must_use]
pub fn no_objects(span: Span) -> Diagnostic {
    Diagnostic::error("E0903", span, "no objects are defined")
}
/// No levels.
#[must_use]
pub fn no_levels(span: Span) -> Diagnostic {
    Diagnostic::error("E0904", span, "the game has no levels")
}
/// Background defined as an aggregate.
#[must_use]
pub fn background_aggregate(span: Span) -> Diagnostic {
    Diagnostic::error("E0905", span, "BACKGROUND must be an object or an `or` property, not an `and` aggregate")
}
/// Aggregate parts on one layer.
#[must_use]
pub fn aggregate_same_layer(span: Span, a: &str, b: &str) -> Diagnostic {
    if a.eq_ignore_ascii_case(b) {
        return Diagnostic::error("E0309", span, format!("{} is named twice in this `and`, but a cell holds at most one of it", up(a)));
    }
    Diagnostic::error("E0309", span, format!("{} and {} share a collision layer, so an `and` of them can never exist", up(a), up(b)))
}
/// Too many colours.
#[must_use]
pub fn too_many_colours(span: Span) -> Diagnostic {
    Diagnostic::error("E0210", span, "an object can have at most 10 colours")
}
/// Missing colour line.
#[must_use]
pub fn no_colours(span: Span, name: &str) -> Diagnostic {
    Diagnostic::error("E0211", span, format!("{} has no colours", name.to_uppercase()))
}
/// Sound problems (error).
#[must_use]
pub fn sound_error(span: Span, what: &str) -> Diagnostic {
    Diagnostic::error("E0407", span, what.to_owned())
}
/// Sound problems (warning).
#[must_use]
pub fn sound_warning(span: Span, what: &str) -> Diagnostic {
    Diagnostic::warning("W0408", span, what.to_owned())
}

/// A `no X` already implied by what else the cell requires.
#[must_use]
pub fn superfluous_no(span: Span, name: &str, required: &[String], layers: &[String]) -> Diagnostic {
    let (noun, verb) = if layers.len() == 1 { ("layer", "fills") } else { ("layers", "fill") };
    Diagnostic::warning(
        "W0620",
        span,
        format!(
            "NO {} can go: {} already {verb} {noun} {}, where it would have to be",
            up(name),
            required.join(" and "),
            layers.join(", ")
        ),
    )
}
/// A cell that needs an object and its absence at once.
#[must_use]
pub fn never_matches(span: Span, clash: &[String]) -> Diagnostic {
    let what: Vec<String> = clash.iter().map(|c| format!("{} and NO {}", up(c), up(c))).collect();
    Diagnostic::warning(
        "W0621",
        span,
        format!("this rule can never match (a cell needs {}), so it is left out of the game", what.join(", ")),
    )
}
/// A cell that needs an object that is in no layer.
#[must_use]
pub fn cell_needs_unlayered(span: Span, name: &str) -> Diagnostic {
    Diagnostic::warning(
        "W0624",
        span,
        format!("this rule needs {}, which is not in any collision layer, so it can never match", up(name)),
    )
}
/// A background property whose objects sit on different layers.
#[must_use]
pub fn background_layers(span: Span) -> Diagnostic {
    Diagnostic::error("E0907", span, "every object that BACKGROUND can stand for must be on the same collision layer")
}
