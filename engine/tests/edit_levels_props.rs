//! Property test: random level edits over every corpus game. Each edit,
//! applied and re-parsed, must make exactly the intended change to the
//! levels, leave objects and legend alone, and keep every line outside the
//! edited ones byte-identical.

use engine::edit::TextEdit;
use engine::edit::levels::{self, Side};
use engine::syntax::ast::{Ast, LevelEntry};
use engine::syntax::parse;

/// Levels as a comparable model: rows of glyphs, or a message's text.
#[derive(Debug, Clone, PartialEq)]
enum M {
    Map(Vec<Vec<char>>),
    Msg(String),
}

fn model(ast: &Ast) -> Vec<M> {
    ast.levels
        .iter()
        .map(|e| match e {
            LevelEntry::Map(m) => M::Map(m.rows.clone()),
            LevelEntry::Message { text, .. } | LevelEntry::Goto { target: text, .. } => M::Msg(text.clone()),
        })
        .collect()
}

struct Rng(u64);
impl Rng {
    fn next(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        if n == 0 { 0 } else { ((self.0 >> 33) as usize) % n }
    }
}

/// Lines of `old` before the edit's first line and after its last line
/// must reappear unchanged around the new text.
fn outside_lines_identical(old: &str, new: &str, e: &TextEdit) {
    let first = old[..e.range.start].rfind('\n').map_or(0, |i| i + 1);
    let last = old[e.range.end..].find('\n').map_or(old.len(), |i| e.range.end + i);
    assert_eq!(&new[..first], &old[..first]);
    let tail = &old[last..];
    assert!(new.ends_with(tail));
}

#[test]
#[expect(clippy::too_many_lines, reason = "a property test: one table of random edits and their checks")]
fn random_level_edits_over_the_corpus() {
    let paths = test_support::corpus_games();
    let mut rng = Rng(0x5eed);
    let mut checked = 0usize;
    for p in &paths {
        let Ok(text) = std::fs::read_to_string(p) else {
            continue;
        };
        let (ast, _) = parse(&text);
        let before = model(&ast);
        if before.is_empty() {
            continue;
        }
        for _ in 0..20 {
            let i = rng.next(before.len());
            let mut want = before.clone();
            let op = rng.next(8);
            let fill = '.';
            let edit = match (&before[i], op) {
                (M::Map(rows), 0) => {
                    let y = rng.next(rows.len());
                    if rows[y].is_empty() {
                        continue;
                    }
                    let x = rng.next(rows[y].len());
                    let g = ['#', '.', 'p', '*'][rng.next(4)];
                    if let M::Map(r) = &mut want[i] {
                        r[y][x] = g;
                    }
                    levels::paint_cell(&text, &ast, i, x, y, g)
                }
                (M::Map(rows), 1) => {
                    let side = [Side::Top, Side::Bottom, Side::Left, Side::Right][rng.next(4)];
                    let w = rows.iter().map(Vec::len).max().unwrap_or(0);
                    if let M::Map(r) = &mut want[i] {
                        match side {
                            Side::Top => r.insert(0, vec![fill; w]),
                            Side::Bottom => r.push(vec![fill; w]),
                            Side::Left => r.iter_mut().for_each(|row| row.insert(0, fill)),
                            Side::Right => r.iter_mut().for_each(|row| row.push(fill)),
                        }
                    }
                    levels::grow(&text, &ast, i, side, 1, fill)
                }
                (M::Map(rows), 2) => {
                    let side = [Side::Top, Side::Bottom, Side::Left, Side::Right][rng.next(4)];
                    let ok = match side {
                        Side::Top | Side::Bottom => rows.len() > 1,
                        _ => rows.iter().all(|r| r.len() > 1),
                    };
                    let e = levels::shrink(&text, &ast, i, side, 1);
                    if !ok {
                        assert!(e.is_none());
                        continue;
                    }
                    if let M::Map(r) = &mut want[i] {
                        match side {
                            Side::Top => {
                                r.remove(0);
                            }
                            Side::Bottom => {
                                r.pop();
                            }
                            Side::Left => r.iter_mut().for_each(|row| {
                                row.remove(0);
                            }),
                            Side::Right => r.iter_mut().for_each(|row| {
                                row.pop();
                            }),
                        }
                    }
                    e
                }
                (_, 3) => {
                    want.insert(i + 1, M::Map(vec![vec![fill; 3]; 2]));
                    levels::add_level(&text, &ast, Some(i), 3, 2, fill)
                }
                (e, 4) => {
                    want.insert(i + 1, e.clone());
                    levels::duplicate(&text, &ast, i)
                }
                (_, 5) => {
                    want.remove(i);
                    levels::delete(&text, &ast, i)
                }
                (_, 6) => {
                    let to = rng.next(before.len());
                    let m = want.remove(i);
                    want.insert(to, m);
                    let e = levels::move_entry(&text, &ast, i, to);
                    if i == to {
                        assert!(e.is_none());
                        continue;
                    }
                    e
                }
                (_, _) => {
                    want.insert(i + 1, M::Msg("Hello there".into()));
                    levels::insert_message(&text, &ast, Some(i), "Hello there")
                }
            };
            let name = p.display();
            let Some(edit) = edit else { panic!("{name}: op {op} on entry {i} gave no edit") };
            let Some(new) = edit.apply(&text) else { panic!("{name}: edit does not apply") };
            let (ast2, _) = parse(&new);
            let got = model(&ast2);
            let diff = got.iter().zip(&want).position(|(a, b)| a != b);
            assert!(
                got == want,
                "{name}: op {op} on entry {i}: {} vs {} entries, first difference at {diff:?}",
                got.len(),
                want.len()
            );
            assert_eq!(ast2.objects.len(), ast.objects.len(), "{name}");
            assert_eq!(
                ast2.legend.iter().map(|d| &d.name.text).collect::<Vec<_>>(),
                ast.legend.iter().map(|d| &d.name.text).collect::<Vec<_>>(),
                "{name}"
            );
            outside_lines_identical(&text, &new, &edit);
            if op == 0 && matches!(before[i], M::Map(_)) {
                assert_eq!(
                    new.lines().count(),
                    text.lines().count(),
                    "{name}: painting keeps the line count {:?} {:?}",
                    edit,
                    &text[edit.range.start.saturating_sub(20)..(edit.range.end + 20).min(text.len())]
                );
                let changed = text.lines().zip(new.lines()).filter(|(a, b)| a != b).count();
                assert!(changed <= 1, "{name}: painting changed {changed} lines");
            }
            checked += 1;
        }
    }
    eprintln!("{checked} edits checked over {} games", paths.len());
    assert!(paths.is_empty() || checked > 100);
}
