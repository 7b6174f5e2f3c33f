//! The search itself: a store of distinct level states (each once, with
//! its parent and the input that reached it), breadth-first and weighted
//! A* over it, and the bounds (time, states, memory, cancel).
//!
//! The inputs are the keys first (the arrows, then the action key when a
//! rule looks at it), then a mouse game's clicks ([`super::click_inputs`]).
//! Only the keys are guessed about ([`NoopMemo`] pictures the cells
//! around the players) or put aside; a state's clicks are all played
//! when it is first expanded.

use super::heuristic::Heuristic;
use super::predict::{Guess, NoopMemo, Picture};
use super::{Cancel, Outcome, Progress, SolveOptions, SolveReport, Status, Strategy};
use crate::compile::Game;
use crate::rng::Rng;
use crate::run::{Input, LevelState, Session, Step};
use rustc_hash::FxHasher;
use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::hash::{Hash as _, Hasher as _};
use std::sync::Arc;
use std::time::Instant;

/// No parent: the start state.
const ROOT: u32 = u32::MAX;
/// An empty slot of the hash table.
const EMPTY: u32 = u32::MAX;
/// Turns between checks of the clock and the cancel flag.
const CHECK_EVERY: u64 = 64;
/// Turns between progress reports.
const PROGRESS_EVERY: u64 = 4096;

/// Distinct states, stored flat: `words` words each in `data`, their
/// generators in `rngs` when the game is random. Lookup is by a 64-bit
/// hash in an open-addressing table, confirmed by comparing the words (and
/// the generator), so distinct states are never merged.
struct Store {
    words: usize,
    /// Whether the generator is part of a state's identity. When it is
    /// not (see [`Search::relaxed`]), states with the same objects are one
    /// state whatever their generators, and the first one found is kept.
    rng_in_key: bool,
    data: Vec<u64>,
    rngs: Vec<Rng>,
    parent: Vec<u32>,
    /// The index in [`Search::inputs`] of the input that reached each state.
    input: Vec<u16>,
    depth: Vec<u32>,
    hashes: Vec<u64>,
    table: Vec<u32>,
    shift: u32,
}

impl Store {
    fn new(words: usize, rng_in_key: bool) -> Self {
        let bits = 10;
        Store {
            words,
            rng_in_key,
            data: Vec::new(),
            rngs: Vec::new(),
            parent: Vec::new(),
            input: Vec::new(),
            depth: Vec::new(),
            hashes: Vec::new(),
            table: vec![EMPTY; 1 << bits],
            shift: 64 - bits,
        }
    }

    fn len(&self) -> usize {
        self.parent.len()
    }

    fn state(&self, n: u32) -> &[u64] {
        let at = n as usize * self.words;
        &self.data[at..at + self.words]
    }

    fn hash_of(words: &[u64], rng: Option<&Rng>) -> u64 {
        let mut h = FxHasher::default();
        for &w in words {
            h.write_u64(w);
        }
        if let Some(r) = rng {
            r.hash(&mut h);
        }
        // Spread the bits: the table indexes by the top ones.
        let x = h.finish();
        (x ^ (x >> 29)).wrapping_mul(0xbf58_476d_1ce4_e5b9)
    }

    /// Store a state unless it is already there; returns its new index.
    fn insert(&mut self, words: &[u64], rng: Option<&Rng>, parent: u32, input: u16, depth: u32) -> Option<u32> {
        let key_rng = rng.filter(|_| self.rng_in_key);
        let hash = Store::hash_of(words, key_rng);
        let mask = self.table.len() - 1;
        let mut slot = (hash >> self.shift) as usize;
        loop {
            let n = self.table[slot];
            if n == EMPTY {
                break;
            }
            if self.hashes[n as usize] == hash
                && self.state(n) == words
                && key_rng.is_none_or(|r| self.rngs.get(n as usize) == Some(r))
            {
                return None;
            }
            slot = (slot + 1) & mask;
        }
        let id = u32::try_from(self.len()).ok().filter(|&id| id != ROOT)?;
        self.table[slot] = id;
        self.data.extend_from_slice(words);
        if let Some(r) = rng {
            self.rngs.push(r.clone());
        }
        self.parent.push(parent);
        self.input.push(input);
        self.depth.push(depth);
        self.hashes.push(hash);
        if self.len() * 2 > self.table.len() {
            self.grow();
        }
        Some(id)
    }

    fn grow(&mut self) {
        let size = self.table.len() * 2;
        self.shift -= 1;
        self.table = vec![EMPTY; size];
        let mask = size - 1;
        for (id, &hash) in self.hashes.iter().enumerate() {
            let mut slot = (hash >> self.shift) as usize;
            while self.table[slot] != EMPTY {
                slot = (slot + 1) & mask;
            }
            self.table[slot] = id as u32;
        }
    }

    /// Bytes held by the store (allocated capacity).
    fn bytes(&self) -> usize {
        self.data.capacity() * 8
            + self.rngs.capacity() * size_of::<Rng>()
            + self.parent.capacity() * 4
            + self.input.capacity() * 2
            + self.depth.capacity() * 4
            + self.hashes.capacity() * 8
            + self.table.capacity() * 4
    }
}

/// One search of one level.
struct Search<'a> {
    level: usize,
    opts: &'a SolveOptions,
    cancel: &'a Cancel,
    progress: &'a mut dyn FnMut(&Progress),
    started: Instant,
    session: Session,
    restore_buf: LevelState,
    save_buf: LevelState,
    /// The keys, then the clicks (see the module's note).
    inputs: Vec<Step>,
    /// How many of `inputs` are keys (bit `k` of a key mask is `inputs[k]`).
    keys: usize,
    random: bool,
    cell_words: usize,
    checkpoint: bool,
    /// Whether a turn that leaves the objects as they were leaves the whole
    /// level state as it was (no random generator, no checkpoints), so the
    /// next input needs no restore.
    noop_keeps_state: bool,
    /// Whether states with the same objects count as one whatever their
    /// random generators (games with random rules only). Each stored state
    /// keeps its own generator, so every path found is exact; but a way to
    /// win that needed another generator may be missed, so a relaxed search
    /// that runs out proves nothing and is followed by an exact one.
    relaxed: bool,
    /// Per object word: the player's objects (see [`Search::is_walk`]).
    player_mask: Vec<u64>,
    /// Whether the weighted search expands walks at once (see
    /// [`Search::astar`]).
    walks: bool,
    store: Store,
    turns: u64,
    /// States and turns of earlier phases (for the report).
    earlier: (usize, u64),
    cur: Vec<u64>,
}

pub(super) fn run(
    game: &Arc<Game>,
    level: usize,
    opts: &SolveOptions,
    cancel: &Cancel,
    progress: &mut dyn FnMut(&Progress),
    started: Instant,
) -> SolveReport {
    let report = |status| SolveReport { status, states: 0, turns: 0, bytes: 0, elapsed: started.elapsed() };
    if super::never_wins(game) {
        return report(Status::Exhausted);
    }
    let Some(mut search) = Search::new(game, level, opts, cancel, progress, started) else {
        return report(Status::Unplayable);
    };
    let mut outcome = search.explore(game);
    if outcome.0 == Status::Exhausted && search.relaxed {
        // Merging states by their objects alone may have cut off the only
        // way to win: only the exact search can prove there is none.
        search.relaxed = false;
        search.reset();
        outcome = search.explore(game);
    }
    let (status, bytes) = outcome;
    SolveReport {
        status,
        states: search.earlier.0 + search.store.len(),
        turns: search.earlier.1 + search.turns,
        bytes,
        elapsed: started.elapsed(),
    }
}

impl<'a> Search<'a> {
    /// Run the strategy the options ask for from the stored start.
    fn explore(&mut self, game: &Game) -> (Status, usize) {
        match self.opts.strategy {
            Strategy::Bfs => self.bfs(self.opts.max_states),
            Strategy::AStar { weight } => self.astar(game, weight, false, 0),
            Strategy::Novelty { weight } => self.astar(game, weight, true, 0),
            Strategy::Auto { bfs_states, weight } => {
                let mut frontier = 0;
                match self.bfs_until(bfs_states.min(self.opts.max_states), &mut frontier) {
                    // The weighted search goes on from the states the
                    // breadth-first one found but did not expand.
                    (Status::StateLimit, _) if bfs_states < self.opts.max_states => {
                        self.astar(game, weight, true, frontier)
                    }
                    done => done,
                }
            }
        }
    }

    fn new(
        game: &Arc<Game>,
        level: usize,
        opts: &'a SolveOptions,
        cancel: &'a Cancel,
        progress: &'a mut dyn FnMut(&Progress),
        started: Instant,
    ) -> Option<Self> {
        let session = super::start_session(game, level, opts)?;
        let mut restore_buf = session.save_state()?;
        restore_buf.set_again(false);
        let save_buf = restore_buf.clone();
        let mut inputs: Vec<Step> = [Input::Up, Input::Left, Input::Down, Input::Right].map(Step::Input).to_vec();
        if super::uses_action(game) {
            inputs.push(Step::Input(Input::Action));
        }
        let keys = inputs.len();
        let (width, height) = restore_buf.size();
        inputs.extend(super::click_inputs(game, width, height));
        // Inputs are stored by a 16-bit index: a level too big for that
        // many clicks is searched with the clicks that fit.
        inputs.truncate(usize::from(u16::MAX));
        let cell_words = restore_buf.objects().len();
        let checkpoint = super::uses_checkpoint(game) && restore_buf.restart_objects().is_some();
        let words = if checkpoint { cell_words * 2 } else { cell_words };
        let random = super::uses_random(game);
        let mut search = Search {
            level,
            opts,
            cancel,
            progress,
            started,
            session,
            restore_buf,
            save_buf,
            inputs,
            keys,
            random,
            cell_words,
            checkpoint,
            noop_keeps_state: !super::uses_random(game) && !super::uses_checkpoint(game),
            relaxed: random,
            player_mask: (0..game.obj_words.max(1)).map(|w| game.player.mask.get(w).copied().unwrap_or(0)).collect(),
            walks: false,
            store: Store::new(words, !random),
            turns: 0,
            earlier: (0, 0),
            cur: Vec::with_capacity(words),
        };
        search.insert_root();
        search.walks = opts.walk_queue
            && matches!(opts.strategy, Strategy::Novelty { .. } | Strategy::Auto { .. })
            && one_player(&search.store.state(0)[..cell_words], &search.player_mask);
        Some(search)
    }

    fn insert_root(&mut self) {
        self.cur.clear();
        self.cur.extend_from_slice(self.restore_buf.objects());
        if self.checkpoint {
            self.cur.extend_from_slice(self.restore_buf.restart_objects().unwrap_or_default());
        }
        let rng = self.random.then(|| self.restore_buf.rng().clone());
        self.store.insert(&self.cur, rng.as_ref(), ROOT, 0, 0);
    }

    /// Forget the states (keeping the counts for the report) and start
    /// over from the level's start, taken from a fresh session.
    fn reset(&mut self) {
        self.earlier.0 += self.store.len();
        self.earlier.1 += self.turns;
        self.turns = 0;
        self.store = Store::new(self.store.words, !self.relaxed);
        if let Some(s) = super::start_session(self.session.game(), self.level, self.opts)
            && s.save_state_into(&mut self.restore_buf)
        {
            self.restore_buf.set_again(false);
            self.insert_root();
        }
    }

    /// The inputs from the start to `node`, then `last`.
    fn path(&self, mut node: u32, last: Step) -> Vec<Step> {
        let mut out = vec![last];
        while node != ROOT {
            let n = node as usize;
            out.push(self.inputs[self.store.input[n] as usize]);
            node = self.store.parent[n];
        }
        out.pop(); // the root's own (meaningless) input
        out.reverse();
        out
    }

    fn restore(&mut self, node: u32) {
        let state = self.store.state(node);
        self.restore_buf.objects_mut().copy_from_slice(&state[..self.cell_words]);
        if self.checkpoint
            && let Some(r) = self.restore_buf.restart_objects_mut()
        {
            r.copy_from_slice(&state[self.cell_words..]);
        }
        if self.random
            && let Some(rng) = self.store.rngs.get(node as usize)
        {
            self.restore_buf.set_rng(rng);
        }
        self.session.restore_state(&self.restore_buf);
    }

    /// Whether stored state `child` differs from `parent` only in where the
    /// player's objects are: a walk, not a push.
    fn is_walk(&self, parent: u32, child: u32) -> bool {
        only_player_moved(self.store.state(parent), self.store.state(child), self.cell_words, &self.player_mask)
    }

    /// Check the clock, the cancel flag and the bounds now and then.
    fn check(&mut self) -> Result<(), Status> {
        if self.store.len() >= self.opts.max_states || self.store.bytes() >= self.opts.max_bytes {
            return Err(Status::StateLimit);
        }
        if !self.turns.is_multiple_of(CHECK_EVERY) {
            return Ok(());
        }
        if self.cancel.is_cancelled() {
            return Err(Status::Cancelled);
        }
        let elapsed = self.started.elapsed();
        if self.opts.timeout.is_some_and(|t| elapsed >= t) {
            return Err(Status::Timeout);
        }
        if self.turns.is_multiple_of(PROGRESS_EVERY) {
            let p = Progress { states: self.earlier.0 + self.store.len(), turns: self.earlier.1 + self.turns, elapsed };
            (self.progress)(&p);
        }
        Ok(())
    }

    /// Try the keys of `node` in the mask `which` (bit `k` for
    /// `inputs[k]`), and its clicks when `clicks`; new states go to
    /// `children`. With a `memo`, keys it guesses change nothing are not
    /// played but returned in the second mask, to be tried later.
    /// `Ok(Some)` is a win.
    fn expand(
        &mut self,
        node: u32,
        which: u8,
        clicks: bool,
        mut memo: Option<&mut NoopMemo>,
        children: &mut Vec<u32>,
    ) -> Result<(Option<Vec<Step>>, u8), Status> {
        children.clear();
        let depth = self.store.depth[node as usize].saturating_add(1);
        let guessing = match memo.as_deref_mut() {
            Some(m) => m.look_at(&self.store.state(node)[..self.cell_words]),
            None => false,
        };
        let mut deferred = 0u8;
        // The input that undoes the move into `node` (down after up, left
        // after right): a walk back to where the player came from.
        let back = match (self.store.parent[node as usize], usize::from(self.store.input[node as usize])) {
            (ROOT, _) => usize::MAX,
            (_, moved) if moved < 4 => moved ^ 2,
            _ => usize::MAX,
        };
        // Whether the session still holds `node` (after a turn that changed
        // nothing, when that leaves the whole state as it was).
        let mut at_node = false;
        for k in 0..self.inputs.len() {
            if (k < self.keys && which & (1 << k) == 0) || (k >= self.keys && !clicks) {
                continue;
            }
            let (picture, guess) = match memo.as_deref_mut() {
                Some(m) if guessing && k < self.keys => {
                    let p = m.picture(&self.store.state(node)[..self.cell_words], k, k == back);
                    (p, m.guess(p))
                }
                _ => (Picture::default(), Guess::Play),
            };
            if guess == Guess::Defer {
                deferred |= 1 << k;
                continue;
            }
            self.check()?;
            self.turns += 1;
            let input = self.inputs[k];
            if !at_node {
                self.restore(node);
            }
            at_node = false;
            let step = super::step(&mut self.session, input, self.level, self.opts.again_limit);
            let unchanged = step == Outcome::Moved
                && self.session.level_objects().is_some_and(|o| o == &self.store.state(node)[..self.cell_words]);
            // What the memo learns: whether the input was of no use (for a
            // step back, also when it led to a state already found).
            let mut learn = |useless: bool| {
                if guessing && let Some(m) = memo.as_deref_mut() {
                    m.learn(picture, guess, useless);
                }
            };
            if unchanged || step != Outcome::Moved {
                learn(unchanged);
            }
            match step {
                Outcome::Won => return Ok((Some(self.path(node, input)), 0)),
                Outcome::Endless => continue,
                Outcome::Moved => {}
            }
            if unchanged {
                // Cancelled or nothing changed: not a move.
                at_node = self.noop_keeps_state;
                continue;
            }
            let child = if self.random || self.checkpoint {
                if !self.session.save_state_into(&mut self.save_buf) {
                    learn(false);
                    continue;
                }
                let objects = self.save_buf.objects();
                self.cur.clear();
                self.cur.extend_from_slice(objects);
                if self.checkpoint {
                    self.cur.extend_from_slice(self.save_buf.restart_objects().unwrap_or_default());
                }
                let rng = self.random.then_some(self.save_buf.rng());
                self.store.insert(&self.cur, rng, node, k as u16, depth)
            } else {
                // The objects are the whole state: stored straight from the
                // session, with no copy in between.
                let Some(objects) = self.session.level_objects() else {
                    learn(false);
                    continue;
                };
                self.store.insert(objects, None, node, k as u16, depth)
            };
            learn(child.is_none() && k == back);
            if let Some(child) = child {
                children.push(child);
            }
        }
        Ok((None, deferred))
    }

    /// Breadth-first until `max_states` are stored: states are numbered in
    /// the order found, so the queue is the store itself.
    fn bfs(&mut self, max_states: usize) -> (Status, usize) {
        self.bfs_until(max_states, &mut 0)
    }

    /// [`Search::bfs`], leaving in `next` the first state not expanded
    /// (every state before it has been, with all its inputs).
    fn bfs_until(&mut self, max_states: usize, next: &mut u32) -> (Status, usize) {
        let mut children = Vec::new();
        *next = 0;
        while (*next as usize) < self.store.len() {
            if self.store.len() >= max_states {
                return (Status::StateLimit, self.store.bytes());
            }
            match self.expand(*next, ALL_INPUTS, true, None, &mut children) {
                Ok((Some(inputs), _)) => return (Status::Solved { inputs }, self.store.bytes()),
                Ok((None, _)) => {}
                Err(status) => return (status, self.store.bytes()),
            }
            *next += 1;
        }
        (Status::Exhausted, self.store.bytes())
    }

    /// Weighted A*: least `depth + weight * estimate` first, then least
    /// estimate, then oldest; with `use_novelty`, novel states (see
    /// [`Novelty`]) before the others. Inputs the [`NoopMemo`] guesses
    /// change nothing are tried after every state waiting in the queue
    /// (the state is queued again for them), so they cost no turns unless
    /// the search gets that far.
    /// The queue starts with the stored states from `first_open` on (the
    /// start alone, or the frontier a breadth-first search left).
    ///
    /// With the walk queue (`self.walks`), a second queue holds the same
    /// states ranked by pushes instead of moves (a walk, a turn that only
    /// moved the player, costs nothing), and a state taken from it is
    /// expanded together with every new state its walks reach: each push
    /// from anywhere the player can walk to is ranked by its estimate,
    /// with no walk to get there counted, as Sokoban solvers rank pushes
    /// from the player's whole reach. The two queues take turns by the
    /// states their expansions store, so either order gets half the
    /// states, except that the queue that last lowered the best estimate
    /// goes alone for a while ([`BOOST_STATES`]); a state is expanded once,
    /// when the first queue reaches it.
    /// Every state stored is still expanded in the end, so a search that
    /// runs out has visited every reachable state, as without the queue.
    fn astar(&mut self, game: &Game, weight: u32, use_novelty: bool, first_open: u32) -> (Status, usize) {
        let (width, height) = self.restore_buf.size();
        let mut heuristic = Heuristic::new(game, height, &self.store.state(0)[..self.cell_words]);
        let mut open: BinaryHeap<Reverse<(u32, u32, u32, u32)>> = BinaryHeap::new();
        let h0 = heuristic.score(&self.store.state(0)[..self.cell_words]);
        let mut novelty = Novelty::new(self.cell_words);
        let mut memo = NoopMemo::new(&game.player, game.obj_words, width, height);
        // Inputs put aside, per state (a state is queued once for its
        // first expansion and once more if it put any aside).
        let mut deferred: Vec<u8> = Vec::new();
        if first_open == 0 {
            open.push(Reverse((0, h0.saturating_mul(weight), h0, 0)));
        }
        // The frontier goes in as novel: the novelty table learns from the
        // weighted search's own states (seeding it with the frontier in
        // breadth-first order would rank the frontier's children stale).
        for node in first_open.max(1)..self.store.len() as u32 {
            let h = heuristic.score(&self.store.state(node)[..self.cell_words]);
            let g = self.store.depth[node as usize];
            open.push(Reverse((0, g.saturating_add(h.saturating_mul(weight)), h, node)));
        }
        let mut children = Vec::new();
        // The walk queue, for a level with one player (it also notes which
        // states have been expanded: a state waits in both queues).
        let mut walk = self.walks.then(|| WalkQueue::new(&open, self.store.len(), self.cell_words, weight));
        let bytes = |s: &Self, open: &BinaryHeap<_>, deferred: &Vec<u8>, walk: &Option<WalkQueue>| {
            s.store.bytes() + open.capacity() * 16 + deferred.capacity() + walk.as_ref().map_or(0, WalkQueue::bytes)
        };
        // The walks of a state expanded from the walk queue.
        let mut walks: Vec<u32> = Vec::new();
        // The least estimate queued so far (see [`BOOST_STATES`]).
        let mut best_h = u32::MAX;
        loop {
            // The walk queue goes when it has stored no more states than
            // the main one (or the main one is empty), or while it is
            // boosted.
            let boosted = walk.as_ref().is_some_and(|w| self.store.len() < w.boost_until);
            let from_walks = walk.as_ref().is_some_and(|w| {
                !w.open.is_empty()
                    && (open.is_empty() || if boosted { w.boost_walks } else { w.spent[1] <= w.spent[0] })
            });
            let popped = match walk.as_mut() {
                Some(w) if from_walks => w.open.pop(),
                _ => open.pop(),
            };
            let Some(Reverse((tier, f, h, first))) = popped else { break };
            if tier != DEFERRED_TIER
                && let Some(w) = walk.as_mut()
                && w.expanded(first)
            {
                continue;
            }
            let before = self.store.len();
            walks.clear();
            let mut head = 0;
            let mut node = first;
            let mut tier = tier;
            loop {
                let n = node as usize;
                let (which, clicks, guesser) = if tier == DEFERRED_TIER {
                    (std::mem::take(&mut deferred[n]), false, None)
                } else {
                    (ALL_INPUTS, true, Some(&mut memo))
                };
                match self.expand(node, which, clicks, guesser, &mut children) {
                    Ok((Some(inputs), _)) => return (Status::Solved { inputs }, bytes(self, &open, &deferred, &walk)),
                    Ok((None, later)) if later != 0 => {
                        if deferred.len() <= n {
                            deferred.resize(self.store.len().max(n + 1), 0);
                        }
                        deferred[n] = later;
                        open.push(Reverse((DEFERRED_TIER, f, h, node)));
                    }
                    Ok(_) => {}
                    Err(status) => return (status, bytes(self, &open, &deferred, &walk)),
                }
                // Room for the pushes of the states this expansion stored.
                if let Some(w) = walk.as_mut() {
                    w.pushes.resize(self.store.len(), 0);
                }
                for &child in &children {
                    let state = &self.store.state(child)[..self.cell_words];
                    if let Some(w) = walk.as_mut() {
                        let is_walk = self.is_walk(node, child);
                        w.pushes[child as usize] = w.pushes[n] + u32::from(!is_walk);
                        // A walk found by the walk queue is expanded now,
                        // in the order found; it is queued nowhere.
                        if is_walk && from_walks {
                            w.expanded(child);
                            walks.push(child);
                            continue;
                        }
                    }
                    let (rest, walk_h) = heuristic.score_parts(state);
                    let h = rest.saturating_add(walk_h);
                    if h < best_h {
                        best_h = h;
                        if let Some(w) = walk.as_mut() {
                            w.boost_until = self.store.len() + BOOST_STATES;
                            w.boost_walks = from_walks;
                        }
                    }
                    let g = self.store.depth[child as usize];
                    let stale = u32::from(use_novelty && !novelty.is_novel(h, state));
                    open.push(Reverse((stale, g.saturating_add(h.saturating_mul(weight)), h, child)));
                    if let Some(w) = walk.as_mut() {
                        w.push(child, rest, state, use_novelty);
                    }
                }
                let Some(&next) = walks.get(head) else { break };
                head += 1;
                node = next;
                tier = 0;
            }
            if let Some(w) = walk.as_mut()
                && !boosted
            {
                w.spent[usize::from(from_walks)] += self.store.len() - before;
            }
        }
        (Status::Exhausted, bytes(self, &open, &deferred, &walk))
    }
}

/// When an expansion from one queue of a search with walks queues a state
/// with a lower estimate than any before, that queue goes on alone for
/// this many more stored states (not counted in the shares): the order
/// that is making progress is followed while it does.
const BOOST_STATES: usize = 3000;

/// The second queue of a weighted search with walks (see
/// [`Search::astar`]): the states ranked by pushes made (turns that changed
/// more than where the player is) plus the weighted estimate without the
/// player's walk to the next push (the queue walks everywhere anyway),
/// novel ones first as in the main queue.
struct WalkQueue {
    open: BinaryHeap<Reverse<(u32, u32, u32, u32)>>,
    novelty: Novelty,
    weight: u32,
    /// Per state: pushes on its path.
    pushes: Vec<u32>,
    /// Per state: whether it has been expanded.
    done: Vec<bool>,
    /// States stored by expansions from the main queue (0) and this one (1).
    spent: [usize; 2],
    /// The queue that last found a state with a lower estimate than any
    /// before (true: this one) goes alone until the store holds
    /// `boost_until` states.
    boost_walks: bool,
    boost_until: usize,
}

impl WalkQueue {
    /// A queue holding what `open` holds (the states `0..states` are
    /// stored, none with a push yet counted; they keep their whole
    /// estimate).
    fn new(open: &BinaryHeap<Reverse<(u32, u32, u32, u32)>>, states: usize, words: usize, weight: u32) -> Self {
        let mut q = WalkQueue {
            open: BinaryHeap::new(),
            novelty: Novelty::new(words),
            weight,
            pushes: vec![0; states],
            done: vec![false; states],
            spent: [0; 2],
            boost_walks: false,
            boost_until: 0,
        };
        for Reverse((tier, _, h, node)) in open {
            q.open.push(Reverse((*tier, h.saturating_mul(weight), *h, *node)));
        }
        q
    }

    /// Queue stored state `node` (whose pushes are counted), of estimate `h`
    /// (without the walk to the next push).
    fn push(&mut self, node: u32, h: u32, state: &[u64], use_novelty: bool) {
        let stale = u32::from(use_novelty && !self.novelty.is_novel(h, state));
        let f = self.pushes[node as usize].saturating_add(h.saturating_mul(self.weight));
        self.open.push(Reverse((stale, f, h, node)));
    }

    /// Mark `node` expanded; whether it already was.
    fn expanded(&mut self, node: u32) -> bool {
        let n = node as usize;
        if self.done.len() <= n {
            self.done.resize(n + 1, false);
        }
        std::mem::replace(&mut self.done[n], true)
    }

    fn bytes(&self) -> usize {
        self.open.capacity() * 16 + self.pushes.capacity() * 4 + self.done.capacity()
    }
}

/// Whether states `a` and `b` (cells of `player_mask.len()` words in their
/// first `cell_words` words, then the restart target if any) differ only
/// in the bits of `player_mask`: the objects the player is made of.
pub(crate) fn only_player_moved(a: &[u64], b: &[u64], cell_words: usize, player_mask: &[u64]) -> bool {
    let ow = player_mask.len().max(1);
    a.len() == b.len()
        && cell_words <= a.len()
        && a[cell_words..] == b[cell_words..]
        && a[..cell_words]
            .chunks_exact(ow)
            .zip(b[..cell_words].chunks_exact(ow))
            .all(|(x, y)| x.iter().zip(y).zip(player_mask).all(|((x, y), m)| (x ^ y) & !m == 0))
}

/// Whether exactly one cell of `objects` (cells of `player_mask.len()`
/// words) holds a player object: a level whose walks move one thing, so a
/// state has no more walks than the player has places (with several
/// players, or a player made of many pieces, the combinations of their
/// places multiply, and the walk queue spends its share on them).
pub(super) fn one_player(objects: &[u64], player_mask: &[u64]) -> bool {
    let ow = player_mask.len().max(1);
    objects.chunks_exact(ow).filter(|c| c.iter().zip(player_mask).any(|(x, m)| x & m != 0)).count() == 1
}

/// Every key of the search (bit `k` for `inputs[k]`).
const ALL_INPUTS: u8 = 0x1f;
/// The queue tier of a state queued again for the inputs it put aside:
/// after every novel (0) and stale (1) state.
const DEFERRED_TIER: u32 = 2;

/// Which (cell, object) facts states of each estimate have shown: a state
/// is novel when it puts some object on some cell where no earlier state
/// of the same estimate had it.
struct Novelty {
    words: usize,
    seen: Vec<Vec<u64>>,
}

/// Estimates above this share one table.
const NOVELTY_BUCKETS: usize = 512;

impl Novelty {
    fn new(words: usize) -> Self {
        Novelty { words, seen: Vec::new() }
    }

    fn is_novel(&mut self, h: u32, state: &[u64]) -> bool {
        let b = (h as usize).min(NOVELTY_BUCKETS);
        if self.seen.len() <= b {
            self.seen.resize_with(b + 1, Vec::new);
        }
        let table = &mut self.seen[b];
        if table.is_empty() {
            table.resize(self.words, 0);
        }
        let mut novel = false;
        for (t, &w) in table.iter_mut().zip(state) {
            novel |= w & !*t != 0;
            *t |= w;
        }
        novel
    }
}
