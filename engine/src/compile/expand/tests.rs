//! Tests of the terms a cell keeps during expansion.

use super::*;

fn term(n: u32) -> Term {
    Term { dir: if n.is_multiple_of(2) { Dir::No } else { Dir::None }, name: Sym::test(n) }
}

#[test]
fn a_cell_keeps_its_terms_in_order_past_the_inline_room() {
    let mut c = ICell::new();
    for n in 0..7 {
        c.push(term(n));
        assert_eq!(c.len(), n as usize + 1);
    }
    assert!(c.spilled());
    let names: Vec<u32> = c.iter().map(|t| t.name.number()).collect();
    assert_eq!(names, vec![0, 1, 2, 3, 4, 5, 6]);
    c[6].dir = Dir::Right;
    assert_eq!(c.last().map(|t| t.dir), Some(Dir::Right));
}

#[test]
fn cells_are_equal_and_hashed_by_their_terms_however_stored() {
    let short: ICell = (0..2).map(term).collect();
    let mut spilled = ICell::from_vec(Vec::with_capacity(8));
    spilled.extend((0..2).map(term));
    assert!(spilled.spilled() && !short.spilled() && short.len() == 2);
    assert_eq!(short, spilled);
    let mut set = HashSet::default();
    set.insert(short);
    assert!(!set.insert(spilled));
    assert_ne!(ICell::from_elem(term(1), 1), ICell::from_elem(term(3), 1));
}
