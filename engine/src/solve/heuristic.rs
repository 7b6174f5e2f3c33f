//! An estimate of how far a level state is from a win, from the game's
//! win conditions: for `all X on Y`, the sum over each X not on a Y of the
//! distance to a Y; for `some X on Y`, the least such distance (0 when one
//! X already is on a Y); for `no X on Y`, the number of cells where both
//! are. While some condition fails, the walk from the nearest player to a
//! cell that keeps one from holding (an X off its Y, or an X on a Y of a
//! `no` condition), less one, is added: the walk before the next push.
//!
//! Distances respect the level's fixed walls where the game allows it to
//! know them: objects that are not the player and that no rule creates,
//! removes by name or moves ([`static_objects`]) stay where the level puts
//! them, so a cell holding one blocks everything on its collision layer.
//! When one side of an `all`/`some` condition is made of such objects (the
//! targets of `all crate on target`, the goals of `all goal on hero`), its
//! cells are fixed too: the walks to each of them are found once per level
//! by breadth-first search over the cells the other side can enter, and
//! for `all` each X is matched to a Y of its own, shortest pairs first
//! ([`greedy_match`]), rather than every X to the nearest Y; an X on a cell
//! from which no push reaches a Y (a corner, a wall with no Y along it)
//! adds a penalty. Otherwise the Manhattan distance to the nearest Y is
//! used. A game with no win conditions, won by rules with a `win` command,
//! and the conditions `no X` and `some X` (with no `on`) are also measured
//! by how far the rules that win, remove an X or make one are from
//! matching ([`Patterns`]).
//! Not admissible in general (one push can satisfy several cells), which
//! weighted A* does not need.

use super::patterns::{Patterns, Probe};
use crate::compile::{Game, ObjectMatch, PatternCell, Quantifier, bits};

/// No path: a cell the breadth-first search did not reach.
const UNREACHED: u32 = u32::MAX;
/// Added to the estimate for each object of an `all` condition that sits
/// off target where no push can bring it to one (a corner of fixed walls,
/// a wall with no target along it): if it moves only by being pushed, the
/// level is lost. A penalty, not a cut: the search still visits such
/// states, last (the object may move some other way: pulled, carried,
/// stuck to another).
const CORNER_PENALTY: u32 = 32;
/// No neighbour: past the level's edge.
const NO_CELL: u32 = u32::MAX;
/// At most this many fixed cells get a distance field of their own.
const MAX_ANCHORS: usize = 256;

/// Objects (a mask over object ids) that are not the player and that no
/// rule creates, removes by name or sets moving: what the level places of
/// them stays where it is (unless a rule puts another object of the layer
/// over one, which is taken not to happen: the estimate need not be
/// exact). A rule cell counts against an object only when the object
/// could be in the matched cell (the cell does not ask for its absence or
/// for another object of its collision layer).
pub(crate) fn static_objects(game: &Game) -> Vec<u64> {
    let ow = game.obj_words.max(1);
    // One pass over the rule cells, marking what each may change.
    let mut changed = vec![0u64; ow];
    let mut candidates = vec![0u64; ow];
    for cell in game.all_rules().flat_map(|r| r.rows.iter()).flat_map(|row| row.cells.iter()) {
        let PatternCell::Cell(p) = cell else { continue };
        let Some(r) = &p.replace else { continue };
        for &id in &r.random_objects {
            bits::set_bit(&mut changed, id);
        }
        // Created (set without being asked for), and the candidates for a
        // change: removed by name (one object put in place of another of
        // its layer is taken to land where the level has none of this
        // one), or on a layer the cell sets moving.
        for (w, (c, k)) in changed.iter_mut().zip(candidates.iter_mut()).enumerate() {
            let word = |m: &[u64]| m.get(w).copied().unwrap_or(0);
            *c |= word(&r.obj_set) & !word(&p.present);
            let named = p.any_present.iter().fold(word(&p.present), |n, a| n | word(a));
            *k = named & word(&r.obj_clear) & !word(&r.obj_set);
        }
        if !bits::is_zero(&r.mov_set) || !r.random_dir_layers.is_empty() {
            for (id, info) in game.objects.iter().enumerate() {
                if bits::mov_get(&r.mov_set, info.layer) != 0 || r.random_dir_layers.contains(&info.layer) {
                    bits::set_bit(&mut candidates, id);
                }
            }
        }
        for id in bits::ones(&candidates) {
            let Some(info) = game.objects.get(id) else { continue };
            if !bits::get_bit(&changed, id) && could_hold(game, p, id, info.layer) {
                bits::set_bit(&mut changed, id);
            }
        }
    }
    let mut mask = vec![0u64; ow];
    for id in 0..game.objects.len() {
        if !bits::get_bit(&game.player.mask, id) && !bits::get_bit(&changed, id) {
            bits::set_bit(&mut mask, id);
        }
    }
    mask
}

/// Whether a cell matched by `p` could hold object `id` (of `layer`).
fn could_hold(game: &Game, p: &crate::compile::CellPattern, id: usize, layer: usize) -> bool {
    if bits::get_bit(&p.missing, id) {
        return false;
    }
    let Some(lm) = game.layer_masks.get(layer) else { return true };
    let others = |m: &[u64]| {
        m.iter().zip(lm.iter()).enumerate().any(|(w, (&a, &l))| {
            let own = if w == id / 64 { 1u64 << (id % 64) } else { 0 };
            a & l & !own != 0
        })
    };
    if others(&p.present) {
        return false;
    }
    // A one-layer property (`any_present`) of this layer without the
    // object means another object of the layer is there.
    !p.any_present.iter().any(|any| {
        !bits::get_bit(any, id) && any.iter().zip(lm.iter()).all(|(&a, &l)| a & !l == 0) && !bits::is_zero(any)
    })
}

/// The neighbours of cell `c` (up, down, left, right, inside a level of
/// `n` cells, `h` per column).
fn neighbours(c: usize, h: usize, n: usize) -> impl Iterator<Item = usize> {
    let y = c % h;
    [(y > 0).then(|| c - 1), (y + 1 < h).then_some(c + 1), c.checked_sub(h), (c + h < n).then_some(c + h)]
        .into_iter()
        .flatten()
}

/// Scratch buffers of [`greedy_match`].
#[derive(Default)]
struct Matching {
    pairs: Vec<(u32, u32, u32)>,
    row_used: Vec<bool>,
    col_used: Vec<bool>,
    unmatched: Vec<usize>,
}

/// At most this many row-column pairs are matched; beyond, every row
/// counts as unmatched.
const MAX_PAIRS: usize = 4096;

/// A matching of `rows` to distinct `cols` that takes the shortest
/// distances first (`dist(r, c)`, [`UNREACHED`] when none): the sum of
/// the distances matched (saturating; [`UNREACHED`] if a matched pair has
/// none) and the rows left without a column.
fn greedy_match(m: &mut Matching, rows: usize, cols: usize, dist: impl Fn(usize, usize) -> u32) -> (u32, &[usize]) {
    m.unmatched.clear();
    if rows * cols > MAX_PAIRS {
        m.unmatched.extend(0..rows);
        return (0, &m.unmatched);
    }
    m.pairs.clear();
    for r in 0..rows {
        for c in 0..cols {
            let d = dist(r, c);
            if d != UNREACHED {
                m.pairs.push((d, r as u32, c as u32));
            }
        }
    }
    m.pairs.sort_unstable();
    m.row_used.clear();
    m.row_used.resize(rows, false);
    m.col_used.clear();
    m.col_used.resize(cols, false);
    let mut sum = 0u32;
    for &(d, r, c) in &m.pairs {
        let (r, c) = (r as usize, c as usize);
        if !m.row_used[r] && !m.col_used[c] {
            m.row_used[r] = true;
            m.col_used[c] = true;
            sum = sum.saturating_add(d);
        }
    }
    m.unmatched.extend((0..rows).filter(|&r| !m.row_used[r]));
    (sum, &m.unmatched)
}

/// How one `all`/`some` condition measures distances.
enum Plan {
    /// Manhattan distance between the moving cells.
    Manhattan,
    /// The targets are fixed: `nearest[c]` is the walk from cell `c` to
    /// the nearest target, for the subject's layers; `fields[k][c]` the
    /// walk to target cell `targets[k]` (empty when there are too many).
    /// `dead[c]`: cell `c` is no target and no push can bring an object
    /// on it to one ([`Heuristic::unpushable`]).
    FixedTargets { nearest: Vec<u32>, targets: Vec<usize>, fields: Vec<Vec<u32>>, dead: Vec<bool> },
    /// The subjects are fixed at `anchors`; `fields[k][c]` is the walk
    /// from cell `c` to anchor `k`, for the target's layers.
    FixedSubjects { anchors: Vec<usize>, fields: Vec<Vec<u32>> },
}

/// The win conditions of a game, ready to score states of one level.
pub(crate) struct Heuristic<'g> {
    game: &'g Game,
    height: usize,
    /// One plan per win condition.
    plans: Vec<Plan>,
    /// The estimates from the rules: for a game won by `win` commands, and
    /// for `no X` and `some X` (see [`Patterns`]).
    patterns: Patterns,
    /// Per cell, the collision layers a fixed object fills (bit per layer).
    blocked: Vec<u64>,
    /// The layers of the player's objects.
    player_layers: u64,
    /// The player, and each win condition's subject and target, as probes.
    player: Probe,
    conds: Vec<(Probe, Probe)>,
    /// The conditions whose subject is not the player (their indices, and
    /// whether each is a `no` condition): what the player walks towards.
    chased: Vec<(usize, bool)>,
    /// Positions of target cells (reused between calls).
    targets: Vec<(i32, i32)>,
    /// Cells (reused between calls).
    cells: Vec<usize>,
    /// Scratch for [`greedy_match`].
    matching: Matching,
    /// Breadth-first scratch: the queue and per-cell visit stamps.
    queue: Vec<u32>,
    seen: Vec<u32>,
    /// Per cell: its neighbours up, down, left and right ([`NO_CELL`] past
    /// the level's edge), and whether the player can stand in it (no
    /// fixed object fills a layer of the player's).
    links: Vec<[u32; 4]>,
    walkable: Vec<bool>,
    stamp: u32,
}

impl<'g> Heuristic<'g> {
    /// Scoring for the level whose start has objects `start` (cells of
    /// `obj_words` words, `height` per column).
    pub(crate) fn new(game: &'g Game, height: usize, start: &[u64]) -> Self {
        let ow = game.obj_words.max(1);
        let ncells = start.len() / ow;
        let fixed = static_objects(game);
        let blocked: Vec<u64> = if game.layer_count <= 64 {
            start
                .chunks_exact(ow)
                .map(|c| {
                    let mut b = 0u64;
                    for id in bits::ones(c) {
                        if bits::get_bit(&fixed, id)
                            && let Some(o) = game.objects.get(id)
                        {
                            b |= 1 << o.layer;
                        }
                    }
                    b
                })
                .collect()
        } else {
            vec![0; ncells]
        };
        let mut h = Heuristic {
            game,
            height: height.max(1),
            plans: Vec::new(),
            patterns: Patterns::new(game, height, start),
            blocked,
            player_layers: 0,
            player: Probe::new(&game.player, ow),
            conds: game
                .win_conditions
                .iter()
                .map(|wc| (Probe::new(&wc.subject, ow), Probe::new(&wc.target, ow)))
                .collect(),
            chased: game
                .win_conditions
                .iter()
                .enumerate()
                .filter(|(_, wc)| wc.subject.mask != game.player.mask)
                .map(|(k, wc)| (k, wc.quantifier == Quantifier::No))
                .collect(),
            targets: Vec::new(),
            cells: Vec::new(),
            matching: Matching::default(),
            queue: Vec::new(),
            seen: vec![0; ncells],
            links: (0..ncells)
                .map(|c| {
                    let y = c % height.max(1);
                    let at = |ok: bool, n: usize| if ok { n as u32 } else { NO_CELL };
                    [
                        at(y > 0, c.wrapping_sub(1)),
                        at(y + 1 < height.max(1), c + 1),
                        at(c >= height.max(1), c.wrapping_sub(height.max(1))),
                        at(c + height.max(1) < ncells, c + height.max(1)),
                    ]
                })
                .collect(),
            walkable: Vec::new(),
            stamp: 0,
        };
        h.player_layers = h.layers_of(&game.player);
        h.walkable = (0..ncells).map(|c| h.open(c, h.player_layers)).collect();
        let is_fixed = |m: &ObjectMatch| !bits::is_zero(&m.mask) && bits::contains(&fixed, &m.mask);
        for wc in &game.win_conditions {
            let plan = if wc.quantifier == Quantifier::No {
                Plan::Manhattan
            } else if is_fixed(&wc.target) && !is_fixed(&wc.subject) {
                let sources: Vec<usize> =
                    start.chunks_exact(ow).enumerate().filter(|(_, c)| wc.target.matches(c)).map(|(i, _)| i).collect();
                let layers = h.layers_of(&wc.subject);
                let fields = if sources.len() <= MAX_ANCHORS {
                    sources.iter().map(|&a| h.field(&[a], layers)).collect()
                } else {
                    Vec::new()
                };
                let dead = h.unpushable(&sources, layers);
                Plan::FixedTargets { nearest: h.field(&sources, layers), targets: sources, fields, dead }
            } else if is_fixed(&wc.subject) && !is_fixed(&wc.target) {
                let anchors: Vec<usize> =
                    start.chunks_exact(ow).enumerate().filter(|(_, c)| wc.subject.matches(c)).map(|(i, _)| i).collect();
                if anchors.len() <= MAX_ANCHORS {
                    let layers = h.layers_of(&wc.target);
                    let fields = anchors.iter().map(|&a| h.field(&[a], layers)).collect();
                    Plan::FixedSubjects { anchors, fields }
                } else {
                    Plan::Manhattan
                }
            } else {
                Plan::Manhattan
            };
            h.plans.push(plan);
        }
        h
    }

    /// The collision layers of the objects `m` names.
    fn layers_of(&self, m: &ObjectMatch) -> u64 {
        bits::ones(&m.mask)
            .filter_map(|id| self.game.objects.get(id))
            .filter(|o| o.layer < 64)
            .fold(0, |acc, o| acc | 1 << o.layer)
    }

    /// Whether something on `layers` can stand in cell `c`.
    fn open(&self, c: usize, layers: u64) -> bool {
        layers == 0 || layers & !self.blocked[c] != 0
    }

    /// For each cell: whether it is open for `layers`, and no push by the
    /// player can bring a thing there to any of `targets`: found backwards
    /// from the targets, a thing on a cell reached can have come from the
    /// neighbour on one side if the player could stand one cell further
    /// on (both open for their layers, as far as fixed walls say). Corners
    /// are such cells, and so are the cells along a wall with no target on
    /// it.
    fn unpushable(&self, targets: &[usize], layers: u64) -> Vec<bool> {
        let n = self.blocked.len();
        let mut live = vec![false; n];
        let mut queue: Vec<usize> = targets.iter().copied().filter(|&t| t < n).collect();
        for &t in &queue {
            live[t] = true;
        }
        while let Some(t) = queue.pop() {
            for k in 0..4 {
                let b = self.links[t][k];
                if b == NO_CELL || live[b as usize] {
                    continue;
                }
                let p = self.links[b as usize][k];
                if p != NO_CELL && self.open(b as usize, layers) && self.open(p as usize, self.player_layers) {
                    live[b as usize] = true;
                    queue.push(b as usize);
                }
            }
        }
        (0..n).map(|c| layers != 0 && self.open(c, layers) && !live[c]).collect()
    }

    /// Walks from every cell to the nearest of `sources`, over cells open
    /// for `layers` (a source itself always counts).
    fn field(&self, sources: &[usize], layers: u64) -> Vec<u32> {
        let mut dist = vec![UNREACHED; self.blocked.len()];
        let mut queue = std::collections::VecDeque::new();
        for &s in sources {
            if s < dist.len() && dist[s] == UNREACHED {
                dist[s] = 0;
                queue.push_back(s);
            }
        }
        while let Some(c) = queue.pop_front() {
            let d = dist[c] + 1;
            for n in neighbours(c, self.height, self.blocked.len()) {
                if dist[n] == UNREACHED && self.open(n, layers) {
                    dist[n] = d;
                    queue.push_back(n);
                }
            }
        }
        dist
    }

    /// The estimate for `objects` (cells of `obj_words` words).
    pub(crate) fn score(&mut self, objects: &[u64]) -> u32 {
        let (rest, walk) = self.score_parts(objects);
        rest.saturating_add(walk)
    }

    /// The estimate for `objects` in two parts: all but the player's walk
    /// to the next push, and that walk.
    pub(crate) fn score_parts(&mut self, objects: &[u64]) -> (u32, u32) {
        let ow = self.game.obj_words.max(1);
        self.patterns.begin();
        if self.patterns.has_win_rules() {
            return (self.patterns.win_distance(objects, ow), 0);
        }
        let mut total = 0u32;
        // Whether some cell keeps a condition the player walks to from
        // holding: without one, the walk finds nothing (and would search
        // every cell the player can reach to learn so).
        let mut chase = false;
        for k in 0..self.game.win_conditions.len() {
            let (mut d, offending) = self.condition(k, objects, ow);
            if d > 0 {
                // How far the rules that remove (`no`) or create (`some`)
                // the subject are from matching.
                let q = self.game.win_conditions[k].quantifier;
                d = d.saturating_add(self.patterns.goal_distance(k, q, objects, ow));
            }
            total = total.saturating_add(d);
            chase |= offending && self.chased.iter().any(|&(c, _)| c == k);
        }
        let walk = if total > 0 && chase { self.player_distance(objects, ow) } else { 0 };
        (total, walk)
    }

    /// The least walk from a player to a cell that keeps an `all` or
    /// `some` condition from holding (a subject off its target), minus one:
    /// how far the player must walk to start pushing. Found by a
    /// breadth-first search from the players that stops at the first such
    /// cell.
    fn player_distance(&mut self, objects: &[u64], ow: usize) -> u32 {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.seen.fill(0);
            self.stamp = 1;
        }
        let stamp = self.stamp;
        self.queue.clear();
        let Heuristic { player, seen, queue, conds, chased, links, walkable, .. } = self;
        let (links, walkable) = (&*links, &*walkable);
        let (conds, chased) = (&*conds, &*chased);
        let wanted = |c: usize| {
            objects.get(c * ow..(c + 1) * ow).is_some_and(|c| {
                chased.iter().any(|&(k, no)| {
                    let (subject, target) = &conds[k];
                    subject.hits(c) && no == target.hits(c)
                })
            })
        };
        let mut found = false;
        player.each(objects, ow, |i| {
            if let Some(s) = seen.get_mut(i) {
                *s = stamp;
                queue.push(i as u32);
                found |= wanted(i);
            }
        });
        if found {
            return 0;
        }
        // Breadth-first, a cell tested when it is first reached: the
        // first one wanted is one step past the depth being expanded.
        let mut head = 0;
        let mut level_end = queue.len();
        let mut depth = 0u32;
        while head < queue.len() {
            if head == level_end {
                depth += 1;
                level_end = queue.len();
            }
            let c = queue[head] as usize;
            head += 1;
            for &n in &links[c] {
                let Some(s) = seen.get_mut(n as usize) else { continue };
                if *s == stamp {
                    continue;
                }
                let n = n as usize;
                if wanted(n) {
                    return depth;
                }
                if walkable[n] {
                    *s = stamp;
                    queue.push(n as u32);
                }
            }
        }
        0
    }

    /// The estimate of condition `k`, and whether some cell keeps it from
    /// holding (a subject off target; for `no`, a subject on one).
    fn condition(&mut self, k: usize, objects: &[u64], ow: usize) -> (u32, bool) {
        let q = self.game.win_conditions[k].quantifier;
        let Heuristic { conds, plans, cells, targets, matching, height, .. } = self;
        let (subject, target) = &conds[k];
        let cell = |i: usize| objects.get(i * ow..(i + 1) * ow).unwrap_or_default();
        if q == Quantifier::No {
            let mut count = 0u32;
            subject.each(objects, ow, |i| count += u32::from(target.hits(cell(i))));
            return (count, count > 0);
        }
        let far = (objects.len() / ow) as u32 + 1;
        let reach = |d: u32| if d == UNREACHED { far } else { d };
        let mut sum = 0u32;
        let mut best = u32::MAX;
        let mut satisfied = false;
        let mut cornered = 0u32;
        let mut offending = false;
        match &plans[k] {
            Plan::FixedTargets { nearest, targets, fields, dead } => {
                cells.clear();
                subject.each(objects, ow, |i| {
                    cells.push(i);
                    if target.hits(cell(i)) {
                        satisfied = true;
                        return;
                    }
                    offending = true;
                    let d = reach(nearest.get(i).copied().unwrap_or(UNREACHED));
                    if dead.get(i).copied().unwrap_or(false) {
                        cornered += 1;
                    }
                    sum = sum.saturating_add(d);
                    best = best.min(d);
                });
                if q == Quantifier::All && !fields.is_empty() && sum > 0 {
                    // Each subject to a target of its own.
                    let subjects = &*cells;
                    let (matched, unmatched) =
                        greedy_match(matching, subjects.len(), targets.len(), |r, c| fields[c][subjects[r]]);
                    let rest: u32 = unmatched.iter().map(|&r| reach(nearest[subjects[r]])).sum();
                    sum = reach(matched).saturating_add(rest);
                }
                if q == Quantifier::All {
                    sum = sum.saturating_add(cornered.saturating_mul(CORNER_PENALTY));
                }
            }
            Plan::FixedSubjects { anchors, fields } => {
                cells.clear();
                target.each(objects, ow, |i| cells.push(i));
                for (a, field) in anchors.iter().zip(fields) {
                    if target.hits(cell(*a)) {
                        satisfied = true;
                        continue;
                    }
                    offending = true;
                    let d = reach(cells.iter().map(|&t| field[t]).min().unwrap_or(UNREACHED));
                    sum = sum.saturating_add(d);
                    best = best.min(d);
                }
                if q == Quantifier::All && sum > 0 {
                    // Each anchor gets a target object of its own.
                    let movers = &*cells;
                    let (matched, unmatched) =
                        greedy_match(matching, anchors.len(), movers.len(), |r, c| fields[r][movers[c]]);
                    sum = reach(matched).saturating_add(far.saturating_mul(unmatched.len() as u32));
                }
            }
            Plan::Manhattan => {
                let h = *height;
                let pos = |i: usize| ((i / h) as i32, (i % h) as i32);
                targets.clear();
                target.each(objects, ow, |i| {
                    targets.push(pos(i));
                    satisfied |= subject.hits(cell(i));
                });
                subject.each(objects, ow, |i| {
                    if target.hits(cell(i)) {
                        return;
                    }
                    offending = true;
                    let (x, y) = pos(i);
                    let d = targets
                        .iter()
                        .map(|&(tx, ty)| (tx - x).unsigned_abs() + (ty - y).unsigned_abs())
                        .min()
                        .unwrap_or(far);
                    sum = sum.saturating_add(d);
                    best = best.min(d);
                });
            }
        }
        let d = match q {
            Quantifier::Some if satisfied => 0,
            Quantifier::Some if best == u32::MAX => 1,
            Quantifier::Some => best,
            _ => sum,
        };
        (d, offending)
    }
}
