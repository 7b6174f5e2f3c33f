//! Every message the engine can emit, in one place: one function per
//! diagnostic, each with a stable code, a severity and our own wording. The
//! parser, the checks and the compiler all call these; none writes a
//! message of its own. Codes are never reused for another meaning.
//!
//! E01xx/W01xx: text structure (comments, sections, prelude).
//! E02xx/W02xx: objects. E03xx/W03xx: legend. E04xx/W04xx: sounds.
//! E05xx/W05xx: collision layers. E06xx/W06xx: rules.
//! E07xx/W07xx: win conditions. E08xx/W08xx: levels. E09xx: whole game.
//!
//! Retired codes (never to be given again): W0115 (an unknown palette is
//! an error, E0117), W0151 (a rule changed an option that was not drawn:
//! every option a rule may change is drawn now), E0120 (an option of
//! PuzzleScript Plus/Next we did not support: `load_images`, the last of
//! them, is supported now).

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
        format!(
            "the {} section must come after {} (every section header is required, even for an empty section)",
            up(name),
            up(needs)
        ),
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
/// A TAGS line that is not `NAME = VALUE ...`.
#[must_use]
pub fn tag_line_shape(span: Span) -> Diagnostic {
    Diagnostic::error("E0131", span, "a TAGS line reads `NAME = VALUE VALUE ...` (names of letters, digits and `_`)")
}
/// A tag or mapping named like something that already exists.
#[must_use]
pub fn tag_name_taken(span: Span, name: &str) -> Diagnostic {
    Diagnostic::error(
        "E0132",
        span,
        format!("the name {} is already a tag or a mapping (or a word the game needs)", up(name)),
    )
}
/// A MAPPINGS line of the wrong shape (`first`: the `TAG => NAME` line).
#[must_use]
pub fn mapping_line_shape(span: Span, first: bool) -> Diagnostic {
    let want = if first { "`TAG => NAME`" } else { "`VALUE ... -> VALUE ...` after its `TAG => NAME` line" };
    Diagnostic::error(
        "E0133",
        span,
        format!("a mapping is two lines, `TAG => NAME` then `VALUE ... -> VALUE ...`; this line should read {want}"),
    )
}
/// A mapping from a name that is not a tag.
#[must_use]
pub fn mapping_not_a_tag(span: Span, name: &str) -> Diagnostic {
    Diagnostic::error("E0134", span, format!("a mapping maps the values of a tag, and {} is not a tag", up(name)))
}
/// A mapping's key that is not a value of its tag.
#[must_use]
pub fn mapping_key_not_value(span: Span, key: &str, tag: &str) -> Diagnostic {
    Diagnostic::error("E0135", span, format!("{} is not a value of the tag {}", up(key), up(tag)))
}
/// A mapping whose sides differ in length or repeat a key.
#[must_use]
pub fn mapping_counts(span: Span) -> Diagnostic {
    Diagnostic::error(
        "E0136",
        span,
        "a mapping needs as many values after `->` as before it, and no value twice before it",
    )
}
/// A name or rule whose tags stand for too many copies.
#[must_use]
pub fn tags_too_many(span: Span, name: Option<&str>, limit: usize) -> Diagnostic {
    let what = name.map_or_else(|| "this rule".to_string(), up);
    Diagnostic::error(
        "E0137",
        span,
        format!("{what} would stand for more than {limit} copies with its tags; it is left as written"),
    )
}
/// A collision layer line `X -> ...` whose X is not a tag.
#[must_use]
pub fn layer_prefix_not_tag(span: Span, name: &str) -> Diagnostic {
    Diagnostic::error("E0138", span, format!("before `->` in a collision layer come tags, and {} is not one", up(name)))
}
/// An unknown prelude option.
#[must_use]
pub fn unknown_option(span: Span, key: &str) -> Diagnostic {
    Diagnostic::error("E0108", span, format!("`{key}` is not a known prelude option"))
}
/// A mouse option names no object (nor a synonym of one).
#[must_use]
pub fn mouse_object_missing(span: Span, key: &str, name: &str) -> Diagnostic {
    Diagnostic::error(
        "E0140",
        span,
        format!("`{key}` needs an object to put where the mouse is, and there is no object `{name}`"),
    )
}
/// A mouse option's object shares its collision layer with other objects,
/// so dropping it in a cell can take the place of one of them.
#[must_use]
pub fn mouse_object_shares_layer(span: Span, key: &str, name: &str) -> Diagnostic {
    Diagnostic::warning(
        "W0141",
        span,
        format!(
            "`{key}` puts `{name}` where the mouse is, but other objects share its collision layer and a click \
             can replace one of them; give `{name}` a layer of its own"
        ),
    )
}
/// An option PuzzleScript Next reserves and does nothing with.
#[must_use]
pub fn option_inert(span: Span, key: &str) -> Diagnostic {
    Diagnostic::warning(
        "W0142",
        span,
        format!("`{key}` is a word PuzzleScript Next reserves but does not act on; it is ignored here too"),
    )
}
/// An unknown option in a PuzzleScript Plus/Next game, which those ignore.
#[must_use]
pub fn unknown_option_ignored(span: Span, key: &str) -> Diagnostic {
    Diagnostic::warning(
        "W0143",
        span,
        format!("`{key}` is not a prelude option; as in PuzzleScript Plus and Next, this game ignores the line"),
    )
}
/// A word of `load_images` that is not `NAME=SOURCE`.
#[must_use]
pub fn image_arg_bad(span: Span, word: &str) -> Diagnostic {
    Diagnostic::warning(
        "W0144",
        span,
        format!(
            "`load_images` takes pictures as NAME=SOURCE, separated by spaces (like `hero=hero.png`); \
             \"{word}\" is not one and is skipped"
        ),
    )
}
/// A `load_images` picture on the web: never downloaded.
#[must_use]
pub fn image_on_the_web(span: Span, name: &str, url: &str) -> Diagnostic {
    Diagnostic::warning(
        "W0145",
        span,
        format!(
            "the picture `{name}` is on the web ({url}), and Puzzlewright never downloads anything: save the file \
             beside the game and write its file name instead; until then it is drawn solid red"
        ),
    )
}
/// A `load_images` file that could not be read.
#[must_use]
pub fn image_file_missing(span: Span, name: &str, path: &str, why: &str) -> Diagnostic {
    Diagnostic::warning(
        "W0146",
        span,
        format!("the picture `{name}` could not be read from {path}: {why}; it is drawn solid red"),
    )
}
/// A `load_images` picture whose bytes are not a PNG we read.
#[must_use]
pub fn image_unreadable(span: Span, name: &str, src: &str, why: &str) -> Diagnostic {
    Diagnostic::warning(
        "W0147",
        span,
        format!("the picture `{name}` ({src}) could not be decoded: {why}; it is drawn solid red"),
    )
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
/// A line starting with `(` or `)` in a game written with `//` comments.
#[must_use]
pub fn paren_in_slash_game(span: Span) -> Diagnostic {
    Diagnostic::warning(
        "W0150",
        span,
        "this `)` closes no comment (this game writes its comments with `//`); the rest of the line is ignored",
    )
}
/// A rule's option command (`runtime_metadata_twiddling`) with no value.
#[must_use]
pub fn twiddle_without_value(span: Span) -> Diagnostic {
    Diagnostic::error(
        "E0670",
        span,
        "this rule changes an option but gives it no value: write the value, `default` or `wipe` after it",
    )
}
/// Text after a comment inside an option value.
#[must_use]
pub fn comment_in_option(span: Span) -> Diagnostic {
    Diagnostic::warning("W0113", span, "an option value stops at a comment; the text after it is ignored")
}
/// A malformed `flickscreen`/`zoomscreen` value.
#[must_use]
pub fn bad_dimensions(span: Span, key: &str, value: &str) -> Diagnostic {
    Diagnostic::warning(
        "W0114",
        span,
        format!("`{key}` expects WIDTHxHEIGHT with positive whole numbers, not \"{value}\""),
    )
}
/// A bad colour in `background_color`/`text_color`.
#[must_use]
pub fn bad_option_colour(span: Span, key: &str, value: &str) -> Diagnostic {
    Diagnostic::error("E0116", span, format!("`{key}` needs a colour name or a #hex code, not \"{value}\""))
}

/// A PuzzleScript Plus/Next option that only changes the reference's drawing or web page.
#[must_use]
pub fn option_not_shown(span: Span, key: &str, dialect: &str) -> Diagnostic {
    Diagnostic::warning(
        "W0121",
        span,
        format!(
            "`{key}` ({dialect}) changes only how the game looks, which Puzzlewright does not show yet; play is unchanged"
        ),
    )
}
/// An option that needs a number was given something else.
#[must_use]
pub fn option_needs_number(span: Span, key: &str, value: &str) -> Diagnostic {
    Diagnostic::warning("W0122", span, format!("`{key}` expects a number, not \"{value}\"; it is ignored"))
}
/// `tween_length` in a game with `late` rules (PuzzleScript Plus warns
/// the same way: its tweens and late rules do not always agree).
#[must_use]
pub fn tween_with_late_rules(span: Span) -> Diagnostic {
    Diagnostic::warning(
        "W0128",
        span,
        "this game slides its moves (`tween_length`) and has `late` rules: an object a late rule puts where one \
         moved slides in as if it had moved itself (PuzzleScript Plus calls tweens with late rules experimental)",
    )
}
/// `tween_easing` with a value that names no easing.
#[must_use]
pub fn bad_tween_easing(span: Span, value: &str) -> Diagnostic {
    Diagnostic::warning(
        "W0129",
        span,
        format!(
            "`tween_easing` expects an easing such as easeInQuad or its number 1 to 13, not \"{value}\"; slides are linear"
        ),
    )
}
/// `custom_font`: the game names a font of its own (a web address or a
/// data URI), which Puzzlewright does not load.
#[must_use]
pub fn custom_font_not_loaded(span: Span) -> Diagnostic {
    Diagnostic::warning(
        "W0139",
        span,
        "Puzzlewright does not load the font `custom_font` names; titles and messages are drawn in its own font",
    )
}
/// A `smoothscreen` value that is not `[flick] WxH [IxJ] [S]`.
#[must_use]
pub fn bad_smoothscreen(span: Span, value: &str) -> Diagnostic {
    Diagnostic::warning(
        "W0138",
        span,
        format!(
            "`smoothscreen` expects [flick] WIDTHxHEIGHT [WIDTHxHEIGHT] [SPEED], not \"{value}\"; the whole level is shown"
        ),
    )
}
/// `sprite_size` with a value that is not N or WxH.
#[must_use]
pub fn bad_sprite_size(span: Span, value: &str) -> Diagnostic {
    Diagnostic::error(
        "E0123",
        span,
        format!("`sprite_size` expects a whole number of pixels (1 to 32) or WIDTHxHEIGHT, not \"{value}\""),
    )
}
/// Both unlock rules of the level select are given.
#[must_use]
pub fn unlock_rules_conflict(span: Span) -> Diagnostic {
    Diagnostic::warning(
        "W0124",
        span,
        "`level_select_unlocked_ahead` and `level_select_unlocked_rollover` are two ways to unlock sections; give only one",
    )
}
/// A level select option without `level_select`.
#[must_use]
pub fn level_select_missing(span: Span, key: &str) -> Diagnostic {
    Diagnostic::warning("W0125", span, format!("`{key}` does nothing without the `level_select` option"))
}
/// An unlock rule without `level_select_lock`.
#[must_use]
pub fn unlock_without_lock(span: Span, key: &str) -> Diagnostic {
    Diagnostic::warning("W0126", span, format!("`{key}` does nothing unless `level_select_lock` locks the sections"))
}
/// `level_select` in a game with no `section` lines.
#[must_use]
pub fn level_select_no_sections(span: Span) -> Diagnostic {
    Diagnostic::warning(
        "W0127",
        span,
        "the level select lists the game's sections, and this game has none: add `section NAME` lines to LEVELS",
    )
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
    Diagnostic::warning(
        "W0204",
        span,
        format!("{} is a keyword of the language; naming something after it invites confusion", up(name)),
    )
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
/// A sprite wider or taller than Puzzlewright draws (PuzzleScript Next sets
/// no limit); the pixels or rows past `max` are left out.
#[must_use]
pub fn sprite_too_big(span: Span, object: &str, max: usize) -> Diagnostic {
    Diagnostic::error(
        "E0218",
        span,
        format!(
            "the sprite of {} is larger than {max}x{max} pixels, the largest sprite Puzzlewright draws",
            up(object)
        ),
    )
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

/// `copy:NAME` names no object.
#[must_use]
pub fn copy_source_missing(span: Span, object: &str, source: &str) -> Diagnostic {
    Diagnostic::error(
        "E0212",
        span,
        format!("{} copies its sprite from {}, but no object has that name", up(object), up(source)),
    )
}
/// `copy:NAME` names an object defined only after this one: PuzzleScript
/// Next copies a sprite when its object's definition ends, so the source
/// must come first.
#[must_use]
pub fn copy_source_later(span: Span, object: &str, source: &str) -> Diagnostic {
    Diagnostic::error(
        "E0217",
        span,
        format!(
            "{} copies its sprite from {}, which is defined after it; define {} first",
            up(object),
            up(source),
            up(source)
        ),
    )
}
/// A sprite transform of PuzzleScript Next we do not support (`scale:`,
/// `canvas:`, `text:`).
#[must_use]
pub fn sprite_transform_unsupported(span: Span, word: &str) -> Diagnostic {
    Diagnostic::error(
        "E0213",
        span,
        format!("the sprite transform `{word}` comes from PuzzleScript Next, and Puzzlewright does not support it yet"),
    )
}
/// `scale:` (PuzzleScript Next) without a positive number.
#[must_use]
pub fn scale_not_a_number(span: Span, object: &str, value: &str) -> Diagnostic {
    Diagnostic::error(
        "E0216",
        span,
        format!("`scale:` of {} takes a number greater than 0, found \"{value}\"", up(object)),
    )
}
/// Instructions of a canvas sprite that Puzzlewright's painter does not
/// draw (all of one object's in one warning).
#[must_use]
pub fn canvas_not_drawn(span: Span, object: &str, keys: &[String]) -> Diagnostic {
    let list = keys.iter().map(|k| format!("`{k}`")).collect::<Vec<_>>().join(", ");
    let (them, are) = if keys.len() == 1 { ("it", "is") } else { ("them", "are") };
    Diagnostic::warning(
        "W0219",
        span,
        format!(
            "Puzzlewright skips {list} in the canvas sprite {}: {are} not among the canvas instructions it draws, so \
             the sprite may look different from PuzzleScript Next's (the names are case-sensitive; check how you \
             spelled {them})",
            up(object)
        ),
    )
}
/// A canvas sprite's `!include` naming no object.
#[must_use]
pub fn canvas_include_missing(span: Span, object: &str, name: &str) -> Diagnostic {
    Diagnostic::warning(
        "W0220",
        span,
        format!(
            "the canvas sprite {} includes \"{name}\", but no object has that name, so nothing is included",
            up(object)
        ),
    )
}
/// A canvas sprite's line that is not JSON instructions.
#[must_use]
pub fn canvas_json_bad(span: Span, object: &str, at: &str) -> Diagnostic {
    Diagnostic::error(
        "E0215",
        span,
        format!(
            "the canvas sprite {} expects drawing instructions in JSON, like {{\"fill\":[]}}, found \"{at}\"",
            up(object)
        ),
    )
}
/// A canvas sprite's `drawImage` that names no picture of `load_images`.
#[must_use]
pub fn draw_image_unknown(span: Span, object: &str, name: &str) -> Diagnostic {
    Diagnostic::warning(
        "W0221",
        span,
        format!(
            "the canvas sprite {} draws the picture \"{name}\", which `load_images` does not name; nothing is drawn for it",
            up(object)
        ),
    )
}
/// A sprite transform whose arguments are not what it takes.
#[must_use]
pub fn sprite_transform_bad(span: Span, word: &str, wants: &str) -> Diagnostic {
    Diagnostic::error(
        "E0214",
        span,
        format!(
            "`{word}` is not a sprite transform Puzzlewright can read: it takes {wants} (up, down, left or right, or a tag or mapping of them in a tagged object)"
        ),
    )
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
    Diagnostic::error(
        "E0307",
        span,
        format!(
            "{} combines with `and` but {} is an `or` property; an aggregate needs definite objects",
            up(name),
            up(part)
        ),
    )
}
/// Property made of aggregates.
#[must_use]
pub fn or_of_and(span: Span, name: &str, part: &str) -> Diagnostic {
    Diagnostic::error(
        "E0308",
        span,
        format!(
            "{} combines with `or` but {} is an `and` aggregate; a property can only list objects or properties",
            up(name),
            up(part)
        ),
    )
}

// ---- sounds ----------------------------------------------------------

/// Bad first word.
#[must_use]
pub fn sound_bad_start(span: Span, got: &str) -> Diagnostic {
    Diagnostic::warning(
        "W0401",
        span,
        format!("a sound line starts with an event (like SFX0 or ENDLEVEL) or an object name, not \"{got}\""),
    )
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
    Diagnostic::error(
        "E0404",
        span,
        "expected a sound verb (MOVE, CANTMOVE, CREATE, DESTROY or ACTION) after the object",
    )
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

/// PuzzleScript Next's `--` line with a drawing order of its own.
#[must_use]
pub fn layer_group_order(span: Span) -> Diagnostic {
    Diagnostic::warning(
        "W0510",
        span,
        "this `--` line starts a group of layers drawn in another order (PuzzleScript Next); Puzzlewright draws every layer in the usual order, and play is unchanged",
    )
}
/// Unexpected character.
#[must_use]
pub fn layer_bad_char(span: Span, ch: char) -> Diagnostic {
    Diagnostic::error(
        "E0501",
        span,
        format!("`{ch}` cannot appear in a collision layer; separate names with spaces or commas"),
    )
}
/// Aggregate in a layer.
#[must_use]
pub fn layer_aggregate(span: Span, name: &str) -> Diagnostic {
    Diagnostic::error(
        "E0502",
        span,
        format!("{} is an `and` aggregate; its objects must coexist, so it cannot share one layer", up(name)),
    )
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
    Diagnostic::error("E0509", span, format!("{} is part of this `and` but is not in any collision layer", up(part)))
}
/// No layers at all.
#[must_use]
pub fn no_layers(span: Span) -> Diagnostic {
    Diagnostic::error("E0508", span, "there are no collision layers; every object needs one")
}

// ---- rules -----------------------------------------------------------

/// The game has no object in any collision layer, so nothing compiles.
#[must_use]
pub fn nothing_to_compile(span: Span) -> Diagnostic {
    Diagnostic::error("E0600", span, "the game has no objects in collision layers")
}
/// A rule line without `->`.
#[must_use]
pub fn rule_no_arrow(span: Span) -> Diagnostic {
    Diagnostic::error("E0601", span, "this rule has no `->` arrow")
}
/// A `[` inside another pattern.
#[must_use]
pub fn rule_nested_bracket(span: Span) -> Diagnostic {
    Diagnostic::warning("W0602", span, "a `[` opens inside another pattern")
}
/// Rule line begins after a comment.
#[must_use]
pub fn rule_after_comment(span: Span) -> Diagnostic {
    Diagnostic::error("E0603", span, "a rule line cannot start after a comment or contain one before its arrow")
}
/// A word in a rule that is no object, direction or command.
#[must_use]
pub fn rule_unknown_name(span: Span, word: &str) -> Diagnostic {
    Diagnostic::error("E0604", span, format!("\"{word}\" is not an object, direction or command"))
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
/// Same object twice in a cell of a PuzzleScript Plus/Next game, which
/// reads it once.
#[must_use]
pub fn cell_repeat_read_once(span: Span, name: &str) -> Diagnostic {
    Diagnostic::warning(
        "W0680",
        span,
        format!("{} appears more than once in one cell; as in PuzzleScript Next, it counts once", up(name)),
    )
}
/// `no X` twice.
#[must_use]
pub fn cell_no_repeat(span: Span, name: &str) -> Diagnostic {
    Diagnostic::warning("W0609", span, format!("NO {} appears twice in one cell", up(name)))
}
/// Left/right counts differ (rule ignored).
#[must_use]
pub fn side_count(span: Span) -> Diagnostic {
    Diagnostic::warning("W0610", span, "the two sides have different numbers of patterns, so this rule is ignored")
}
/// A pattern and its replacement differ in length.
#[must_use]
pub fn row_length(span: Span) -> Diagnostic {
    Diagnostic::error("E0611", span, "each pattern on the right needs as many cells as its partner on the left")
}
/// A name whose legend definition leans on an undefined name.
#[must_use]
pub fn rule_name_broken(span: Span, name: &str, missing: &str) -> Diagnostic {
    Diagnostic::error(
        "E0612",
        span,
        format!("{} cannot be used: its legend definition leans on {}, which is not defined", up(name), up(missing)),
    )
}
/// Two ellipses side by side.
#[must_use]
pub fn double_ellipsis(span: Span) -> Diagnostic {
    Diagnostic::warning("W0613", span, "two ellipses side by side mean the same as one")
}
/// ENDLOOP with no STARTLOOP open.
#[must_use]
pub fn endloop_without_start(span: Span) -> Diagnostic {
    Diagnostic::error("E0614", span, "ENDLOOP without a STARTLOOP")
}
/// An ambiguous movement on the right that the left does not pin down.
#[must_use]
pub fn movement_undetermined(span: Span) -> Diagnostic {
    Diagnostic::error(
        "E0615",
        span,
        "an ambiguous movement on the right-hand side cannot be inferred from the left-hand side",
    )
}
/// A property on the right that the left does not pin down (after expansion).
#[must_use]
pub fn property_undetermined(span: Span) -> Diagnostic {
    Diagnostic::error("E0602", span, "a property on the right-hand side cannot be inferred from the left-hand side")
}
/// The right-hand side puts two objects of one layer in a cell.
#[must_use]
pub fn rhs_layer_clash(span: Span, a: &str, b: &str) -> Diagnostic {
    Diagnostic::error(
        "E0616",
        span,
        format!("the right-hand side puts {a} and {b} in one cell, but they share a collision layer"),
    )
}
/// Every expansion of a rule needs two objects of one layer in a cell.
#[must_use]
pub fn rule_never_applies(span: Span, pairs: &[String]) -> Diagnostic {
    Diagnostic::error(
        "E0617",
        span,
        format!(
            "this rule can never apply: it needs {} together in one cell, but they share a collision layer",
            pairs.join(", or ")
        ),
    )
}
/// `random` on a single object.
#[must_use]
pub fn random_single_object(span: Span, name: &str) -> Diagnostic {
    Diagnostic::warning(
        "W0622",
        span,
        format!(
            "RANDOM {} has nothing to choose from: it is a single object (RANDOM is for `or` properties)",
            up(name)
        ),
    )
}
/// Two `+` marks.
#[must_use]
pub fn rule_two_plus(span: Span) -> Diagnostic {
    Diagnostic::error("E0625", span, "this rule has two `+` marks")
}
/// `+` after other words.
#[must_use]
pub fn rule_plus_not_first(span: Span) -> Diagnostic {
    Diagnostic::error("E0626", span, "`+` must be the first thing on the line")
}
/// `+` with no rule before it.
#[must_use]
pub fn rule_plus_without_group(span: Span) -> Diagnostic {
    Diagnostic::error("E0627", span, "`+` joins the previous rule's group, but there is no previous rule")
}
/// A relative direction before the first `[`.
#[must_use]
pub fn rule_relative_prefix(span: Span) -> Diagnostic {
    Diagnostic::error(
        "E0628",
        span,
        "relative directions cannot say which way a rule applies; use up, down, left, right, horizontal or vertical",
    )
}
/// `random` on a rule joined with `+`.
#[must_use]
pub fn rule_random_in_group(span: Span) -> Diagnostic {
    Diagnostic::error("E0629", span, "only the first rule of a group can be marked random, not one joined with `+`")
}
/// A word before the first `[` that is not a direction or prefix.
#[must_use]
pub fn rule_bad_prefix(span: Span, word: &str) -> Diagnostic {
    Diagnostic::error("E0658", span, format!("only direction words may come before the first `[`, not \"{word}\""))
}
/// A `[` before the previous pattern is closed.
#[must_use]
pub fn rule_unclosed_pattern(span: Span) -> Diagnostic {
    Diagnostic::error("E0659", span, "a `[` opens before the previous pattern is closed")
}
/// A movement or `no` with no object after it.
#[must_use]
pub fn rule_modifier_without_object(span: Span) -> Diagnostic {
    Diagnostic::error("E0660", span, "a movement or `no` must be followed by an object")
}
/// `...` sharing a cell.
#[must_use]
pub fn rule_ellipsis_not_alone(span: Span) -> Diagnostic {
    Diagnostic::error("E0633", span, "`...` must be alone in its cell")
}
/// Two arrows.
#[must_use]
pub fn rule_two_arrows(span: Span) -> Diagnostic {
    Diagnostic::error("E0634", span, "this rule has more than one `->`")
}
/// Two movements or `no`s in a row before one object.
#[must_use]
pub fn rule_two_modifiers(span: Span) -> Diagnostic {
    Diagnostic::error("E0635", span, "an object can have only one direction or `no` at a time")
}
/// A command before the arrow.
#[must_use]
pub fn rule_command_before_arrow(span: Span) -> Diagnostic {
    Diagnostic::error("E0636", span, "commands go after the right-hand side, not before the arrow")
}
/// A rule with nothing to match.
#[must_use]
pub fn rule_no_pattern(span: Span) -> Diagnostic {
    Diagnostic::error("E0637", span, "this rule has no pattern to match")
}
/// `|` outside a pattern.
#[must_use]
pub fn rule_bar_outside(span: Span) -> Diagnostic {
    Diagnostic::warning("W0638", span, "`|` only belongs inside square brackets")
}
/// `->` inside a pattern.
#[must_use]
pub fn rule_arrow_in_pattern(span: Span) -> Diagnostic {
    Diagnostic::warning("W0639", span, "`->` inside square brackets is ignored")
}
/// A direction between patterns.
#[must_use]
pub fn rule_direction_outside(span: Span) -> Diagnostic {
    Diagnostic::warning("W0640", span, "directions belong at the start of a rule or inside a cell")
}
/// An object name outside a pattern.
#[must_use]
pub fn rule_name_outside(span: Span) -> Diagnostic {
    Diagnostic::warning("W0641", span, "object names only belong inside square brackets")
}
/// `...` outside a pattern.
#[must_use]
pub fn rule_ellipsis_outside(span: Span) -> Diagnostic {
    Diagnostic::warning("W0642", span, "`...` only belongs inside square brackets")
}
/// A command followed by more patterns.
#[must_use]
pub fn rule_command_not_last(span: Span) -> Diagnostic {
    Diagnostic::warning("W0643", span, "commands belong at the end of the rule")
}
/// `]` with no pattern open (the rule is dropped).
#[must_use]
pub fn rule_stray_close_bracket(span: Span) -> Diagnostic {
    Diagnostic::warning("W0644", span, "a `]` closes no pattern, so this rule is ignored")
}
/// A cell that needs an object and its absence on the right-hand side.
#[must_use]
pub fn rule_no_and_yes(span: Span, excluded: &str, present: &str) -> Diagnostic {
    Diagnostic::error("E0645", span, format!("the cell asks for NO {} and also for {}", up(excluded), up(present)))
}
/// `no` in front of an aggregate.
#[must_use]
pub fn rule_no_aggregate(span: Span, name: &str) -> Diagnostic {
    Diagnostic::error("E0646", span, format!("NO cannot exclude the `and` aggregate {}", up(name)))
}
/// Three ellipses in one pattern.
#[must_use]
pub fn rule_three_ellipses(span: Span) -> Diagnostic {
    Diagnostic::error("E0647", span, "a pattern may hold at most two ellipses")
}
/// `random` on the left-hand side.
#[must_use]
pub fn rule_random_on_left(span: Span) -> Diagnostic {
    Diagnostic::error("E0648", span, "RANDOM can only appear on the right-hand side")
}
/// An ellipsis first or last in a pattern.
#[must_use]
pub fn rule_ellipsis_at_edge(span: Span) -> Diagnostic {
    Diagnostic::error("E0649", span, "an ellipsis at the start or end of a pattern does nothing")
}
/// An ellipsis on one side with a cell on the other.
#[must_use]
pub fn rule_ellipsis_unpaired(span: Span) -> Diagnostic {
    Diagnostic::error("E0650", span, "an ellipsis needs a partner in the same place on the other side")
}
/// A property on the right that the left does not mention.
#[must_use]
pub fn rule_property_unmatched(span: Span, name: &str) -> Diagnostic {
    Diagnostic::warning(
        "W0651",
        span,
        format!("{} on the right is an `or` property the left-hand side does not determine", up(name)),
    )
}
/// A `+` group with late and normal rules.
#[must_use]
pub fn rule_group_mixes_late(span: Span) -> Diagnostic {
    Diagnostic::warning("W0652", span, "this group mixes late and normal rules")
}
/// STARTLOOP inside an open loop.
#[must_use]
pub fn loop_nested(span: Span) -> Diagnostic {
    Diagnostic::error("E0653", span, "STARTLOOP inside a loop; loops do not nest")
}
/// STARTLOOP never closed.
#[must_use]
pub fn startloop_without_end(span: Span) -> Diagnostic {
    Diagnostic::error("E0654", span, "STARTLOOP without a matching ENDLOOP")
}
/// A loop marker inside a `+` group of a PuzzleScript Plus/Next game,
/// which those dialects play (the loop takes in the whole group) with a
/// warning.
#[must_use]
pub fn loop_in_group(span: Span) -> Diagnostic {
    Diagnostic::warning(
        "W0671",
        span,
        "this loop starts or ends in the middle of a `+` rule group; the loop takes in the whole group",
    )
}
/// A loop marker inside a `+` group.
#[must_use]
pub fn loop_splits_group(span: Span) -> Diagnostic {
    Diagnostic::error("E0655", span, "this loop starts or ends in the middle of a `+` rule group")
}
/// More rigid rule groups than the reference can hold.
#[must_use]
pub fn too_many_rigid_groups(span: Span, most: usize) -> Diagnostic {
    Diagnostic::error(
        "E0657",
        span,
        format!("a game may have at most {most} rule groups with rigid rules; this one is one too many"),
    )
}
/// `random` that may create an object whose layer the cell already fills.
#[must_use]
pub fn random_layer_clash(span: Span, created: &str, existing: &str) -> Diagnostic {
    Diagnostic::warning(
        "W0656",
        span,
        format!(
            "RANDOM may create {} here, but the cell also needs {}, on the same layer; they cannot both be there",
            up(created),
            up(existing)
        ),
    )
}

// ---- win conditions ---------------------------------------------------

/// A win condition that does not start with a quantifier.
#[must_use]
pub fn win_bad_quantifier(span: Span, word: &str) -> Diagnostic {
    Diagnostic::error("E0701", span, format!("a win condition starts with ALL, ANY, SOME or NO, not {}", up(word)))
}
/// A win condition of the wrong length.
#[must_use]
pub fn win_shape(span: Span) -> Diagnostic {
    Diagnostic::error("E0702", span, "a win condition reads `QUANTIFIER NAME` or `QUANTIFIER NAME on NAME`")
}
/// A third word that is not `on`.
#[must_use]
pub fn win_expected_on(span: Span, word: &str) -> Diagnostic {
    Diagnostic::error("E0703", span, format!("expected ON in this win condition, found {}", up(word)))
}
/// A win condition naming a legend entry that stands for nothing, because
/// its definition leans on an undefined name.
#[must_use]
pub fn win_name_broken(span: Span, name: &str, missing: &str) -> Diagnostic {
    Diagnostic::error(
        "E0705",
        span,
        format!(
            "{} stands for no object (its definition leans on {}, which is not defined), so this win condition cannot be checked",
            up(name),
            up(missing)
        ),
    )
}
/// An undefined name in a win condition.
#[must_use]
pub fn win_unknown_name(span: Span, name: &str) -> Diagnostic {
    Diagnostic::error("E0704", span, format!("{} in this win condition is not an object or legend name", up(name)))
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
    Diagnostic::error(
        "E0803",
        span,
        format!("`{ch}` is an `or` property, so a map cannot use it (which object would it place?)"),
    )
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

/// A PuzzleScript Plus/Next word line in LEVELS that we do not support yet.
#[must_use]
pub fn level_verb_unsupported(span: Span, verb: &str) -> Diagnostic {
    Diagnostic::error(
        "E0806",
        span,
        format!(
            "`{verb}` lines in LEVELS come from PuzzleScript Plus/Next, and Puzzlewright does not support them yet"
        ),
    )
}

/// A `goto` (in LEVELS or a rule's command) to a section no entry of the
/// LEVELS is under.
#[must_use]
pub fn goto_no_section(span: Span, name: &str) -> Diagnostic {
    Diagnostic::error(
        "E0807",
        span,
        format!("`goto {name}`: no section with entries has that name (`section {name}` in LEVELS)"),
    )
}

/// A `goto` to a name several sections share.
#[must_use]
pub fn goto_duplicate_section(span: Span, name: &str) -> Diagnostic {
    Diagnostic::error(
        "E0808",
        span,
        format!("`goto {name}`: more than one section has that name, so where it leads is unclear; rename one"),
    )
}

/// A `link OBJECT NAME` line whose NAME is no section and no level.
#[must_use]
pub fn link_no_target(span: Span, name: &str) -> Diagnostic {
    Diagnostic::error(
        "E0809",
        span,
        format!(
            "this link leads to `{name}`, but no section or level has that name (a level is named by a `level NAME` line, or \"Level N\")"
        ),
    )
}

/// A `link OBJECT NAME` line whose OBJECT is not a name of the game.
#[must_use]
pub fn link_unknown_object(span: Span, name: &str) -> Diagnostic {
    Diagnostic::error("E0810", span, format!("a link needs an object to stand on, and {} is not one", up(name)))
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
pub fn unknown_palette(span: Span, value: &str) -> Diagnostic {
    Diagnostic::error("E0117", span, format!("there is no colour palette called \"{value}\""))
}
/// An author too long for the title screen.
#[must_use]
pub fn long_author(span: Span) -> Diagnostic {
    Diagnostic::warning("W0119", span, "the author's name is too long for the title screen and will be cut short")
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
/// More distinct messages than the reference shows before it gives up on
/// a game.
#[must_use]
pub fn too_many_problems(span: Span, most: usize) -> Diagnostic {
    Diagnostic::error(
        "E0906",
        span,
        format!("more than {most} problems are reported for this game; fix some of them before it can run"),
    )
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
        return Diagnostic::error(
            "E0309",
            span,
            format!("{} is named twice in this `and`, but a cell holds at most one of it", up(a)),
        );
    }
    Diagnostic::error(
        "E0309",
        span,
        format!("{} and {} share a collision layer, so an `and` of them can never exist", up(a), up(b)),
    )
}
/// Too many colours.
#[must_use]
pub fn too_many_colours(span: Span, max: usize) -> Diagnostic {
    Diagnostic::error("E0210", span, format!("an object can have at most {max} colours"))
}
/// Missing colour line.
#[must_use]
pub fn no_colours(span: Span, name: &str) -> Diagnostic {
    Diagnostic::error("E0211", span, format!("{} has no colours", name.to_uppercase()))
}
/// An object's sound line with no seed number.
#[must_use]
pub fn sound_no_seed(span: Span) -> Diagnostic {
    Diagnostic::error("E0407", span, "this sound line has no seed number")
}
/// A sound line with an object name and nothing after it.
#[must_use]
pub fn sound_incomplete(span: Span) -> Diagnostic {
    Diagnostic::warning("W0408", span, "this sound line is incomplete")
}
/// A sound attached to an `and` aggregate.
#[must_use]
pub fn sound_on_aggregate(span: Span, name: &str) -> Diagnostic {
    Diagnostic::error(
        "E0409",
        span,
        format!("{} is an `and` aggregate; sounds attach to objects or `or` properties", up(name)),
    )
}
/// A sound event with nothing after it.
#[must_use]
pub fn sound_event_no_seed(span: Span) -> Diagnostic {
    Diagnostic::warning("W0410", span, "a sound event needs a seed number after it")
}
/// An `afx:` animation (PuzzleScript Next) with a part it does not know.
#[must_use]
pub fn afx_unknown_part(span: Span, part: &str) -> Diagnostic {
    Diagnostic::warning(
        "W0412",
        span,
        format!("`{part}` is not a part of an animation (slide, zoom, fade, turn or ease=NAME); it is ignored"),
    )
}
/// An `afx:` value that is not a number.
#[must_use]
pub fn afx_not_a_number(span: Span, value: &str) -> Diagnostic {
    Diagnostic::warning("W0413", span, format!("\"{value}\" in an animation is not a number; it is read as 0"))
}
/// An `afx:` effect given one value: it needs a list to run along.
#[must_use]
pub fn afx_one_value(span: Span, part: &str) -> Diagnostic {
    Diagnostic::warning(
        "W0414",
        span,
        format!(
            "`{part}` gives one value; an animation runs from its first value to its last, so it needs two or more (it is not drawn)"
        ),
    )
}
/// `ease=` with a name that is not an easing.
#[must_use]
pub fn afx_unknown_easing(span: Span, name: &str) -> Diagnostic {
    Diagnostic::warning(
        "W0415",
        span,
        format!("\"{name}\" is not an easing (linear, easeInQuad... as for tween_easing, or 1-13); linear is used"),
    )
}
/// An `afx:` animation on a sound event, which has no object to animate.
#[must_use]
pub fn afx_on_event(span: Span, event: &str) -> Diagnostic {
    Diagnostic::warning("W0416", span, format!("{} animates no object; the animation is ignored", up(event)))
}
/// A sound event given a sound twice.
#[must_use]
pub fn sound_event_repeated(span: Span, event: &str) -> Diagnostic {
    Diagnostic::warning("W0411", span, format!("{} already has a sound; this one replaces it", up(event)))
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

// ---- gosub and subroutines (PuzzleScript Next) -------------------------

/// A `gosub` whose name no `subroutine` line defines.
#[must_use]
pub fn gosub_undefined(span: Span, name: &str) -> Diagnostic {
    let message = if name.is_empty() {
        "`gosub` needs the name of a subroutine after it".to_owned()
    } else {
        format!(
            "there is no subroutine called \"{name}\" (the name is everything after `gosub` on the line, and must match a `subroutine` line)"
        )
    };
    Diagnostic::error("E0630", span, message)
}
/// A second `subroutine` line with a name already defined.
#[must_use]
pub fn subroutine_duplicate(span: Span, name: &str, first_line: u32) -> Diagnostic {
    Diagnostic::error("E0631", span, format!("a subroutine called \"{name}\" is already defined on line {first_line}"))
}
/// A `gosub` to a subroutine with no rules of the caller's phase: the call
/// does nothing.
#[must_use]
pub fn gosub_runs_nothing(span: Span, name: &str, from_late: bool, has_rules: bool) -> Diagnostic {
    let message = match (has_rules, from_late) {
        (false, _) => format!("subroutine \"{name}\" has no rules, so this gosub does nothing"),
        (true, true) => format!(
            "a gosub from a late rule runs the subroutine's late rules, and \"{name}\" has none, so this call does nothing"
        ),
        (true, false) => format!(
            "a gosub from a rule that is not late runs the subroutine's rules that are not late, and \"{name}\" has only late rules, so this call does nothing"
        ),
    };
    Diagnostic::warning("W0632", span, message)
}

// ---- design checks (engine::analyze; never part of `build`) -------------
//
// A01xx: what is defined but not used. A02xx: what is written twice.
// A03xx: what can never happen (or has already happened). A04xx: levels
// too easy to solve, found by playing them (the dynamic checks).

/// An object that nothing in the rules, levels or win conditions uses.
#[must_use]
pub fn unused_object(span: Span, name: &str) -> Diagnostic {
    Diagnostic::warning(
        "A0101",
        span,
        format!(
            "the object {} is never used: no rule, level or win condition names it, directly or through the legend",
            up(name)
        ),
    )
}
/// A legend entry that nothing refers to.
#[must_use]
pub fn unused_legend(span: Span, name: &str) -> Diagnostic {
    legend_entry_unused(
        span,
        format!(
            "{} is defined here but never used in a rule, level, win condition, sound, collision layer or other legend line",
            up(name)
        ),
    )
}
/// A glyph given on an object's name line (a legend entry of its own)
/// that nothing uses.
#[must_use]
pub fn unused_glyph(span: Span, glyph: &str, object: &str) -> Diagnostic {
    legend_entry_unused(
        span,
        format!(
            "the glyph {} given to {} on its name line is never used in a level, rule, win condition, sound, collision layer or legend line",
            up(glyph),
            up(object)
        ),
    )
}
fn legend_entry_unused(span: Span, message: String) -> Diagnostic {
    Diagnostic::warning("A0102", span, message)
}
/// A colour of an object's palette that no pixel of its sprite uses.
#[must_use]
pub fn unused_colour(span: Span, object: &str, index: usize, colour: &str) -> Diagnostic {
    Diagnostic::warning(
        "A0103",
        span,
        format!("colour {index} ({colour}) of {} is not used by any pixel of its sprite", up(object)),
    )
}
/// A rule that, once expanded, is the same as an earlier one it runs with:
/// in the same group, or (`same_group` false) in the group just before,
/// its own group holding only such copies.
#[must_use]
pub fn repeated_rule(span: Span, first_line: u32, same_group: bool) -> Diagnostic {
    let message = if same_group {
        format!(
            "once expanded, this rule is the same as the rule on line {first_line} of its group, which already repeats its rules until nothing changes"
        )
    } else {
        format!(
            "once expanded, this rule is the same as the rule on line {first_line}, in the group just before, and its own group holds only such copies, so it finds nothing left to change"
        )
    };
    Diagnostic::warning("A0201", span, message)
}
/// A win condition that asks what an earlier one already asks.
#[must_use]
pub fn repeated_win_condition(span: Span, first_line: u32) -> Diagnostic {
    Diagnostic::warning("A0202", span, format!("this win condition repeats the one on line {first_line}"))
}
/// An object sound line written twice.
#[must_use]
pub fn repeated_sound(span: Span, first_line: u32) -> Diagnostic {
    Diagnostic::warning("A0203", span, format!("this sound line repeats the one on line {first_line}"))
}
/// A cell of a rule that asks for two objects of one collision layer.
#[must_use]
pub fn cell_layer_clash(span: Span, pairs: &[String]) -> Diagnostic {
    Diagnostic::warning(
        "A0301",
        span,
        format!(
            "a cell of this rule asks for {} at once, but they share a collision layer, so those cases of the rule can never match",
            pairs.join(", or ")
        ),
    )
}
/// A rule whose left side needs objects the game can never hold.
#[must_use]
pub fn rule_never_fires(span: Span, missing: &str) -> Diagnostic {
    Diagnostic::warning(
        "A0302",
        span,
        format!(
            "this rule can never apply: it needs {}, which no level holds and no rule that can apply creates",
            up(missing)
        ),
    )
}
/// A level whose win conditions can never all hold.
#[must_use]
pub fn impossible_victory(span: Span, win_line: u32, missing: &str) -> Diagnostic {
    Diagnostic::warning(
        "A0303",
        span,
        format!(
            "this level can never be won: the win condition on line {win_line} needs {}, which the level lacks and no rule that can apply here creates",
            up(missing)
        ),
    )
}
/// A level whose win conditions hold before any move.
#[must_use]
pub fn instant_victory(span: Span) -> Diagnostic {
    Diagnostic::warning(
        "A0304",
        span,
        "this level is already won as it starts: its win conditions hold before any move",
    )
}
/// A level won by pressing one key over and over.
#[must_use]
pub fn won_by_holding(span: Span, key: &str, presses: usize) -> Diagnostic {
    Diagnostic::warning(
        "A0401",
        span,
        format!(
            "this level is won by holding {}: {presses} {} of that one key win{} it",
            up(key),
            if presses == 1 { "press" } else { "presses" },
            if presses == 1 { "s" } else { "" }
        ),
    )
}
/// A level won in one or two moves.
#[must_use]
pub fn short_solution(span: Span, moves: &[&str]) -> Diagnostic {
    let keys: Vec<String> = moves.iter().map(|m| up(m)).collect();
    Diagnostic::warning(
        "A0402",
        span,
        format!(
            "this level can be won in {} {}: {}",
            moves.len(),
            if moves.len() == 1 { "move" } else { "moves" },
            keys.join(", ")
        ),
    )
}
