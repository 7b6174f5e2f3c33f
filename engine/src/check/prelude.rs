//! Prelude options: known keys, values where needed, dimensions, palettes.

use crate::diag::Diagnostic;
use crate::diag::catalogue as cat;
use crate::options::{PreludeOption, Support};
use crate::syntax::ast::Ast;

fn dims_ok(v: &str) -> bool {
    let parts: Vec<&str> = v.split('x').collect();
    parts.len() == 2 && parts.iter().all(|p| p.trim().parse::<i64>().is_ok_and(|n| n > 0) && !p.contains(' '))
}

/// A colour the prelude accepts: a colour name, `#rgb`/`#rrggbb`, or
/// `transparent`.
fn option_colour_ok(v: &str) -> bool {
    let v = v.trim();
    if v == "transparent" || crate::palette::is_color_name(v) {
        return true;
    }
    v.strip_prefix('#').is_some_and(|h| (h.len() == 3 || h.len() == 6) && h.chars().all(|c| c.is_ascii_hexdigit()))
}

/// Check every prelude option.
/// `plus`: the game is PuzzleScript Plus/Next ([`crate::dialect::needed`]).
pub fn check(ast: &Ast, source: &str, plus: bool, out: &mut Vec<Diagnostic>) {
    // Options given a value so far and the line of the latest (few, so a
    // list beats a map).
    let mut seen: Vec<(&str, u32)> = Vec::new();
    // (`plus`: PuzzleScript Plus and Next ignore an option they do not know,
    // with a warning, where the classic reference refuses it.)
    for p in &ast.prelude {
        let key = p.key.text.as_str();
        let option = PreludeOption::from_keyword(key);
        if option == Some(PreludeOption::CustomFont) {
            out.push(cat::custom_font_not_loaded(p.span));
        }
        if option == Some(PreludeOption::TweenLength) && has_late_rules(ast) {
            out.push(cat::tween_with_late_rules(p.span));
        }
        if let Some(o) = option {
            match o.support() {
                Support::Full => {}
                Support::Cosmetic => out.push(cat::option_not_shown(p.span, key, o.dialect().name())),
                Support::Inert => {
                    out.push(cat::option_inert(p.span, key));
                    continue;
                }
            }
        }
        if option.is_some_and(PreludeOption::takes_value) {
            if option == Some(PreludeOption::Youtube) {
                out.push(cat::youtube_unsupported(p.span));
            }
            let Some(v) = &p.value else {
                if !option.is_some_and(PreludeOption::value_optional) {
                    out.push(cat::option_needs_value(p.span, key));
                }
                continue;
            };
            match seen.iter_mut().find(|(k, _)| *k == key) {
                Some((_, line)) => {
                    out.push(cat::option_repeated(p.span, key, *line));
                    *line = p.span.line;
                }
                None => seen.push((key, p.span.line)),
            }
            if let Some(vs) = p.value_span {
                let after = source.get(vs.end..p.span.end).unwrap_or("");
                if after.contains('(') && after.rsplit(')').next().is_some_and(|t| !t.trim().is_empty()) {
                    out.push(cat::comment_in_option(p.span));
                }
            }
            // The value in lower case, made only for the options whose value
            // is checked.
            let lv = || v.to_lowercase();
            match option {
                Some(PreludeOption::LoadImages) => {
                    for arg in crate::images::args(v) {
                        match arg {
                            crate::images::Arg::Bad(word) => out.push(cat::image_arg_bad(p.span, word)),
                            crate::images::Arg::Pair(name, src) => {
                                if let crate::images::Source::Web(url) = crate::images::Source::of(src) {
                                    out.push(cat::image_on_the_web(p.span, name, url));
                                }
                            }
                        }
                    }
                }
                Some(PreludeOption::Flickscreen | PreludeOption::Zoomscreen) if !dims_ok(&lv()) => {
                    out.push(cat::bad_dimensions(p.span, key, v));
                }
                Some(PreludeOption::Smoothscreen) if crate::options::parse_smoothscreen(v).is_none() => {
                    out.push(cat::bad_smoothscreen(p.span, v));
                }
                // PuzzleScript Next: a palette followed by colours changed
                // (`color_palette amstrad red #f00`).
                Some(PreludeOption::ColorPalette) if plus => match crate::palette::palette_with_changes(v) {
                    None => out.push(cat::unknown_palette(p.span, v)),
                    Some((_, bad)) => {
                        for word in bad {
                            out.push(cat::bad_option_colour(p.span, key, &word));
                        }
                    }
                },
                Some(PreludeOption::ColorPalette) if crate::palette::palette(&lv()).is_none() => {
                    out.push(cat::unknown_palette(p.span, v));
                }
                Some(
                    PreludeOption::BackgroundColor
                    | PreludeOption::TextColor
                    | PreludeOption::AuthorColor
                    | PreludeOption::TitleColor
                    | PreludeOption::KeyhintColor,
                ) if !option_colour_ok(&lv()) => {
                    out.push(cat::bad_option_colour(p.span, key, v));
                }
                Some(PreludeOption::TweenEasing) if crate::tween::Easing::parse(v).is_none() => {
                    out.push(cat::bad_tween_easing(p.span, v));
                }
                Some(PreludeOption::SpriteSize) if crate::options::parse_sprite_size(v).is_none() => {
                    out.push(cat::bad_sprite_size(p.span, v));
                }
                Some(
                    PreludeOption::LevelSelectUnlockedAhead
                    | PreludeOption::LevelSelectUnlockedRollover
                    | PreludeOption::TweenLength
                    | PreludeOption::AnimateInterval
                    | PreludeOption::TweenSnap
                    | PreludeOption::FontSize,
                ) if v.trim().parse::<f64>().is_err() => {
                    out.push(cat::option_needs_number(p.span, key, v));
                }
                _ => {}
            }
        } else if option.is_some() {
            if let Some(v) = &p.value {
                out.push(cat::option_takes_no_value(p.span, key, v));
            }
        } else if plus {
            out.push(cat::unknown_option_ignored(p.span, key));
        } else {
            out.push(cat::unknown_option(p.span, key));
        }
    }
    title_screen(ast, out);
    level_select(ast, out);
}

/// The level select options that only mean something together.
fn level_select(ast: &Ast, out: &mut Vec<Diagnostic>) {
    let line = |o: PreludeOption| ast.prelude.iter().find(|p| p.key.text == o.keyword());
    let select = line(PreludeOption::LevelSelect);
    let lock = line(PreludeOption::LevelSelectLock);
    let ahead = line(PreludeOption::LevelSelectUnlockedAhead);
    let rollover = line(PreludeOption::LevelSelectUnlockedRollover);
    if let (Some(_), Some(r)) = (ahead, rollover) {
        out.push(cat::unlock_rules_conflict(r.span));
    }
    if select.is_none() {
        let needs = [
            PreludeOption::LevelSelectLock,
            PreludeOption::LevelSelectUnlockedAhead,
            PreludeOption::LevelSelectUnlockedRollover,
            PreludeOption::ContinueIsLevelSelect,
            PreludeOption::LevelSelectSolveSymbol,
        ];
        if let Some(p) = needs.into_iter().find_map(line) {
            out.push(cat::level_select_missing(p.span, &p.key.text));
        }
    }
    if lock.is_none()
        && let Some(p) = ahead.or(rollover)
    {
        out.push(cat::unlock_without_lock(p.span, &p.key.text));
    }
    if let Some(p) = select
        && ast.level_sections.is_empty()
    {
        out.push(cat::level_select_no_sections(p.span));
    }
}

/// Rows of the title screen that the title and the author share.
const TITLE_ROWS: usize = 5;

/// Warn when the title screen has to cut the title or the author short.
///
/// The screen is 34 characters wide; the title and `by AUTHOR` are wrapped
/// to it and share five rows, plus one when `noaction` is set and one when
/// both `noundo` and `norestart` are (the control lines they free), but no
/// more than six in all. When they do not fit, the author loses lines first
/// (down to one), then the title. The last `title` and `author` lines are
/// the ones shown. (The reference also gives characters its font lacks
/// double width; we count every character once.)
fn title_screen(ast: &Ast, out: &mut Vec<Diagnostic>) {
    if ast.levels.is_empty() {
        return; // no title screen is drawn
    }
    let last = |o: PreludeOption| ast.prelude.iter().rev().find(|p| p.key.text == o.keyword() && p.value.is_some());
    let has = |o: PreludeOption| ast.prelude.iter().any(|p| p.key.text == o.keyword());
    let width = crate::wrap::MESSAGE_COLUMNS;
    let title = last(PreludeOption::Title);
    let author = last(PreludeOption::Author);
    let title_rows =
        crate::wrap::wrap_count(title.and_then(|p| p.value.as_deref()).unwrap_or("PuzzleScript Game"), width);
    let author_rows =
        author.and_then(|p| p.value.as_deref()).map_or(0, |a| crate::wrap::wrap_count(&format!("by {a}"), width));
    let freed = usize::from(has(PreludeOption::Noaction))
        + usize::from(has(PreludeOption::Noundo) && has(PreludeOption::Norestart));
    let rows = TITLE_ROWS + freed.min(1);
    let excess = (title_rows + author_rows).saturating_sub(rows);
    if excess == 0 {
        return;
    }
    if let Some(a) = author
        && author_rows > 1
    {
        out.push(cat::long_author(a.span));
    }
    if excess > author_rows.saturating_sub(1)
        && let Some(t) = title
    {
        out.push(cat::long_title(t.span));
    }
}

/// Whether any rule of `ast` is a `late` rule.
fn has_late_rules(ast: &Ast) -> bool {
    ast.rules.iter().any(|def| {
        matches!(&def.kind, crate::syntax::ast::RuleLineKind::Rule(rule)
        if rule.prefixes.iter().any(|p| {
            crate::syntax::keywords::RulePrefix::parse(&p.text) == Some(crate::syntax::keywords::RulePrefix::Late)
        }))
    })
}

#[cfg(test)]
mod tests {
    /// The codes of the diagnostics of a small game with `prelude`.
    fn codes(prelude: &str) -> Vec<&'static str> {
        let src = format!(
            "title T\n{prelude}\nOBJECTS\nBackground\nblack\nPlayer\nwhite\nLEGEND\n. = Background\nP = Player\n\
             SOUNDS\nCOLLISIONLAYERS\nBackground\nPlayer\nRULES\nWINCONDITIONS\nLEVELS\nP.\n"
        );
        crate::build(&src).diagnostics.iter().map(|d| d.code).collect()
    }

    #[test]
    fn a_next_palette_may_change_colours_and_a_classic_one_may_not() {
        assert!(codes("sprite_size 5\ncolor_palette amstrad lightgreen #6F8E44 red blue").is_empty());
        assert_eq!(codes("sprite_size 5\ncolor_palette amstrad nosuch #fff red"), ["E0116", "E0116"]);
        assert_eq!(codes("sprite_size 5\ncolor_palette nosuch red #fff"), ["E0117"]);
        assert_eq!(codes("color_palette amstrad lightgreen #6F8E44"), ["E0117"], "classic: one palette name");
        assert!(codes("color_palette amstrad").is_empty());
    }
}
