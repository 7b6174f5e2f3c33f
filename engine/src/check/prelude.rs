//! Prelude options: known keys, values where needed, dimensions, palettes.

use crate::diag::catalogue as cat;
use crate::diag::Diagnostic;
use crate::fasthash::HashMap;
use crate::options::PreludeOption;
use crate::syntax::ast::Ast;

fn dims_ok(v: &str) -> bool {
    let parts: Vec<&str> = v.split('x').collect();
    parts.len() == 2 && parts.iter().all(|p| p.trim().parse::<i64>().is_ok_and(|n| n > 0) && !p.contains(' '))
}

/// A colour the prelude accepts: a colour name, `#rgb`/`#rrggbb`, or
/// `transparent`.
fn option_colour_ok(v: &str) -> bool {
    let v = v.trim();
    if v == "transparent" || crate::render::is_color_name(v) {
        return true;
    }
    v.strip_prefix('#').is_some_and(|h| (h.len() == 3 || h.len() == 6) && h.chars().all(|c| c.is_ascii_hexdigit()))
}

/// Check every prelude option.
pub fn check(ast: &Ast, source: &str, out: &mut Vec<Diagnostic>) {
    let mut seen: HashMap<&str, u32> = HashMap::default();
    for p in &ast.prelude {
        let key = p.key.text.as_str();
        let option = PreludeOption::from_keyword(key);
        if option.is_some_and(PreludeOption::takes_value) {
            if option == Some(PreludeOption::Youtube) {
                out.push(cat::youtube_unsupported(p.span));
            }
            let Some(v) = &p.value else {
                out.push(cat::option_needs_value(p.span, key));
                continue;
            };
            if let Some(first) = seen.get(key) {
                out.push(cat::option_repeated(p.span, key, *first));
            }
            seen.insert(key, p.span.line);
            if let Some(vs) = p.value_span {
                let after = source.get(vs.end..p.span.end).unwrap_or("");
                if after.contains('(') && after.rsplit(')').next().is_some_and(|t| !t.trim().is_empty()) {
                    out.push(cat::comment_in_option(p.span));
                }
            }
            let lv = v.to_lowercase();
            match option {
                Some(PreludeOption::Flickscreen | PreludeOption::Zoomscreen) if !dims_ok(&lv) => {
                    out.push(cat::bad_dimensions(p.span, key, v));
                }
                Some(PreludeOption::ColorPalette) if crate::render::palette(&lv).is_none() => {
                    out.push(cat::unknown_palette(p.span, v));
                }
                Some(PreludeOption::Title) if v.chars().count() > 38 => out.push(cat::long_title(p.span)),
                Some(PreludeOption::BackgroundColor | PreludeOption::TextColor) if !option_colour_ok(&lv) => {
                    out.push(cat::bad_option_colour(p.span, key, v));
                }
                _ => {}
            }
        } else if option.is_some() {
            if let Some(v) = &p.value {
                out.push(cat::option_takes_no_value(p.span, key, v));
            }
        } else {
            out.push(cat::unknown_option(p.span, key));
        }
    }
}
