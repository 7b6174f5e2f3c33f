//! Which dialect a game is written in: classic PuzzleScript, PuzzleScript
//! Plus or PuzzleScript Next, and the first line that needs it. Read from
//! the syntax tree alone, so `check`, the studio and exports all say the
//! same. A classic game needs nothing and is checked exactly as before.

use crate::options::{Dialect, PreludeOption};
use crate::syntax::ast::Ast;
use crate::syntax::keywords::LevelWord;

/// The dialect a game needs and where it first needs it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DialectNeed {
    /// The newest dialect the game uses.
    pub dialect: Dialect,
    /// The first line (from 1) that uses a word of that dialect.
    pub line: u32,
    /// What on that line needs it, for a person (`sprite_size`, `section`).
    pub what: String,
}

/// One use of a word of a dialect: dialect, line, what.
type Use = (Dialect, u32, String);

/// The dialect `ast` needs, or `None` for a classic game.
#[must_use]
pub fn needed(ast: &Ast) -> Option<DialectNeed> {
    let mut uses: Vec<Use> = Vec::new();
    for p in &ast.prelude {
        if let Some(o) = PreludeOption::from_keyword(&p.key.text)
            && o.dialect() > Dialect::Classic
        {
            uses.push((o.dialect(), p.span.line, format!("the option `{}`", o.keyword())));
        }
    }
    if let Some(c) = &ast.slash_comments {
        uses.push((Dialect::Next, c.line, "a `//` comment".to_owned()));
    }
    for s in &ast.level_sections {
        uses.push((Dialect::Plus, s.span.line, "a `section` line in LEVELS".to_owned()));
    }
    for n in &ast.level_names {
        uses.push((Dialect::Next, n.span.line, "a `level` name line in LEVELS".to_owned()));
    }
    for v in &ast.level_verbs {
        let d = LevelWord::parse(&v.text).map_or(Dialect::Next, LevelWord::dialect);
        uses.push((d, v.span.line, format!("a `{}` line in LEVELS", v.text)));
    }
    for def in &ast.rules {
        let crate::syntax::ast::RuleLineKind::Rule(rule) = &def.kind else { continue };
        if let Some(p) = rule.prefixes.iter().find(|p| p.text == "once") {
            uses.push((Dialect::Next, p.span.line, "the rule prefix `once`".to_owned()));
        }
        for c in &rule.commands {
            let d = match c.name.text.as_str() {
                "goto" => Dialect::Plus,
                "link" | "log" => Dialect::Next,
                _ => continue,
            };
            uses.push((d, c.name.span.line, format!("the rule command `{}`", c.name.text)));
        }
    }
    for s in &ast.sounds {
        if let Some(w) = s.words.iter().find(|w| crate::syntax::keywords::AfxWord::is_afx(&w.text)) {
            uses.push((Dialect::Next, w.span.line, "an `afx:` animation in SOUNDS".to_owned()));
        }
        if let Some(w) = s.words.iter().find(|w| crate::sfx::SoundSeed::parse(&w.text).is_some_and(|s| s.has_volume()))
        {
            uses.push((Dialect::Plus, w.span.line, "a sound seed with a volume (`seed:tenths`)".to_owned()));
        }
    }
    for o in &ast.objects {
        if let Some(c) = &o.copy_from {
            uses.push((Dialect::Plus, c.span.line, "a sprite copied with `copy:`".to_owned()));
        }
        for t in &o.transforms {
            uses.push((Dialect::Next, t.span.line, format!("the sprite transform `{}`", t.text)));
        }
        if let Some(t) = &o.text {
            uses.push((Dialect::Next, t.span.line, "a text sprite (`text:`)".to_owned()));
        }
        if let Some(c) = &o.canvas {
            uses.push((Dialect::Next, c.span.line, "a canvas sprite (`canvas:`)".to_owned()));
        }
        for c in &o.colors {
            let hex = c.text.strip_prefix('#').map_or(0, str::len);
            if hex == 4 || hex == 8 {
                uses.push((Dialect::Plus, c.span.line, format!("the colour {} (with opacity)", c.text)));
            }
        }
        for r in &o.sprite_rows {
            if r.text.bytes().any(|b| b.is_ascii_alphabetic()) {
                uses.push((Dialect::Next, r.span.line, "a sprite pixel coloured by a letter".to_owned()));
            }
        }
    }
    let dialect = uses.iter().map(|u| u.0).max()?;
    let (_, line, what) = uses.into_iter().filter(|u| u.0 == dialect).min_by_key(|u| u.1)?;
    Some(DialectNeed { dialect, line, what })
}

#[cfg(test)]
mod tests {
    use super::{Dialect, needed};

    fn game(prelude: &str, levels: &str) -> String {
        format!(
            "title T\n{prelude}\nOBJECTS\nBackground\nblack\nPlayer\nwhite\nLEGEND\n. = Background\nP = Player\nSOUNDS\nCOLLISIONLAYERS\nBackground\nPlayer\nRULES\nWINCONDITIONS\nLEVELS\n{levels}\n"
        )
    }

    #[test]
    fn a_classic_game_needs_nothing() {
        let b = crate::build(&game("noundo", "P."));
        assert_eq!(needed(&b.ast), None);
    }

    #[test]
    fn the_newest_dialect_and_its_first_line() {
        let b = crate::build(&game("level_select\nsprite_size 5", "section One\nP.\nlevel Two\n.P"));
        let need = needed(&b.ast).expect("a Next game");
        assert_eq!(need.dialect, Dialect::Next);
        assert!(need.what.contains("`level`"), "{need:?}");
        assert_eq!(need.line, 21);
        let b = crate::build(&game("level_select\nsprite_size 5", "section One\nP."));
        let need = needed(&b.ast).expect("a Plus game");
        assert_eq!((need.dialect, need.line), (Dialect::Plus, 2));
        assert_eq!(need.what, "the option `level_select`");
    }
}
