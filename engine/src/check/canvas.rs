//! PuzzleScript Next's canvas sprites: an instruction our painter does not
//! draw is named (once per object, all of them in one warning), and an
//! `!include` that names no object is reported. A line that is not JSON
//! is `objects`' concern.

use crate::diag::Diagnostic;
use crate::diag::catalogue as cat;
use crate::syntax::ast::Ast;

/// Check every canvas object's instructions.
pub fn check(ast: &Ast, out: &mut Vec<Diagnostic>) {
    for o in &ast.objects {
        let Some(canvas) = &o.canvas else { continue };
        let n = &o.name.text;
        let mut skipped: Vec<String> = Vec::new();
        let mut first = None;
        for line in &canvas.lines {
            let Ok(instrs) = crate::canvas::parse_line(&line.text) else { continue };
            for i in instrs {
                let key = i.key.as_str();
                if key == "!include" {
                    let name = match &i.value {
                        crate::canvas::Value::Str(name) => name.as_str(),
                        _ => "",
                    };
                    if !ast.objects.iter().any(|x| x.name.text.to_lowercase() == name.to_lowercase()) {
                        out.push(cat::canvas_include_missing(line.span, n, name));
                    }
                } else if !crate::canvas::DRAWN.contains(&key)
                    && !crate::canvas_text::KEYS.contains(&key)
                    && !skipped.iter().any(|s| s == key)
                {
                    first.get_or_insert(line.span);
                    skipped.push(key.to_owned());
                }
            }
        }
        if let Some(span) = first {
            out.push(cat::canvas_not_drawn(span, n, &skipped));
        }
    }
}

#[cfg(test)]
mod tests {
    fn warnings(objects: &str) -> Vec<(String, u32, String)> {
        let src = format!(
            "title canvases\nsprite_size 5\n\nOBJECTS\nBackground\nblack\nPlayer\ngreen\n{objects}\n\
             LEGEND\n. = Background\nP = Player\n\nSOUNDS\n\nCOLLISIONLAYERS\nBackground\nPlayer\nA, B\n\n\
             RULES\n\nWINCONDITIONS\n\nLEVELS\nP.\n"
        );
        let b = crate::build(&src);
        assert!(b.game.is_some(), "{:?}", b.diagnostics);
        b.diagnostics
            .iter()
            .filter(|d| d.code.starts_with("W02"))
            .map(|d| (d.code.to_string(), d.span.line, d.message.clone()))
            .collect()
    }

    /// One warning per object names every instruction it skips, on the
    /// line of the first; what we draw (text too) is not named.
    #[test]
    fn skipped_instructions_are_named_once_per_object() {
        let got = warnings(
            "A canvas:\n{\"fillText\":[\"A\",0.5,0.8]} {\"font\":\"1px serif\"}\n\
             {\"setLineDash\":[[0.1]]} {\"closepath\":[]}\n{\"setLineDash\":[[0.2]]} {\"shadowBlur\":2}\n\n\
             B canvas:\n{\"!include\":\"a\"} {\"fill\":[]}\n",
        );
        assert_eq!(got.len(), 1, "{got:?}");
        assert_eq!((got[0].0.as_str(), got[0].1), ("W0219", 11));
        for word in ["setLineDash", "closepath", "shadowBlur"] {
            assert_eq!(got[0].2.matches(word).count(), 1, "{word} once in {}", got[0].2);
        }
        assert!(!got[0].2.contains("fillText") && !got[0].2.contains("font"), "{}", got[0].2);
    }

    /// An include of an object that is not there (in any case) is named.
    #[test]
    fn an_include_of_no_object_is_named() {
        let got = warnings("A canvas:\n{\"fill\":[]}\n\nB canvas:\n{\"!include\":\"A\"}\n{\"!include\":\"nothing\"}\n");
        assert_eq!(got.len(), 1, "{got:?}");
        assert_eq!((got[0].0.as_str(), got[0].1), ("W0220", 14));
        assert!(got[0].2.contains("nothing"), "{}", got[0].2);
    }
}
