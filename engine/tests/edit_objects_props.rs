//! Property test for `engine::edit::objects` over the shared corpus: random
//! object edits (fixed seed) must make exactly the intended change when the
//! result is parsed again, and leave every other line byte-identical.

use std::path::PathBuf;

use engine::edit::TextEdit;
use engine::edit::objects::{self, LayerChoice};
use engine::syntax::ast::{Ast, LevelEntry, sprite_pixels};
use engine::syntax::parse;

/// A small deterministic generator (xorshift64*).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: usize) -> usize {
        if n == 0 { 0 } else { (self.next() % n as u64) as usize }
    }
}

type Obj = (String, Vec<String>, Vec<Vec<Option<u8>>>);

fn objects_of(ast: &Ast) -> Vec<Obj> {
    ast.objects
        .iter()
        .map(|o| {
            (o.name.text.to_string(), o.colors.iter().map(|c| c.text.to_string()).collect(), sprite_pixels(&o.sprite))
        })
        .collect()
}

fn legend_of(ast: &Ast) -> Vec<(String, Vec<String>)> {
    ast.legend.iter().map(|l| (l.name.text.to_string(), l.items.iter().map(|i| i.text.to_string()).collect())).collect()
}

fn levels_of(ast: &Ast) -> Vec<Vec<Vec<char>>> {
    ast.levels
        .iter()
        .map(|l| match l {
            LevelEntry::Map(m) => m.rows.clone(),
            LevelEntry::Message { text, .. } | LevelEntry::Goto { target: text, .. } => vec![text.chars().collect()],
        })
        .collect()
}

fn layers_of(ast: &Ast) -> Vec<Vec<String>> {
    ast.layers.iter().map(|l| l.names.iter().map(|n| n.text.to_string()).collect()).collect()
}

/// Lines of `before` outside the edit's lines must appear unchanged, in
/// order, at the start and end of `after`.
fn untouched_lines_identical(before: &str, after: &str, edit: &TextEdit) {
    let first_line = before[..edit.range.start].matches('\n').count();
    let last_line = before[..edit.range.end].matches('\n').count();
    let b: Vec<&str> = before.split('\n').collect();
    let a: Vec<&str> = after.split('\n').collect();
    assert_eq!(b[..first_line], a[..first_line], "lines before the edit changed");
    let tail = b.len() - last_line - 1;
    assert_eq!(b[b.len() - tail..], a[a.len() - tail..], "lines after the edit changed");
}

fn flip(sprite: &[Vec<Option<u8>>]) -> Vec<Vec<Option<u8>>> {
    sprite.iter().map(|r| r.iter().rev().copied().collect()).collect()
}

#[test]
#[expect(clippy::too_many_lines, reason = "a property test: one table of random edits and their checks")]
fn object_edits_make_exactly_the_intended_change() {
    let paths: Vec<PathBuf> = test_support::corpus_games();
    let mut rng = Rng(0x05ee_d0f5_9a1e);
    let mut checked = 0usize;
    for path in &paths {
        let Ok(src) = std::fs::read_to_string(path) else { continue };
        let (ast, _) = parse(&src);
        let before = objects_of(&ast);
        // Only objects whose sprite is a clean rectangle of known pixels
        // (pixel edits on malformed sprites are not meaningful to compare).
        let painted: Vec<usize> = (0..ast.objects.len())
            .filter(|&i| {
                let o = &ast.objects[i];
                !o.sprite.is_empty()
                    && o.sprite_rows.iter().all(|r| r.text.chars().all(|c| c == '.' || c.is_ascii_digit()))
                    && o.sprite.iter().all(|r| r.len() == o.sprite[0].len())
                    && !o.colors.is_empty()
                    && o.colors.len() <= 10
            })
            .collect();
        let name = path.display().to_string();
        for op_no in 0..30 {
            let op = rng.below(7);
            let is_pixel = op <= 1 && !painted.is_empty();
            let mut expect = before.clone();
            let mut expect_layers = layers_of(&ast);
            let edit = match op {
                0..=1 if !painted.is_empty() => {
                    let i = painted[rng.below(painted.len())];
                    let o = &ast.objects[i];
                    let y = rng.below(o.sprite.len());
                    let x = rng.below(o.sprite[y].len());
                    let c = if rng.below(4) == 0 { None } else { Some(rng.below(o.colors.len()) as u8) };
                    expect[i].2[y][x] = c;
                    objects::set_pixel(&src, &ast, &o.name.text, x, y, c)
                }
                2 if !painted.is_empty() => {
                    let i = painted[rng.below(painted.len())];
                    let o = &ast.objects[i];
                    expect[i].2 = flip(&sprite_pixels(&o.sprite));
                    objects::set_sprite(&src, &ast, &o.name.text, &expect[i].2)
                }
                3 if !painted.is_empty() => {
                    let i = painted[rng.below(painted.len())];
                    let o = &ast.objects[i];
                    if o.colors.len() >= 10 {
                        continue;
                    }
                    expect[i].1.push("#a1b2c3".to_owned());
                    objects::add_color(&src, &ast, &o.name.text, "#A1B2C3")
                }
                4 if !painted.is_empty() => {
                    let i = painted[rng.below(painted.len())];
                    let o = &ast.objects[i];
                    if o.colors.len() < 2 {
                        continue;
                    }
                    let k = rng.below(o.colors.len());
                    expect[i].1.remove(k);
                    for row in &mut expect[i].2 {
                        for p in row.iter_mut() {
                            *p = match *p {
                                Some(d) if usize::from(d) == k => None,
                                Some(d) if usize::from(d) > k => Some(d - 1),
                                other => other,
                            };
                        }
                    }
                    objects::remove_color(&src, &ast, &o.name.text, k)
                }
                5 => {
                    let i = rng.below(before.len());
                    let Some(o) = ast.objects.get(i) else { continue };
                    if o.colors.is_empty() {
                        continue;
                    }
                    let k = rng.below(o.colors.len());
                    expect[i].1[k] = "darkblue".to_owned();
                    objects::change_color(&src, &ast, &o.name.text, k, "darkblue")
                }
                _ => {
                    let new = format!("zzprop{op_no}");
                    let sprite = vec![vec![Some(0), None, Some(1), None, Some(0)]; 5];
                    expect.push((new.clone(), vec!["red".into(), "blue".into()], sprite.clone()));
                    let layer = if !expect_layers.is_empty() && rng.below(2) == 0 {
                        let l = rng.below(expect_layers.len());
                        expect_layers[l].push(new.clone());
                        LayerChoice::Existing(l)
                    } else {
                        expect_layers.push(vec![new.clone()]);
                        LayerChoice::New
                    };
                    if ast.layers.is_empty() || ast.objects.is_empty() {
                        continue;
                    }
                    objects::add_object(&src, &ast, &new, &["red", "blue"], Some(&sprite), layer)
                }
            };
            let edit = edit.unwrap_or_else(|e| panic!("{name} op {op}: {e}"));
            let after = edit.apply(&src).unwrap_or_else(|| panic!("{name}: edit does not apply"));
            let (ast2, _) = parse(&after);
            assert_eq!(objects_of(&ast2), expect, "{name} op {op}: objects");
            assert_eq!(legend_of(&ast2), legend_of(&ast), "{name} op {op}: legend");
            assert_eq!(levels_of(&ast2), levels_of(&ast), "{name} op {op}: levels");
            assert_eq!(layers_of(&ast2), expect_layers, "{name} op {op}: layers");
            untouched_lines_identical(&src, &after, &edit);
            if is_pixel {
                assert_eq!(after.len(), src.len(), "{name}: a pixel edit changes one character");
            }
            checked += 1;
        }
        // Give the first single-colour object a sprite.
        if let Some(i) = ast.objects.iter().position(|o| o.sprite.is_empty() && o.colors_span.is_some()) {
            let mut expect = before.clone();
            expect[i].2 = vec![vec![Some(0); 5]; 5];
            let edit = objects::give_sprite(&src, &ast, &ast.objects[i].name.text)
                .unwrap_or_else(|e| panic!("{name} give sprite: {e}"));
            let after = edit.apply(&src).unwrap_or_default();
            let (ast2, _) = parse(&after);
            assert_eq!(objects_of(&ast2), expect, "{name}: give sprite");
            assert_eq!(legend_of(&ast2), legend_of(&ast), "{name}: give sprite keeps legend");
            untouched_lines_identical(&src, &after, &edit);
            checked += 1;
        }
        // Rename the first multi-character object everywhere.
        if let Some(o) = ast.objects.iter().find(|o| o.name.text.chars().count() > 1) {
            let uses = objects::name_uses(&ast, &o.name.text).len();
            let edit = objects::rename_object(&src, &ast, &o.name.text, "zzrenamed")
                .unwrap_or_else(|e| panic!("{name} rename: {e}"));
            let after = edit.apply(&src).unwrap_or_default();
            let (ast2, _) = parse(&after);
            assert_eq!(objects::name_uses(&ast2, "zzrenamed").len(), uses, "{name}: every use renamed");
            assert!(objects::name_uses(&ast2, &o.name.text).is_empty(), "{name}: no use left");
            assert_eq!(levels_of(&ast2), levels_of(&ast), "{name}: rename keeps levels");
            checked += 1;
        }
    }
    eprintln!("{checked} edits checked over {} games", paths.len());
}
