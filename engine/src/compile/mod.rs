//! Syntax tree -> immutable `Game` (objects, layers, expanded rules as
//! bitset masks, levels, win conditions, sounds, prelude options).
//!
//! Phases: `layout` (object ids and layers over the build's name table), `expand` (rules over
//! names, made concrete in the reference's order), `rules` (bitset
//! patterns, groups, loops, rigid tables), `levels`, `sounds`.

pub mod bits;
mod drawn;
mod expand;
mod layout;
pub mod levels;
mod lint;
pub mod model;
mod mouse;
mod rules;
pub(crate) mod settle;
pub mod sounds;
pub mod sprites;
mod symbols;

use std::sync::Arc;

use crate::diag::Diagnostic;
use crate::names::NameTable;
use crate::options::PreludeOption;
use crate::span::Span;
use crate::syntax::ast::{Ast, RuleLineKind, SmolStr, Sprite};
pub use drawn::Drawn;
pub use levels::{Level, LevelGrid};
pub use model::{CellPattern, Command, Direction, PatternCell, Phase, Replacement, Row, Rule, RuleSet, Subroutine};
pub use mouse::Mouse;
pub use sounds::{MoveSound, Sounds};

/// `all`, `some`/`any` or `no`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Quantifier {
    /// `no X [on Y]`
    No,
    /// `some X [on Y]` (also `any`)
    Some,
    /// `all X [on Y]`
    All,
}

/// Which cells a name stands for: those holding one of its objects, or for
/// an `and` aggregate, all of them.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ObjectMatch {
    /// An aggregate: a cell must hold every object of `mask`.
    pub aggregate: bool,
    /// The objects (bit `id` per object).
    pub mask: Box<[u64]>,
}

impl ObjectMatch {
    /// Whether a cell with objects `cell` is one the name stands for.
    #[must_use]
    #[inline]
    pub fn matches(&self, cell: &[u64]) -> bool {
        if self.aggregate { bits::contains(cell, &self.mask) } else { bits::intersects(cell, &self.mask) }
    }
}

/// A win condition over object masks.
#[derive(Debug, Clone)]
pub struct WinCondition {
    /// The quantifier.
    pub quantifier: Quantifier,
    /// The subject (`crate` in `all crate on target`).
    pub subject: ObjectMatch,
    /// What the subject must be on (every cell matches when absent).
    pub target: ObjectMatch,
    /// Source line.
    pub line: u32,
}

/// Prelude options.
#[derive(Debug, Clone, Default)]
pub struct Metadata {
    /// Every option in order: key and value as written.
    pub options: Vec<(String, Option<String>)>,
    /// `title`.
    pub title: Option<String>,
    /// `author`.
    pub author: Option<String>,
    /// `homepage`.
    pub homepage: Option<String>,
    /// Seconds between `again` turns (default 0.15).
    pub again_interval: f64,
    /// Seconds between realtime ticks, when the game is realtime.
    pub realtime_interval: Option<f64>,
    /// Seconds between key repeats (default 0.15).
    pub key_repeat_interval: f64,
    /// `flickscreen WxH`.
    pub flickscreen: Option<(u32, u32)>,
    /// `zoomscreen WxH`.
    pub zoomscreen: Option<(u32, u32)>,
    /// `smoothscreen [flick] WxH [IxJ] [S]` (PuzzleScript Plus).
    pub smoothscreen: Option<crate::options::SmoothScreen>,
    /// `background_color` as written.
    pub background_color: Option<String>,
    /// `text_color` as written.
    pub text_color: Option<String>,
    /// `color_palette` as written.
    pub color_palette: Option<String>,
    /// `sprite_size N` / `WxH` (PuzzleScript Plus): the cell's pixel grid,
    /// width and height; `None` for the classic 5x5.
    pub sprite_size: Option<(u32, u32)>,
    /// `tween_length` and its companions (PuzzleScript Plus), when set:
    /// moves slide between cells as they are drawn.
    pub tween: Option<crate::tween::TweenOptions>,
    /// `animate_interval` (PuzzleScript Next) as read (zero in metadata
    /// not read from a prelude); [`Metadata::afx_interval`] is the time.
    pub animate_interval: std::time::Duration,
    /// `level_select` and its options (PuzzleScript Plus), when set.
    pub level_select: Option<LevelSelectOptions>,
    /// `skip_title_screen` (PuzzleScript Plus): start as if continue had
    /// been chosen.
    pub skip_title_screen: bool,
    /// `local_radius N` (PuzzleScript Plus): rules match only near the
    /// player (rows without `...`, rules not marked `global`).
    pub local_radius: Option<isize>,
    /// The dialect the game is written in ([`crate::dialect::needed`]):
    /// a Plus/Next game's sprites are drawn as those dialects draw them.
    pub dialect: crate::options::Dialect,
    /// Not an option: in a session's live options, the last time a rule
    /// made PuzzleScript Next lay its canvas out again, which re-snaps a
    /// `smoothscreen` camera; `None` in a game's own.
    pub camera_snap: Option<crate::options::CameraSnap>,
}

/// How a PuzzleScript Plus level select behaves (`level_select_*` options).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LevelSelectOptions {
    /// `level_select_lock`: sections past the unsolved ones are locked.
    pub lock: bool,
    /// `level_select_unlocked_ahead N`: with `lock`, this many sections
    /// past the last solved one are open (1 when not given).
    pub unlocked_ahead: usize,
    /// `level_select_unlocked_rollover N`: with `lock`, the first N unsolved
    /// sections are open (takes the place of `unlocked_ahead`).
    pub unlocked_rollover: Option<usize>,
    /// `level_select_solve_symbol S`: the mark of a solved section.
    pub solve_symbol: String,
    /// `continue_is_level_select`: the title's continue opens the select.
    pub continue_is_select: bool,
}

/// A `section NAME` of the LEVELS (PuzzleScript Plus): the entries from
/// `first_entry` to the next section's.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SectionInfo {
    /// The name as written.
    pub name: String,
    /// Its first LEVELS entry.
    pub first_entry: usize,
}

/// A `link OBJECT NAME` line of the LEVELS (PuzzleScript Next): in the
/// maps from `from_entry` on, a rule's `link` command on a player standing
/// on `object` takes them to entry `target` (`None` when the name leads
/// nowhere, which `check` reports).
#[derive(Debug, Clone)]
pub struct LinkInfo {
    /// The object (or property) to stand on.
    pub object: ObjectMatch,
    /// The entry it leads to.
    pub target: Option<usize>,
    /// The first entry it holds for.
    pub from_entry: usize,
}

/// The `link` lines of the LEVELS, resolved.
fn links(ast: &Ast, mask_of: &dyn Fn(&str) -> ObjectMatch) -> Vec<LinkInfo> {
    let entry = |t| match t {
        crate::syntax::ast::Target::Entry(k) => Some(k),
        _ => None,
    };
    ast.level_links
        .iter()
        .map(|l| LinkInfo {
            object: mask_of(&l.object.text),
            target: entry(ast.link_target(&l.target)),
            from_entry: l.from_entry,
        })
        .collect()
}

impl Metadata {
    /// How long `afx:` animations take (`animate_interval`, else
    /// [`crate::afx::DEFAULT_INTERVAL`]).
    #[must_use]
    pub fn afx_interval(&self) -> std::time::Duration {
        if self.animate_interval.is_zero() { crate::afx::DEFAULT_INTERVAL } else { self.animate_interval }
    }

    /// Whether the option `key` was given.
    #[must_use]
    pub fn has(&self, key: &str) -> bool {
        self.options.iter().any(|(k, _)| k == key)
    }
    /// Whether `option` was given.
    #[must_use]
    pub fn has_option(&self, option: PreludeOption) -> bool {
        self.has(option.keyword())
    }
    /// The value given to `option` (the last one when it was given twice).
    #[must_use]
    pub fn option_value(&self, option: PreludeOption) -> Option<&str> {
        self.value(option.keyword())
    }
    fn value(&self, key: &str) -> Option<&str> {
        self.options.iter().rev().find(|(k, _)| k == key).and_then(|(_, v)| v.as_deref())
    }
}

/// What an object looks like (for renderers). The name and sprite are
/// copies of the syntax tree's that cost no allocation (a short name and a
/// sprite of five rows are kept in place).
#[derive(Debug, Clone)]
pub struct ObjectInfo {
    /// Lower-case name.
    pub name: SmolStr,
    /// Collision layer.
    pub layer: usize,
    /// Colour words as written.
    pub colors: Vec<SmolStr>,
    /// Sprite pixels (`None` transparent), empty for a solid block.
    pub sprite: Sprite,
    /// Where the sprite is drawn from its cell, in pixels right and down
    /// (PuzzleScript Next's `translate:`; zero otherwise).
    pub offset: (i32, i32),
    /// Drawn as text or by canvas instructions instead (PuzzleScript Next).
    pub drawn: Option<Arc<Drawn>>,
}

/// A compiled game, ready to play. Immutable and shareable across threads.
#[derive(Debug, Clone, Default)]
pub struct Game {
    /// Objects by id.
    pub objects: Vec<ObjectInfo>,
    /// Number of collision layers.
    pub layer_count: usize,
    /// Words per cell object mask.
    pub obj_words: usize,
    /// Words per cell movement mask.
    pub mov_words: usize,
    /// Object mask of each layer.
    pub layer_masks: Vec<Box<[u64]>>,
    /// The cells that hold the player.
    pub player: ObjectMatch,
    /// Main rules (those before the first `subroutine` line).
    pub rules: RuleSet,
    /// Late rules (those before the first `subroutine` line).
    pub late_rules: RuleSet,
    /// Rigid group index -> group, numbered over all non-late groups (main
    /// rules first, then each subroutine's; see [`RuleSet::group_base`]).
    pub rigid_to_group: Vec<usize>,
    /// Whether any rule group is rigid.
    pub rigid: bool,
    /// PuzzleScript Next subroutines in the order they are defined; a
    /// [`Command::Gosub`] names one by its index.
    pub subroutines: Vec<Subroutine>,
    /// Win conditions.
    pub win_conditions: Vec<WinCondition>,
    /// Sounds.
    pub sounds: Sounds,
    /// Levels and messages in order.
    pub levels: Vec<Level>,
    /// `section` lines of the LEVELS, in order (PuzzleScript Plus); the
    /// ones no entry follows are left out.
    pub sections: Vec<SectionInfo>,
    /// `level NAME` lines (PuzzleScript Next): a map's entry and its name.
    pub level_names: Vec<(usize, String)>,
    /// `link OBJECT NAME` lines of the LEVELS (PuzzleScript Next), in order.
    pub links: Vec<LinkInfo>,
    /// Prelude options.
    pub metadata: Metadata,
    /// What mouse and touch events do (PuzzleScript Plus's `mouse_*`
    /// options).
    pub mouse: Mouse,
    /// PuzzleScript Next's `load_images` pictures, for canvas sprites'
    /// `drawImage` (loaded by [`crate::build_with_files`], not here).
    pub images: crate::images::Images,
}

impl Game {
    /// Every rule: the main and late rules of the game, then of each
    /// subroutine.
    pub fn all_rules(&self) -> impl Iterator<Item = &Rule> {
        [&self.rules, &self.late_rules]
            .into_iter()
            .chain(self.subroutines.iter().flat_map(|s| [&s.rules, &s.late_rules]))
            .flat_map(|s| s.groups.iter().flatten())
    }
}

fn parse_dims(v: Option<&str>) -> Option<(u32, u32)> {
    let v = v?;
    let (a, b) = v.split_once('x')?;
    Some((a.trim().parse().ok()?, b.trim().parse().ok()?))
}

fn metadata(ast: &Ast, dialect: crate::options::Dialect) -> Metadata {
    let mut m = Metadata {
        options: ast.prelude.iter().map(|p| (p.key.text.to_string(), p.value.clone())).collect(),
        dialect,
        ..Metadata::default()
    };
    m.derive();
    m
}

impl Metadata {
    /// A rule's `OPTION VALUE` command (`runtime_metadata_twiddling`):
    /// set the option to `value`; `wipe` removes it and `default` gives it
    /// back its value in `start` (the game's prelude).
    pub fn twiddle(&mut self, option: PreludeOption, value: &str, start: &Metadata) {
        let key = option.keyword();
        let value = value.trim();
        let new: Option<Option<String>> = if value.eq_ignore_ascii_case("wipe") {
            None
        } else if value.eq_ignore_ascii_case("default") {
            start.options.iter().rev().find(|(k, _)| k == key).map(|(_, v)| v.clone())
        } else {
            Some(Some(value.to_owned()))
        };
        self.options.retain(|(k, _)| k != key);
        if let Some(v) = new {
            self.options.push((key.to_owned(), v));
        }
        self.derive();
    }

    /// The fields read from [`Self::options`].
    fn derive(&mut self) {
        let m = self;
        m.again_interval = 0.15;
        m.key_repeat_interval = 0.15;
        use PreludeOption as O;
        let num = |m: &Metadata, o: O| m.option_value(o).and_then(|v| v.trim().parse::<f64>().ok());
        let text = |m: &Metadata, o: O| m.option_value(o).map(str::to_owned);
        m.title = text(m, O::Title);
        m.author = text(m, O::Author);
        m.homepage = text(m, O::Homepage);
        if let Some(v) = num(m, O::AgainInterval) {
            m.again_interval = v;
        }
        if let Some(v) = num(m, O::KeyRepeatInterval) {
            m.key_repeat_interval = v;
        }
        m.realtime_interval = num(m, O::RealtimeInterval);
        m.flickscreen = parse_dims(m.option_value(O::Flickscreen));
        m.zoomscreen = parse_dims(m.option_value(O::Zoomscreen));
        m.smoothscreen = m.option_value(O::Smoothscreen).and_then(crate::options::parse_smoothscreen);
        m.background_color = text(m, O::BackgroundColor);
        m.text_color = text(m, O::TextColor);
        m.color_palette = text(m, O::ColorPalette);
        m.sprite_size = m.option_value(O::SpriteSize).and_then(crate::options::parse_sprite_size);
        m.tween = crate::tween::TweenOptions::new(
            m.option_value(O::TweenLength),
            m.option_value(O::TweenEasing),
            m.option_value(O::TweenSnap),
            m.sprite_size.map_or(5, |s| s.0),
        );
        m.animate_interval = crate::afx::interval(m.option_value(O::AnimateInterval));
        m.skip_title_screen = m.has_option(O::SkipTitleScreen);
        m.local_radius = m.option_value(O::LocalRadius).and_then(|v| v.trim().parse::<isize>().ok());
        let count = |m: &Metadata, o: O| num(m, o).filter(|n| *n >= 0.0).map(|n| n as usize);
        if m.has_option(O::LevelSelect) {
            m.level_select = Some(LevelSelectOptions {
                lock: m.has_option(O::LevelSelectLock),
                unlocked_ahead: count(m, O::LevelSelectUnlockedAhead).unwrap_or(1),
                unlocked_rollover: count(m, O::LevelSelectUnlockedRollover),
                solve_symbol: m.option_value(O::LevelSelectSolveSymbol).unwrap_or("X").to_owned(),
                continue_is_select: m.has_option(O::ContinueIsLevelSelect),
            });
        } else {
            m.level_select = None;
        }
    }
}

/// The subroutines a game defines (key and line), the first of each name.
fn subroutine_names(ast: &Ast) -> Vec<(String, u32)> {
    let mut out: Vec<(String, u32)> = Vec::new();
    for def in &ast.rules {
        if let RuleLineKind::Subroutine(name) = &def.kind {
            let key = model::subroutine_key(&name.text);
            if !out.iter().any(|(k, _)| *k == key) {
                out.push((key, def.span.line));
            }
        }
    }
    out
}

/// The most rule groups with rigid rules a game may have. The reference
/// keeps them in a 32-bit mask and refuses a game with more, so we do too.
pub const MAX_RIGID_GROUPS: usize = 30;

/// Each object's name as written, layer, colours, final sprite (with its
/// offset) and how it is drawn when not by its sprite, by id.
fn object_infos(ast: &Ast, table: &NameTable, names: &layout::Layout) -> Vec<ObjectInfo> {
    names
        .id_names
        .iter()
        .map(|n| {
            let def = table.object_def(n).and_then(|i| ast.objects.get(i));
            let sprite = def.map(|d| sprites::final_sprite(ast, d)).unwrap_or_default();
            ObjectInfo {
                name: def.map_or_else(|| SmolStr::new(n), |d| d.name.text.clone()),
                layer: names.object(n).map_or(0, |x| x.1),
                colors: def.map(|d| d.colors.iter().map(|c| c.text.clone()).collect()).unwrap_or_default(),
                sprite: sprite.0,
                offset: sprite.1,
                drawn: def.and_then(|d| drawn::drawn(ast, d)),
            }
        })
        .collect()
}

/// Compile a checked syntax tree whose names are `table`. Never panics;
/// broken parts are skipped.
#[must_use]
pub fn compile(ast: &Ast, table: &NameTable) -> (Option<Game>, Vec<Diagnostic>) {
    compile_as(ast, table, crate::dialect::needed(ast).map_or_else(Default::default, |n| n.dialect))
}

/// [`compile`] a game already known to be written in `dialect` (from
/// [`crate::dialect::needed`], worked out once per build).
#[must_use]
pub fn compile_as(ast: &Ast, table: &NameTable, dialect: crate::options::Dialect) -> (Option<Game>, Vec<Diagnostic>) {
    let mut diags = Vec::new();
    let names = layout::Layout::build(ast, table);
    if names.layer_count == 0 || names.id_count() == 0 {
        diags.push(crate::diag::catalogue::nothing_to_compile(Span::new(0, 0, 1, 1)));
        return (None, diags);
    }
    let ow = bits::obj_words(names.id_count());
    let clicks = ast.mouse_clicks();
    let mw = bits::mov_words_with(names.layer_count, clicks);
    let mut layer_masks: Vec<Vec<u64>> = vec![vec![0u64; ow]; names.layer_count];
    for (id, n) in names.id_names.iter().enumerate() {
        if let Some((oid, layer)) = names.object(n)
            && oid == id
            && let Some(m) = layer_masks.get_mut(layer)
        {
            bits::set_bit(m, id);
        }
    }
    let layer_masks: Vec<Box<[u64]>> = layer_masks.into_iter().map(Vec::into_boxed_slice).collect();
    let mask_of = |name: &str| -> ObjectMatch {
        let mut m = vec![0u64; ow];
        let mut aggregate = false;
        if let Some((a, ids)) = names.objects_of(name) {
            aggregate = a;
            for id in ids {
                bits::set_bit(&mut m, *id);
            }
        }
        ObjectMatch { aggregate, mask: m.into() }
    };
    let player = mask_of("player");
    let bg = levels::background(&names);
    let levels = levels::build(&names, ast, bg, &layer_masks, ow);

    let mut syms = symbols::Symbols::new(&names);
    let (irules, loops) = expand::read_rules(ast, &mut syms);
    lint::superfluous_no(&syms, &irules, &mut diags);
    let metadata = metadata(ast, dialect);
    // A Plus/Next game may pair properties of one size across a rule, and
    // plays its create and destroy sounds per object.
    let plus = metadata.dialect > crate::options::Dialect::Classic;
    let concrete = expand::expand_rules(&syms, irules, plus, &mut diags);
    lint::impossible_cells(&syms, &concrete, &mut diags);
    let compiled = rules::build(
        &syms,
        &layer_masks,
        &concrete,
        &loops,
        &subroutine_names(ast),
        rules::GameKind { clicks, plus },
        &mut diags,
    );
    if let Some(&g) = compiled.rigid.rigid_to_group.get(MAX_RIGID_GROUPS) {
        // Rigid groups are numbered over the main rules, then each
        // subroutine's; the first rule of the one past the limit is blamed.
        let sets = std::iter::once(&compiled.rules).chain(compiled.subroutines.iter().map(|s| &s.rules));
        let line = sets.filter_map(|s| s.groups.get(g.checked_sub(s.group_base)?)?.first()).map(|r| r.line).next();
        let line = line.unwrap_or(1);
        let span = ast.rules.iter().find(|d| d.span.line == line).map_or(Span::new(0, 0, line, 1), |d| d.span);
        diags.push(crate::diag::catalogue::too_many_rigid_groups(span, MAX_RIGID_GROUPS));
    }
    let mut seen_diag = rustc_hash::FxHashSet::default();
    diags.retain(|d| seen_diag.insert((d.span.start, d.code, d.message.clone())));

    let mut win_conditions = Vec::new();
    for wc in &ast.win_conditions {
        let w: Vec<&str> = wc.words.iter().map(|x| x.text.as_str()).collect();
        if w.len() < 2 {
            continue;
        }
        let quantifier = match w[0] {
            "no" => Quantifier::No,
            "all" => Quantifier::All,
            _ => Quantifier::Some,
        };
        if names.objects_of(w[1]).is_none() {
            continue;
        }
        let subject = mask_of(w[1]);
        let target = if w.len() >= 4 {
            if names.objects_of(w[3]).is_none() {
                continue;
            }
            mask_of(w[3])
        } else {
            ObjectMatch { aggregate: false, mask: vec![u64::MAX; ow].into() }
        };
        win_conditions.push(WinCondition { quantifier, subject, target, line: wc.span.line });
    }
    let sounds = sounds::build(&names, &ast.sounds, ow, plus);
    let mouse = mouse::build(ast, &names, ow, &mut diags);
    let objects = object_infos(ast, table, &names);
    let game = Game {
        objects,
        layer_count: names.layer_count,
        obj_words: ow,
        mov_words: mw,
        layer_masks,
        player,
        rules: compiled.rules,
        late_rules: compiled.late_rules,
        rigid_to_group: compiled.rigid.rigid_to_group,
        rigid: compiled.rigid.any,
        subroutines: compiled.subroutines,
        win_conditions,
        sounds,
        sections: ast
            .level_sections
            .iter()
            .filter(|s| s.first_entry < ast.levels.len())
            .map(|s| SectionInfo { name: s.name.clone(), first_entry: s.first_entry })
            .collect(),
        level_names: ast.level_names.iter().map(|n| (n.entry, n.name.clone())).collect(),
        links: links(ast, &mask_of),
        levels,
        metadata,
        mouse,
        images: crate::images::Images::default(),
    };
    if crate::diag::has_errors(&diags) {
        return (None, diags);
    }
    (Some(game), diags)
}
