//! A throwaway parser used only by this module's tests, so the back end can
//! be measured before the real parser lands. Not part of the engine.

use crate::span::Span;
use crate::syntax::ast::*;

fn id(t: &str, line: u32) -> Ident {
    Ident { text: t.to_lowercase(), span: Span::new(0, 0, line, 1) }
}

fn strip_comments(src: &str) -> Vec<String> {
    let mut depth = 0;
    let mut lines = Vec::new();
    for line in src.split('\n') {
        let mut out = String::new();
        for ch in line.chars() {
            if ch == '(' {
                depth += 1;
            } else if ch == ')' && depth > 0 {
                depth -= 1;
            } else if depth == 0 {
                out.push(ch);
            }
        }
        lines.push(out.trim_end_matches('\r').to_owned());
    }
    lines
}

const MODS: &[&str] = &[
    "no", ">", "<", "^", "v", "up", "down", "left", "right", "moving", "stationary", "action", "randomdir",
    "random", "perpendicular", "parallel", "orthogonal", "horizontal", "vertical",
];

fn parse_rule(raw: &str, line: u32) -> RuleLineKind {
    let lower = raw.to_lowercase();
    let t = lower.trim();
    if t == "startloop" {
        return RuleLineKind::StartLoop;
    }
    if t == "endloop" {
        return RuleLineKind::EndLoop;
    }
    let spaced = lower.replace('[', " [ ").replace(']', " ] ").replace('|', " | ").replace("->", " -> ");
    let toks: Vec<&str> = spaced.split_whitespace().collect();
    let mut rule = Rule {
        plus: None,
        prefixes: vec![],
        lhs: vec![],
        rhs: vec![],
        commands: vec![],
        arrow: None,
    };
    let sp = Span::new(0, 0, line, 1);
    let mut i = 0;
    while i < toks.len() && toks[i] != "[" {
        if toks[i] == "+" {
            rule.plus = Some(sp);
        } else {
            rule.prefixes.push(id(toks[i], line));
        }
        i += 1;
    }
    let mut rhs = false;
    while i < toks.len() {
        match toks[i] {
            "[" => {
                let mut cells = vec![];
                let mut items: Vec<CellItem> = vec![];
                let mut mods: Vec<Ident> = vec![];
                let mut ell = false;
                i += 1;
                while i < toks.len() && toks[i] != "]" {
                    match toks[i] {
                        "|" => {
                            cells.push(if ell { Cell::Ellipsis(sp) } else { Cell::Items(std::mem::take(&mut items), sp) });
                            ell = false;
                        }
                        "..." => ell = true,
                        w if MODS.contains(&w) => mods.push(id(w, line)),
                        w => items.push(CellItem { modifiers: std::mem::take(&mut mods), name: id(w, line) }),
                    }
                    i += 1;
                }
                cells.push(if ell { Cell::Ellipsis(sp) } else { Cell::Items(std::mem::take(&mut items), sp) });
                let row = CellRow { cells, span: sp };
                if rhs { rule.rhs.push(row) } else { rule.lhs.push(row) }
                i += 1;
            }
            "->" => {
                rhs = true;
                rule.arrow = Some(sp);
                i += 1;
            }
            "message" => {
                let pos = lower.find("message").map_or(raw.len(), |p| p + 7);
                let arg = raw.get(pos..).unwrap_or("").trim().to_owned();
                rule.commands.push(RuleCommand { name: id("message", line), argument: Some(arg) });
                break;
            }
            w => {
                rule.commands.push(RuleCommand { name: id(w, line), argument: None });
                i += 1;
            }
        }
    }
    RuleLineKind::Rule(rule)
}

/// Parse `src` into an `Ast` (good enough for well-formed games).
pub(crate) fn parse(src: &str) -> Ast {
    let mut ast = Ast::default();
    let lines = strip_comments(src);
    let mut section = Section::Prelude;
    let mut obj_stage = 0; // 0 expect name, 1 colors, 2 sprite
    let mut level: Option<LevelMap> = None;
    for (ln, raw) in lines.iter().enumerate() {
        let line = (ln + 1) as u32;
        let sp = Span::new(0, 0, line, 1);
        let t = raw.trim();
        let lower = t.to_lowercase();
        let sec = match lower.as_str() {
            "objects" => Some(Section::Objects),
            "legend" => Some(Section::Legend),
            "sounds" => Some(Section::Sounds),
            "collisionlayers" => Some(Section::CollisionLayers),
            "rules" => Some(Section::Rules),
            "winconditions" => Some(Section::WinConditions),
            "levels" => Some(Section::Levels),
            _ => None,
        };
        if let Some(s) = sec {
            section = s;
            obj_stage = 0;
            continue;
        }
        if !t.is_empty() && t.chars().all(|c| c == '=') {
            continue;
        }
        match section {
            Section::Prelude => {
                if t.is_empty() {
                    continue;
                }
                let (k, v) = match t.split_once(char::is_whitespace) {
                    Some((k, v)) => (k, Some(v.trim().to_owned())),
                    None => (t, None),
                };
                ast.prelude.push(PreludeOption { key: id(k, line), value: v, value_span: None, span: sp });
            }
            Section::Objects => {
                if t.is_empty() {
                    obj_stage = 0;
                    continue;
                }
                if obj_stage == 2 && t.chars().all(|c| c == '.' || c.is_ascii_digit()) {
                    if let Some(o) = ast.objects.last_mut() {
                        o.sprite.push(t.chars().map(|c| c.to_digit(10).map(|d| d as u8)).collect());
                        o.sprite_rows.push(id(t, line));
                    }
                    continue;
                }
                if obj_stage == 1 {
                    if let Some(o) = ast.objects.last_mut() {
                        o.colors = t.split_whitespace().map(|w| id(w, line)).collect();
                    }
                    obj_stage = 2;
                    continue;
                }
                let mut words = t.split_whitespace();
                let name = words.next().unwrap_or("");
                ast.objects.push(ObjectDef {
                    name: id(name, line),
                    extra_names: words.map(|w| id(w, line)).collect(),
                    colors: vec![],
                    colors_span: None,
                    sprite_rows: vec![],
                    sprite: vec![],
                    span: sp,
                });
                obj_stage = 1;
            }
            Section::Legend => {
                let Some((a, b)) = t.split_once('=') else { continue };
                let words: Vec<&str> = b.split_whitespace().collect();
                let kind = if words.iter().any(|w| w.eq_ignore_ascii_case("and")) {
                    LegendKind::And
                } else if words.iter().any(|w| w.eq_ignore_ascii_case("or")) {
                    LegendKind::Or
                } else {
                    LegendKind::Alias
                };
                let items = words
                    .iter()
                    .filter(|w| !w.eq_ignore_ascii_case("and") && !w.eq_ignore_ascii_case("or"))
                    .map(|w| id(w, line))
                    .collect();
                ast.legend.push(LegendDef { name: id(a.trim(), line), kind, items, span: sp });
            }
            Section::Sounds => {
                if t.is_empty() {
                    continue;
                }
                ast.sounds.push(SoundDef { words: t.split_whitespace().map(|w| id(w, line)).collect(), span: sp });
            }
            Section::CollisionLayers => {
                if t.is_empty() {
                    continue;
                }
                let names = t.split(|c: char| c == ',' || c.is_whitespace()).filter(|w| !w.is_empty()).map(|w| id(w, line)).collect();
                ast.layers.push(LayerDef { names, span: sp });
            }
            Section::Rules => {
                if t.is_empty() {
                    continue;
                }
                ast.rules.push(RuleDef { kind: parse_rule(t, line), span: sp });
            }
            Section::WinConditions => {
                if t.is_empty() {
                    continue;
                }
                ast.win_conditions.push(WinConditionDef { words: t.split_whitespace().map(|w| id(w, line)).collect(), span: sp });
            }
            Section::Levels => {
                if t.is_empty() {
                    if let Some(l) = level.take() {
                        ast.levels.push(LevelEntry::Map(l));
                    }
                    continue;
                }
                if lower.starts_with("message") {
                    if let Some(l) = level.take() {
                        ast.levels.push(LevelEntry::Map(l));
                    }
                    ast.levels.push(LevelEntry::Message { text: t[7..].trim().to_owned(), span: sp });
                    continue;
                }
                let l = level.get_or_insert_with(|| LevelMap { rows: vec![], row_spans: vec![], span: sp });
                l.rows.push(lower.chars().collect());
                l.row_spans.push(sp);
            }
        }
    }
    if let Some(l) = level.take() {
        ast.levels.push(LevelEntry::Map(l));
    }
    ast
}

#[cfg(test)]
mod tests {
    use crate::run::{Event, Input, Session};
    use std::sync::Arc;

    /// Run the conformance play sessions with the throwaway parser:
    /// `CONF=/work/shared/conformance/simulation.json cargo test -p engine conformance_probe -- --ignored --nocapture`
    #[test]
    #[ignore = "needs the shared conformance data"]
    fn conformance_probe() {
        let path = std::env::var("CONF").unwrap_or_else(|_| "/work/shared/conformance/simulation.json".into());
        let text = std::fs::read_to_string(&path).expect("data");
        let cases: Vec<serde_json::Value> = serde_json::from_str(&text).expect("json");
        let only: Option<usize> = std::env::var("ONLY").ok().and_then(|s| s.parse().ok());
        let (mut pass, mut fail) = (0, 0);
        for (ci, case) in cases.iter().enumerate() {
            if only.is_some_and(|o| o != ci) {
                continue;
            }
            let src = case["source"].as_str().unwrap_or_default();
            let t0 = std::time::Instant::now();
            let ast = if std::env::var("USE_BUILD").is_ok() { crate::syntax::parse(src).0 } else { super::parse(src) };
            let (game, diags) = super::super::compile(&ast, src);
            let ct = t0.elapsed().as_millis();
            let Some(game) = game else {
                fail += 1;
                println!("FAIL {ci} {} (compile: {:?})", case["name"], diags.first().map(|d| &d.message));
                continue;
            };
            let seed = match &case["seed"] {
                serde_json::Value::Null => None,
                serde_json::Value::String(s) => Some(s.clone()),
                v => Some(v.to_string()),
            };
            let game_rules: usize = game.rules.groups.iter().chain(game.late_rules.groups.iter()).map(Vec::len).sum();
            let mut s = Session::new(Arc::new(game), case["level"].as_u64().unwrap_or(0) as usize, seed.as_deref());
            let mut sounds = vec![];
            let drain = |s: &mut Session, sounds: &mut Vec<String>| {
                let mut n = 0;
                while s.again_pending() && n < 10000 {
                    s.run_again();
                    n += 1;
                }
                for e in s.take_events() {
                    if let Event::Sound(x) = e {
                        sounds.push(x);
                    }
                }
            };
            drain(&mut s, &mut sounds);
            for inp in case["inputs"].as_array().cloned().unwrap_or_default() {
                match inp.clone() {
                    serde_json::Value::String(x) if x == "undo" => s.undo(),
                    serde_json::Value::String(x) if x == "restart" => s.restart(),
                    serde_json::Value::String(_) => s.tick(),
                    v => s.input(match v.as_u64() {
                        Some(0) => Input::Up,
                        Some(1) => Input::Left,
                        Some(2) => Input::Down,
                        Some(3) => Input::Right,
                        _ => Input::Action,
                    }),
                }
                drain(&mut s, &mut sounds);
                if std::env::var("VERBOSE").is_ok() {
                    println!("after {inp}: level {}\n{}", s.level_index(), s.dump());
                }
            }
            let want_sounds: Option<Vec<String>> = case["sounds"]
                .as_array()
                .map(|a| a.iter().map(|v| v.as_str().map_or_else(|| v.to_string(), str::to_owned)).collect());
            let el = t0.elapsed().as_millis();
            if el > 50 {
                println!("SLOW {ci} {el}ms (compile {ct}ms) rules {} inputs {}", game_rules, case["inputs"].as_array().map_or(0, Vec::len));
            }
            let ok_level = s.dump() == case["expected"].as_str().unwrap_or_default();
            let ok_sounds = want_sounds.as_ref().is_none_or(|w| *w == sounds);
            if ok_level && ok_sounds {
                pass += 1;
            } else {
                fail += 1;
                println!("FAIL {ci} {} level_ok={ok_level} sounds_ok={ok_sounds}", case["name"]);
                if only.is_some() {
                    println!("expected:\n{}\nactual:\n{}", case["expected"].as_str().unwrap_or_default(), s.dump());
                    println!("sounds want {want_sounds:?}\n got {sounds:?}");
                }
            }
        }
        println!("{pass} passed, {fail} failed");
    }
}

#[cfg(test)]
mod probe_levels {
    #[test]
    #[ignore = "debug helper"]
    fn level_kinds() {
        let text = std::fs::read_to_string("/work/shared/conformance/simulation.json").expect("data");
        let cases: Vec<serde_json::Value> = serde_json::from_str(&text).expect("json");
        let ci: usize = std::env::var("ONLY").ok().and_then(|s| s.parse().ok()).unwrap_or(0);
        let src = cases[ci]["source"].as_str().unwrap_or_default();
        let ast = super::parse(src);
        for l in &ast.levels {
            match l {
                crate::syntax::ast::LevelEntry::Map(m) => println!("map {}x{}", m.rows.first().map_or(0, Vec::len), m.rows.len()),
                crate::syntax::ast::LevelEntry::Message { text, .. } => println!("msg {text}"),
            }
        }
        let (g, d) = super::super::compile(&ast, src);
        println!("{:?} {}", d, g.map_or(0, |g| g.levels.len()));
    }
}
