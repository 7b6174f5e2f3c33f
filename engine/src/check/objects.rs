//! Objects: colour count, sprite shape and colour indices.

use crate::diag::Diagnostic;
use crate::diag::catalogue as cat;
use crate::syntax::ast::Ast;

/// Check every object definition.
pub fn check(ast: &Ast, out: &mut Vec<Diagnostic>) {
    // A game that sets a PuzzleScript Plus/Next option is read as those
    // dialects read sprites: any size, up to 36 colours (letters past 9).
    let plus = ast.sets_plus_option();
    for (k, o) in ast.objects.iter().enumerate() {
        let n = &o.name.text;
        if let Some(source) = &o.copy_from {
            let before = |(i, x): (usize, &crate::syntax::ast::ObjectDef)| {
                x.name.text == source.text && (i < k || x.name.span.start <= o.name.span.start)
            };
            if !ast.objects.iter().any(|x| x.name.text == source.text) {
                out.push(cat::copy_source_missing(source.span, n, &source.text));
            } else if !ast.objects.iter().enumerate().any(before) {
                // PuzzleScript Next copies when the object's definition
                // ends: from an object defined before it only, or made
                // from the same tagged definition (Next makes all of those
                // before it copies). An object written again keeps the
                // place of the one made from tags that it replaces, so
                // either its place or where it is written may come first.
                out.push(cat::copy_source_later(o.name.span, n, &source.text));
            }
        }
        for t in &o.transforms {
            use crate::syntax::transform::{Problem, parse};
            match parse(&t.text) {
                Ok(_) => {}
                Err(Problem::Unsupported(word)) => out.push(cat::sprite_transform_unsupported(t.span, &word)),
                Err(Problem::BadArgument(wants)) => out.push(cat::sprite_transform_bad(t.span, &t.text, wants)),
            }
        }
        let max = if plus { 36 } else { 10 };
        if o.colors.len() > max {
            out.push(cat::too_many_colours(o.colors_span.unwrap_or(o.name.span), max));
        }
        if let Some(scale) = &o.scale
            && !scale.text.parse::<f64>().is_ok_and(|v| v.is_finite() && v > 0.0)
        {
            out.push(cat::scale_not_a_number(scale.span, n, &scale.text));
        }
        if let Some(canvas) = &o.canvas {
            for line in &canvas.lines {
                match crate::canvas::parse_line(&line.text) {
                    Err(at) => {
                        let bad = &line.text[at..];
                        out.push(cat::canvas_json_bad(line.span, n, bad.split_whitespace().next().unwrap_or(bad)));
                    }
                    Ok(instrs) => {
                        for name in instrs.iter().filter_map(crate::canvas::Instr::image_name) {
                            let loaded = crate::images::names(ast);
                            if !loaded.iter().any(|l| l.eq_ignore_ascii_case(name)) {
                                out.push(cat::draw_image_unknown(line.span, n, name));
                            }
                        }
                    }
                }
            }
        }
        // A canvas sprite draws with its own colours.
        if o.colors.is_empty() && o.canvas.is_none() {
            out.push(cat::no_colours(o.name.span, n));
        }
        if !plus && !o.sprite_rows.is_empty() && (o.sprite_rows.len() != 5 || o.sprite.iter().any(|r| r.len() < 5)) {
            out.push(cat::sprite_not_5x5(o.name.span, n));
        }
        for (row, px) in o.sprite_rows.iter().zip(&o.sprite) {
            if let Some(bad) = px.iter().flatten().find(|&&i| usize::from(i) >= o.colors.len()) {
                out.push(cat::sprite_colour_missing(row.span, n, *bad, o.colors.len()));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    /// PuzzleScript Next copies a sprite when its object's definition
    /// ends, so `copy:` names an object defined before (its Sorting of
    /// Sorts copies from a later one and is refused): E0217 on the
    /// copying object's line; a copy from an earlier object builds.
    #[test]
    fn copy_from_an_object_defined_later_is_an_error() {
        let game = |objects: &str| {
            format!(
                "title copies\nsprite_size 3\n\nOBJECTS\nBackground\nblack\nPlayer\ngreen\n{objects}\n\
                LEGEND\n. = Background\nP = Player\n\nSOUNDS\n\nCOLLISIONLAYERS\nBackground\nPlayer, Early, Late\n\n\
                RULES\n\nWINCONDITIONS\n\nLEVELS\nP.\n"
            )
        };
        let later = crate::build(&game("Late copy:Early\nred\n\nEarly\nblue\n.0.\n000\n.0.\n"));
        let errors: Vec<(String, u32)> = later
            .diagnostics
            .iter()
            .filter(|d| d.severity == crate::diag::Severity::Error)
            .map(|d| (d.code.to_string(), d.span.line))
            .collect();
        assert_eq!(errors, [("E0217".to_owned(), 9)], "{:?}", later.diagnostics);
        let earlier = crate::build(&game("Early\nblue\n.0.\n000\n.0.\n\nLate copy:Early\nred\n"));
        assert!(!crate::diag::has_errors(&earlier.diagnostics), "{:?}", earlier.diagnostics);
        assert!(earlier.game.is_some());
    }
}
