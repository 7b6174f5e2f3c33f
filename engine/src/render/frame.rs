//! Level pictures: the game's look (palette, colours, sprite images), the
//! camera (whole level, flickscreen or zoomscreen) and RGBA frames of any
//! level grid: a session's board, a board just won, or any level of a
//! compiled game with no session (thumbnails, exports, GIFs). Every frame
//! goes through one drawing function, [`draw_grid`].

use super::{DEFAULT_PALETTE, PaletteTable, Rgba, SpriteImage, blend, color, palette, sprite_image, sprite_image_plus};
use crate::compile::bits;
use crate::compile::{Game, Level, LevelGrid, Metadata};

/// Everything needed to draw a game, computed once per compiled game.
#[derive(Debug, Clone)]
pub struct Look {
    /// The palette named by `color_palette` (or the default), with the
    /// colours PuzzleScript Next's `color_palette NAME COLOUR VALUE...`
    /// changes.
    pub palette: PaletteTable,
    /// `background_color` (black when not given or not a colour).
    pub background: Rgba,
    /// `text_color` (white when not given or not a colour).
    pub text: Rgba,
    /// One image per object id.
    pub images: Vec<SpriteImage>,
    /// PuzzleScript Plus/Next drawing: the cell's pixel grid (width,
    /// height; `sprite_size`, else 5x5), with every image's bottom-left on
    /// its cell's bottom-left, larger ones reaching over the neighbours
    /// above and to the right, drawn layer by layer across the level.
    /// `None` for a classic game, drawn as it always was.
    pub plus_grid: Option<(usize, usize)>,
    /// Frame pixels to a sprite pixel: 1, but in a game with PuzzleScript
    /// Next's text or canvas sprites enough for a cell of about 32 pixels,
    /// so that their letters and curves show (pixel sprites are drawn as
    /// blocks of this size, the same picture when scaled up).
    pub detail: usize,
    /// `scanline`: each sprite pixel is drawn on the top half of its rows
    /// only (the reference's scanline effect), the background showing
    /// under it; frames then have two pixels a sprite pixel at least.
    pub scanline: bool,
}

impl Look {
    /// The look of `game`.
    #[must_use]
    pub fn new(game: &Game) -> Self {
        Look::with_options(game, &game.metadata)
    }

    /// The look of `game` with its drawing options (`color_palette`,
    /// `background_color`, `text_color`) as `meta` has them: a session's
    /// options, which rules change with `runtime_metadata_twiddling`.
    #[must_use]
    pub fn with_options(game: &Game, live: &crate::compile::Metadata) -> Self {
        let named = live.color_palette.as_deref();
        let palette = if game.metadata.dialect > crate::options::Dialect::Classic {
            named.and_then(super::palette_with_changes).map(|(table, _)| table)
        } else {
            named.and_then(palette).cloned()
        };
        let palette = palette.unwrap_or_else(|| DEFAULT_PALETTE.clone());
        let pick = |word: Option<&str>, fallback: Rgba| {
            word.and_then(|w| color(w, &palette)).filter(|c| !c.is_transparent()).unwrap_or(fallback)
        };
        let meta = &game.metadata;
        let plus_grid = (meta.dialect > crate::options::Dialect::Classic).then(|| {
            let (w, h) = meta.sprite_size.unwrap_or((5, 5));
            (w as usize, h as usize)
        });
        let detail = match plus_grid {
            Some((w, h)) if game.objects.iter().any(|o| o.drawn.is_some()) => 32usize.div_ceil(w.max(h).max(1)),
            _ => 1,
        };
        let scanline = meta.has_option(crate::options::PreludeOption::Scanline);
        let detail = if scanline { detail.max(2) } else { detail };
        let font_size = super::text::font_size(game);
        let images = game
            .objects
            .iter()
            .map(|o| {
                let colors: Vec<Rgba> =
                    o.colors.iter().map(|c| color(c, &palette).unwrap_or(Rgba::TRANSPARENT)).collect();
                match (plus_grid, &o.drawn) {
                    (Some(grid), Some(drawn)) => super::drawn::drawn_image(drawn, &colors, grid, detail, font_size),
                    (Some(grid), None) => sprite_image_plus(&o.sprite, &colors, grid),
                    (None, _) => sprite_image(&o.sprite, &colors),
                }
            })
            .collect();
        let background = pick(live.background_color.as_deref(), Rgba::BLACK);
        let text = pick(live.text_color.as_deref(), Rgba::WHITE);
        Self { palette, background, text, images, plus_grid, detail, scanline }
    }

    /// This look, or when `live` (a session's options) has the drawing
    /// options changed by a rule (`runtime_metadata_twiddling`:
    /// `color_palette`, `background_color`, `text_color`), the look with
    /// them.
    #[must_use]
    pub fn live<'a>(&'a self, game: &Game, live: &crate::compile::Metadata) -> std::borrow::Cow<'a, Look> {
        let meta = &game.metadata;
        if live.color_palette == meta.color_palette
            && live.background_color == meta.background_color
            && live.text_color == meta.text_color
        {
            return std::borrow::Cow::Borrowed(self);
        }
        std::borrow::Cow::Owned(Look::with_options(game, live))
    }

    /// Pixels of one cell, across and down: the largest sprite each way
    /// (5x5 for the usual sprites) in a classic game, always square; in a
    /// PuzzleScript Plus/Next game its grid (`sprite_size N` or `WxH`),
    /// so a `7x4` game's cells are 7 pixels wide and 4 high (times
    /// [`Look::detail`]).
    #[must_use]
    pub fn cell_size(&self) -> (usize, usize) {
        let detail = self.detail.max(1);
        if let Some((w, h)) = self.plus_grid {
            return (w.max(1) * detail, h.max(1) * detail);
        }
        let n = self.images.iter().map(|i| i.size).max().unwrap_or(5).max(1) * detail;
        (n, n)
    }

    /// [`Look::cell_size`] no more than `longest` pixels on its longer
    /// side (scaled down, never up), the other side in proportion,
    /// rounded, at least one pixel: small pictures of a level (the
    /// debugger's boards) keep the cells' shape.
    #[must_use]
    pub fn cell_within(&self, longest: usize) -> (usize, usize) {
        let (w, h) = self.cell_size();
        let (big, longest) = (w.max(h), longest.max(1));
        if big <= longest {
            return (w, h);
        }
        let scale = |side: usize| ((side * longest + big / 2) / big).max(1);
        (scale(w), scale(h))
    }

    /// [`Look::cell_size`] with its shorter side one pixel, the longer in
    /// proportion (rounded): the smallest picture of a level that keeps
    /// the cells' shape, one pixel a cell in a game of square cells (the
    /// thumbnails of big levels).
    #[must_use]
    pub fn cell_smallest(&self) -> (usize, usize) {
        let (w, h) = self.cell_size();
        let small = w.min(h).max(1);
        let scale = |side: usize| ((side + small / 2) / small).max(1);
        (scale(w), scale(h))
    }
}

/// A rectangle of cells: columns `x0..x1`, rows `y0..y1`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct View {
    /// First column.
    pub x0: usize,
    /// First row.
    pub y0: usize,
    /// One past the last column.
    pub x1: usize,
    /// One past the last row.
    pub y1: usize,
    /// How far past `x0` and `y0` the picture starts, in thousandths of a
    /// cell: a `smoothscreen` camera on its way (see [`Camera::view_at`]);
    /// the cells beyond `x1` and `y1` then show in part.
    pub slide: (u16, u16),
}

impl View {
    /// Width in cells.
    #[must_use]
    pub fn width(&self) -> usize {
        self.x1.saturating_sub(self.x0)
    }
    /// Height in cells.
    #[must_use]
    pub fn height(&self) -> usize {
        self.y1.saturating_sub(self.y0)
    }
}

/// Which part of the level is on screen. With `flickscreen WxH` the level
/// is cut into screens and the one holding the player shows; with
/// `zoomscreen WxH` a window of that size follows the player, kept inside
/// the level; with PuzzleScript Plus's `smoothscreen` a window glides
/// after the player. When there is no player the last view stays, or
/// the top left screen when there has been none.
///
/// The options come from the caller at every view, so a rule that changes
/// them (`runtime_metadata_twiddling`) changes the camera at once, as
/// PuzzleScript Next does: the first of `flickscreen`, `zoomscreen` and
/// `smoothscreen` set decides, a fixed window shows the player's screen
/// straight away, and a `smoothscreen` window set anew (or again after
/// another camera, or with other values) starts at rest on the player
/// rather than gliding there.
#[derive(Debug, Clone, Default)]
pub struct Camera {
    last: Option<View>,
    /// `smoothscreen`: the camera's aim, the level size and the options
    /// it is for.
    glide: Option<(super::glide::Glide, (usize, usize), crate::options::SmoothScreen)>,
    /// The latest time given by [`Camera::set_time`], if any.
    clock: Option<std::time::Duration>,
}

/// The camera `options` ask for, in PuzzleScript Next's order.
enum Kind {
    Whole,
    Flick(usize, usize),
    Zoom(usize, usize),
    Smooth(crate::options::SmoothScreen),
}

fn kind(options: &Metadata) -> Kind {
    let size = |(w, h): (u32, u32)| ((w as usize).max(1), (h as usize).max(1));
    if let Some(d) = options.flickscreen {
        let (w, h) = size(d);
        Kind::Flick(w, h)
    } else if let Some(d) = options.zoomscreen {
        let (w, h) = size(d);
        Kind::Zoom(w, h)
    } else if let Some(s) = options.smoothscreen {
        Kind::Smooth(s)
    } else {
        Kind::Whole
    }
}

impl Camera {
    /// The view for `grid`, a level of `game` (a session's board, the board
    /// of a level just won, or a level of the game as written), through
    /// the camera `options` ask for: the game's metadata, or as a level's
    /// rules have left them (`play::Play::options`,
    /// `play::Screen::options`). With PuzzleScript Plus's `smoothscreen`,
    /// the window part way through its glide after the player at the time
    /// given by [`Camera::set_time`] (see [`super::glide`]), or where it
    /// comes to rest when the host gives no time.
    pub fn view_of(&mut self, game: &Game, options: &Metadata, grid: &LevelGrid) -> View {
        let (w, h) = (grid.width, grid.height);
        let whole = View::whole(grid);
        let (sw, sh, flick) = match kind(options) {
            Kind::Smooth(smooth) => return self.glide_view(game, &smooth, grid),
            Kind::Whole => {
                self.glide = None;
                return whole;
            }
            Kind::Flick(sw, sh) => (sw, sh, true),
            Kind::Zoom(sw, sh) => (sw, sh, false),
        };
        self.glide = None;
        let Some((px, py)) = player_position_in(game, grid) else {
            // No player: the last view stays; before there was one, the
            // first screen (top left), as both references draw it.
            let first = View { x0: 0, y0: 0, x1: sw.min(w), y1: sh.min(h), slide: (0, 0) };
            return self.last.filter(|v| v.x1 <= w && v.y1 <= h).unwrap_or(first);
        };
        let view = if flick {
            let (x0, y0) = ((px / sw) * sw, (py / sh) * sh);
            View { x0, y0, x1: (x0 + sw).min(w), y1: (y0 + sh).min(h), slide: (0, 0) }
        } else {
            let x0 = px.saturating_sub(sw / 2).min(w.saturating_sub(sw));
            let y0 = py.saturating_sub(sh / 2).min(h.saturating_sub(sh));
            View { x0, y0, x1: (x0 + sw).min(w), y1: (y0 + sh).min(h), slide: (0, 0) }
        };
        self.last = Some(view);
        view
    }

    /// The time on the host's clock (any start, never going back), for a
    /// `smoothscreen` camera's glide.
    pub fn set_time(&mut self, now: std::time::Duration) {
        self.clock = Some(self.clock.map_or(now, |c| c.max(now)));
    }

    /// [`Camera::set_time`] then [`Camera::view_of`].
    pub fn view_at(&mut self, game: &Game, options: &Metadata, grid: &LevelGrid, now: std::time::Duration) -> View {
        self.set_time(now);
        self.view_of(game, options, grid)
    }

    /// Whether a `smoothscreen` camera is still gliding at `now` (a host
    /// keeps redrawing while it is), under `options` (as for
    /// [`Camera::view_of`]).
    #[must_use]
    pub fn gliding(&self, options: &Metadata, now: std::time::Duration) -> bool {
        let (Kind::Smooth(smooth), Some((glide, _, made_for))) = (kind(options), self.glide.as_ref()) else {
            return false;
        };
        smooth == *made_for && glide.moving(&smooth, self.clock.map_or(now, |c| c.max(now)))
    }

    /// The `smoothscreen` window of `smooth`: at the camera's time, or at
    /// rest.
    fn glide_view(&mut self, game: &Game, smooth: &crate::options::SmoothScreen, grid: &LevelGrid) -> View {
        let size = (grid.width, grid.height);
        let Some(player) = player_position_in(game, grid) else {
            return self.last.filter(|v| v.x1 <= size.0 && v.y1 <= size.1).unwrap_or_else(|| View::whole(grid));
        };
        let clock = self.clock.unwrap_or_default();
        let glide = match &mut self.glide {
            Some((glide, at, made_for)) if *at == size && made_for == smooth => {
                glide.follow(smooth, size, player, clock);
                glide
            }
            slot => &mut slot.insert((super::glide::Glide::new(smooth, size, player, clock), size, *smooth)).0,
        };
        let later = if self.clock.is_some() { std::time::Duration::ZERO } else { std::time::Duration::from_secs(3600) };
        let at = glide.position(smooth, clock + later);
        let (x0, sx) = super::glide::window(at.0, size.0, smooth.screen.0);
        let (y0, sy) = super::glide::window(at.1, size.1, smooth.screen.1);
        let thousandths = |f: f64| (f * 1000.0).round().clamp(0.0, 999.0) as u16;
        let (sw, sh) = (smooth.screen.0 as usize, smooth.screen.1 as usize);
        let (x1, y1) = ((x0 + sw).min(size.0), (y0 + sh).min(size.1));
        let view = View { x0, y0, x1, y1, slide: (thousandths(sx), thousandths(sy)) };
        self.last = Some(view);
        view
    }
}

impl View {
    /// Every cell of `grid`.
    #[must_use]
    pub fn whole(grid: &LevelGrid) -> View {
        View { x0: 0, y0: 0, x1: grid.width, y1: grid.height, slide: (0, 0) }
    }
}

/// The first cell of `grid` (column-major, as the reference scans) that
/// holds the player of `game`.
#[must_use]
pub fn player_position_in(game: &Game, grid: &LevelGrid) -> Option<(usize, usize)> {
    let player = &game.player;
    if bits::is_zero(&player.mask) {
        return None;
    }
    let ow = game.obj_words.max(1);
    let i = grid.cells.chunks_exact(ow).position(|cell| player.matches(cell))?;
    let h = grid.height.max(1);
    Some((i / h, i % h))
}

/// An RGBA picture, row-major.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Frame {
    /// Width in pixels.
    pub width: usize,
    /// Height in pixels.
    pub height: usize,
    /// Row-major pixels.
    pub pixels: Vec<Rgba>,
}

/// Draw the whole of entry `index` of the game's LEVELS section as the game
/// starts it, with no session: `None` for a message, a `goto` or an index past the
/// end. For level thumbnails, exports and GIFs.
#[must_use]
pub fn entry_frame(look: &Look, game: &Game, index: usize) -> Option<Frame> {
    match game.levels.get(index)? {
        Level::Map(grid) => Some(grid_frame(look, game, grid, View::whole(grid))),
        Level::Message(_) | Level::Goto(_) => None,
    }
}

/// Draw `view` of `grid` (a level of `game`: as written, a session's board
/// or a board just won), one sprite pixel per pixel: background colour,
/// then each cell's objects from the lowest collision layer up.
#[must_use]
pub fn grid_frame(look: &Look, game: &Game, grid: &LevelGrid, view: View) -> Frame {
    draw_grid(look, game, grid, view, look.cell_size())
}

/// [`grid_frame`] part way through a tween (`tween_length`, PuzzleScript
/// Plus; see [`crate::tween`]): each moved object drawn back towards the
/// cell it came from by the part of the slide left, an object acted on in
/// place faded by it. `None`, or a classic game, draws as [`grid_frame`].
#[must_use]
pub fn grid_frame_tweened(
    look: &Look,
    game: &Game,
    grid: &LevelGrid,
    view: View,
    tween: Option<&crate::tween::Tween<'_>>,
) -> Frame {
    draw_grid_tweened(look, game, grid, view, look.cell_size(), tween)
}

/// Draw `view` of `grid` with each cell `cell` pixels (width, height;
/// [`Look::cell_size`] is the natural size): sprites are sampled (nearest
/// pixel) down or up to that size, so thumbnails can use one pixel per
/// cell and GIFs a whole multiple of the sprite size. Cells outside the
/// grid and objects the look has no image for are skipped.
#[must_use]
pub fn draw_grid(look: &Look, game: &Game, grid: &LevelGrid, view: View, cell: (usize, usize)) -> Frame {
    draw_grid_tweened(look, game, grid, view, cell, None)
}

/// [`draw_grid`] part way through a tween (see [`grid_frame_tweened`]).
#[must_use]
pub fn draw_grid_tweened(
    look: &Look,
    game: &Game,
    grid: &LevelGrid,
    view: View,
    cell: (usize, usize),
    tween: Option<&crate::tween::Tween<'_>>,
) -> Frame {
    let (cw, ch) = (cell.0.max(1), cell.1.max(1));
    let view = View { x1: view.x1.min(grid.width), y1: view.y1.min(grid.height), ..view };
    let (width, height) = (view.width() * cw, view.height() * ch);
    let mut pixels = vec![look.background; width * height];
    let ow = game.obj_words;
    if ow == 0 || grid.cells.len() < grid.width * grid.height * ow {
        return Frame { width, height, pixels };
    }
    if let Some(grid_dims) = look.plus_grid {
        draw_plus(look, game, grid, view, ((cw, ch), grid_dims), tween, (&mut pixels, width));
        return Frame { width, height, pixels };
    }
    let mut ids: Vec<(usize, usize)> = Vec::new();
    for cx in view.x0..view.x1 {
        for cy in view.y0..view.y1 {
            let i = cx * grid.height + cy;
            let words = &grid.cells[i * ow..(i + 1) * ow];
            ids.clear();
            for (w, &word) in words.iter().enumerate() {
                let mut word = word;
                while word != 0 {
                    let id = w * 64 + word.trailing_zeros() as usize;
                    word &= word - 1;
                    ids.push((game.objects.get(id).map_or(0, |o| o.layer), id));
                }
            }
            ids.sort_unstable();
            for &(_, id) in &ids {
                let Some(img) = look.images.get(id) else { continue };
                let n = img.size.max(1);
                for py in 0..ch {
                    if look.scanline && !on_scanline(py, n, ch) {
                        continue;
                    }
                    for px in 0..cw {
                        let p = img.pixels[(py * n / ch) * img.size + px * n / cw];
                        if !p.is_transparent() {
                            let x = (cx - view.x0) * cw + px;
                            let y = (cy - view.y0) * ch + py;
                            pixels[y * width + x] = blend(pixels[y * width + x], p);
                        }
                    }
                }
            }
        }
    }
    Frame { width, height, pixels }
}

/// `scanline`: whether row `py` of a cell `cell` pixels high, showing a
/// sprite `n` pixels high, is in the top half (rounded up) of the rows of
/// its sprite pixel, the only ones drawn.
fn on_scanline(py: usize, n: usize, cell: usize) -> bool {
    let sy = py * n / cell;
    let first = (sy * cell).div_ceil(n);
    let rows = ((sy + 1) * cell).div_ceil(n) - first;
    py - first < rows.div_ceil(2)
}

/// [`draw_grid`] for a PuzzleScript Plus/Next game: layer by layer over
/// the whole view (columns left to right, each top to bottom, as the
/// reference draws), each image's pixels `cw / gw` frame pixels wide and
/// `ch / gh` high (a `WxH` grid's cells are not square), with the image's
/// bottom-left on the cell's, so sprites larger than the cell cover the
/// neighbours above and to the right (and cells just outside the view may
/// reach into it). Colours with opacity blend.
fn draw_plus(
    look: &Look,
    game: &Game,
    grid: &LevelGrid,
    view: View,
    ((cw, ch), (gw, gh)): ((usize, usize), (usize, usize)),
    tween: Option<&crate::tween::Tween<'_>>,
    (pixels, width): (&mut [Rgba], usize),
) {
    let (gw, gh) = (gw.max(1), gh.max(1));
    let ow = game.obj_words;
    let height = pixels.len() / width.max(1);
    // Each cell layer's move in the tween, if any (one byte a cell layer).
    let layers = game.layer_count.max(1);
    let slide: Vec<Option<crate::tween::MoveDir>> = match tween {
        Some(t) => {
            let mut v = vec![None; grid.width * grid.height * layers];
            for m in t.moved {
                if let Some(slot) = v.get_mut(m.cell * layers + m.layer) {
                    *slot = Some(m.dir);
                }
            }
            v
        }
        None => Vec::new(),
    };
    let remaining = tween.map_or(0.0, |t| t.remaining.clamp(0.0, 1.0));
    // PuzzleScript Next's `afx:` animations, by cell and object.
    let afx_left = tween.map_or(0.0, |t| t.afx_left.clamp(0.0, 1.0));
    let animations: rustc_hash::FxHashMap<(usize, usize), &crate::afx::Animation> = match tween {
        Some(t) if afx_left > 0.0 => t.animations.iter().map(|a| ((a.cell, a.object), a)).collect(),
        _ => rustc_hash::FxHashMap::default(),
    };
    // How many cells the largest image reaches past its own, up and to
    // the right (one more while things slide in from outside the view).
    let largest = look.images.iter().map(|i| i.size.div_ceil(i.sub.max(1))).max().unwrap_or(0);
    let sliding_in = usize::from(tween.is_some());
    let reach_x = largest.saturating_sub(gw).div_ceil(gw) + sliding_in;
    let reach_y = largest.saturating_sub(gh).div_ceil(gh) + sliding_in;
    // `translate:` (PuzzleScript Next) draws a sprite away from its cell,
    // so cells that far beyond the view on any side may reach into it;
    // an animation may draw an object a cell or so from its own.
    let moved_x = game.objects.iter().map(|o| o.offset.0.unsigned_abs()).max().unwrap_or(0) as usize;
    let moved_y = game.objects.iter().map(|o| o.offset.1.unsigned_abs()).max().unwrap_or(0) as usize;
    let animated = usize::from(!animations.is_empty());
    let (away_x, away_y) = (moved_x.div_ceil(gw) + animated, moved_y.div_ceil(gh) + animated);
    // A gliding `smoothscreen` window shows part of the cells past it.
    let (slide_x, slide_y) = (usize::from(view.slide.0 > 0), usize::from(view.slide.1 > 0));
    let xs = view.x0.saturating_sub(reach_x + away_x)..(view.x1 + away_x + slide_x).min(grid.width);
    let ys = view.y0.saturating_sub(away_y)..(view.y1 + reach_y + away_y + slide_y).min(grid.height);
    let shift = |s: u16, cell: usize| ((usize::from(s) * cell + 500) / 1000) as isize;
    let (shift_x, shift_y) = (shift(view.slide.0, cw), shift(view.slide.1, ch));
    let mut by_layer: Vec<Vec<usize>> = vec![Vec::new(); game.layer_count.max(1)];
    for (id, o) in game.objects.iter().enumerate() {
        if let Some(l) = by_layer.get_mut(o.layer) {
            l.push(id);
        }
    }
    // Screen pixel bounds of unit `i` of a cell `cell` pixels long along
    // an axis of `g` units.
    let edge = |i: isize, g: usize, cell: usize| -> isize { i * cell as isize / g as isize };
    for ids in &by_layer {
        for cx in xs.clone() {
            for cy in ys.clone() {
                let i = cx * grid.height + cy;
                let words = &grid.cells[i * ow..(i + 1) * ow];
                for &id in ids {
                    // (A destroyed object is drawn while it animates.)
                    let animation = if animations.is_empty() { None } else { animations.get(&(i, id)).copied() };
                    if words[id / 64] & (1 << (id % 64)) == 0 && animation.is_none() {
                        continue;
                    }
                    let Some(img) = look.images.get(id) else { continue };
                    let (n, sub) = (img.size, img.sub.max(1));
                    let (gw, gh) = (gw * sub, gh * sub);
                    // The cell's top-left on screen, in pixels (may be off it).
                    let mut left = (cx as isize - view.x0 as isize) * cw as isize - shift_x;
                    let mut top = (cy as isize - view.y0 as isize) * ch as isize - shift_y;
                    let (layer, (ox, oy)) = game.objects.get(id).map_or((0, (0, 0)), |o| (o.layer, o.offset));
                    left += edge(ox as isize, gw, cw);
                    top += edge(oy as isize, gh, ch);
                    let mut fade = 1.0;
                    let sliding = slide.get(i * layers + layer).copied().flatten();
                    // An animation, unless a tween slides the object.
                    if let Some(a) = animation.filter(|_| sliding.is_none())
                        && let Some(afx) = game.sounds.afx.words.get(a.afx)
                    {
                        let pose = afx.pose(a.event, a.dir, afx_left);
                        let lift = gh as isize - n as isize;
                        let (x0, y0) = (left + edge(0, gw, cw), top + edge(lift, gh, ch));
                        let (x1, y1) = (left + edge(n as isize, gw, cw), top + edge(lift + n as isize, gh, ch));
                        let rect =
                            super::posed::Rect { x: x0 as f64, y: y0 as f64, w: (x1 - x0) as f64, h: (y1 - y0) as f64 };
                        let unit = (cw as f64, ch as f64);
                        super::posed::draw_posed(img, rect, &pose, unit, (&mut *pixels, width));
                        continue;
                    }
                    match sliding {
                        Some(crate::tween::MoveDir::Action) => fade = 1.0 - remaining,
                        Some(d) => {
                            // Drawn back towards where it came from.
                            let (dx, dy) = d.delta();
                            let back = |cell: usize| (cell as f64 * remaining).round() as isize;
                            left -= dx * back(cw);
                            top -= dy * back(ch);
                        }
                        None => {}
                    }
                    let lift = gh as isize - n as isize; // canvas top, in units from the cell's top
                    for iy in 0..n {
                        let y0 = top + edge(iy as isize + lift, gh, ch);
                        let mut y1 = top + edge(iy as isize + lift + 1, gh, ch);
                        if look.scanline {
                            // `scanline`: the top half of the pixel's rows.
                            y1 = y0 + (y1 - y0 + 1) / 2;
                        }
                        for ix in 0..n {
                            let mut p = img.pixels[iy * n + ix];
                            if fade < 1.0 {
                                p.0[3] = (f64::from(p.0[3]) * fade).round() as u8;
                            }
                            if p.is_transparent() {
                                continue;
                            }
                            let x0 = left + edge(ix as isize, gw, cw);
                            let x1 = left + edge(ix as isize + 1, gw, cw);
                            for y in y0.max(0)..y1.min(height as isize) {
                                for x in x0.max(0)..x1.min(width as isize) {
                                    let k = y as usize * width + x as usize;
                                    pixels[k] = blend(pixels[k], p);
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    #[test]
    fn an_oversized_plus_sprite_covers_the_cell_above_and_right() {
        // sprite_size 2: Big's 4x4 sprite reaches one cell up and one right;
        // Wall is on a higher layer and drawn over it.
        let src = "title Big\nsprite_size 2\n\nOBJECTS\nBackground\nblack\nBig\n#ff000080 red\n1111\n1111\n1111\n1111\n\n\
                   Player\nwhite\n\nWall\nblue\n\nLEGEND\n. = Background\nB = Big\nP = Player\n# = Wall\n\nSOUNDS\n\n\
                   COLLISIONLAYERS\nBackground\nBig\nPlayer, Wall\n\nRULES\n\nWINCONDITIONS\n\nLEVELS\n..#\nB.P\n";
        let build = crate::build(src);
        let game = build.game.unwrap_or_else(|| panic!("{:#?}", build.diagnostics));
        let look = Look::new(&game);
        assert_eq!(look.cell_size(), (2, 2));
        let Some(Level::Map(grid)) = game.levels.first() else { panic!("a map") };
        let f = draw_grid(&look, &game, grid, View::whole(grid), (2, 2));
        assert_eq!((f.width, f.height), (6, 4));
        let at = |x: usize, y: usize| f.pixels[y * f.width + x];
        let red = color("red", &look.palette).expect("red");
        assert_eq!(at(0, 3), red, "Big's own cell is red");
        assert_eq!(at(3, 0), red, "the cell above and to the right is covered");
        assert_eq!(at(1, 1), red, "the cell above too");
        assert_eq!(at(4, 0), at(5, 1), "the wall, on a higher layer, stays whole");
        assert_ne!(at(4, 0), red);
        assert_eq!(at(4, 3), Rgba::WHITE, "the player is drawn");
        assert_eq!(at(3, 3), red, "and the cell to the right");
    }

    #[test]
    fn a_translated_sprite_is_drawn_away_from_its_cell() {
        // sprite_size 2: Dot is one red pixel at its cell's top-left, drawn
        // 2 pixels (one cell) right and 1 down; Mark is Dot turned a
        // quarter (its pixel goes to the top-right).
        let src = "title Moved\nsprite_size 2\n\nOBJECTS\nBackground\nblack\nDot\nred\n0.\n..\ntranslate:right:2 translate:down:1\n\n\
                   Mark copy:Dot\nblue\nrot:right\n\nLEGEND\n. = Background\nD = Dot\nM = Mark\nPlayer = Dot\n\nSOUNDS\n\n\
                   COLLISIONLAYERS\nBackground\nDot, Mark\n\nRULES\n\nWINCONDITIONS\n\nLEVELS\nD..\n...\nM..\n";
        let build = crate::build(src);
        let game = build.game.unwrap_or_else(|| panic!("{:#?}", build.diagnostics));
        let look = Look::new(&game);
        let Some(Level::Map(grid)) = game.levels.first() else { panic!("a map") };
        let f = draw_grid(&look, &game, grid, View::whole(grid), (2, 2));
        let at = |x: usize, y: usize| f.pixels[y * f.width + x];
        let red = color("red", &look.palette).expect("red");
        let blue = color("blue", &look.palette).expect("blue");
        let reds: Vec<(usize, usize)> =
            (0..f.height).flat_map(|y| (0..f.width).map(move |x| (x, y))).filter(|&(x, y)| at(x, y) == red).collect();
        assert_eq!(reds, [(2, 1)], "one cell right and a pixel down of Dot's own top-left");
        // Mark copies Dot's pixel and its offset, then turns the pixels.
        assert_eq!(at(3, 5), blue);
        assert_eq!(at(1, 4), color("black", &look.palette).expect("black"), "nothing left in Mark's own cell");
    }

    fn game() -> Arc<Game> {
        let src = "title Frames\n\nOBJECTS\nBackground\nblack\nWall\ngrey\nPlayer\nwhite\n0...0\n.....\n..0..\n.....\n0...0\n\
                   Crate\norange\n\nLEGEND\n. = Background\n# = Wall\nP = Player\n* = Crate\n\nSOUNDS\n\n\
                   COLLISIONLAYERS\nBackground\nPlayer, Wall, Crate\n\nRULES\n\nWINCONDITIONS\n\n\
                   LEVELS\nmessage Hi\n\n#####\n#P*.#\n#####\n\n###\n#P#\n#.#\n###\n";
        let build = crate::build(src);
        build.game.expect("the test game compiles")
    }

    #[test]
    fn a_sessions_frame_at_load_equals_the_frame_of_its_level() {
        let game = game();
        let look = Look::new(&game);
        for index in [1, 2] {
            let session = crate::run::Session::new(game.clone(), index, None);
            let board = session.board_grid().expect("a level");
            let view = Camera::default().view_of(&game, &game.metadata, &board);
            let from_session = grid_frame(&look, &game, &board, view);
            let from_level = entry_frame(&look, &game, index).expect("a map");
            assert_eq!(from_session, from_level, "entry {index}");
            assert!(from_level.width > 0 && from_level.height > 0);
        }
        assert_eq!(entry_frame(&look, &game, 0), None, "a message has no level frame");
        assert_eq!(entry_frame(&look, &game, 9), None);
    }

    #[test]
    fn frames_draw_layers_in_order_and_scale_to_any_cell_size() {
        let game = game();
        let look = Look::new(&game);
        let Some(Level::Map(grid)) = game.levels.get(1) else { panic!("a map") };
        let frame = grid_frame(&look, &game, grid, View::whole(grid));
        assert_eq!((frame.width, frame.height), (25, 15));
        let white = color("white", &look.palette).expect("a colour");
        let black = color("black", &look.palette).expect("a colour");
        // The player's corner pixel over the background, its clear pixel showing the background.
        assert_eq!(frame.pixels[5 * 25 + 5], white);
        assert_eq!(frame.pixels[6 * 25 + 6], black);
        // One pixel per cell: each cell sampled at its sprite's corner.
        let small = draw_grid(&look, &game, grid, View::whole(grid), (1, 1));
        assert_eq!((small.width, small.height), (5, 3));
        assert_eq!(small.pixels[5 + 1], white);
        // Three times the sprite size: every sprite pixel a 3x3 block.
        let big = draw_grid(&look, &game, grid, View::whole(grid), (15, 15));
        assert_eq!((big.width, big.height), (75, 45));
        for (x, y) in [(15, 15), (17, 17), (21, 21)] {
            let (sx, sy) = (5 + (x - 15) / 3, 5 + (y - 15) / 3);
            assert_eq!(big.pixels[y * 75 + x], frame.pixels[sy * 25 + sx], "({x}, {y})");
        }
        // Part of the level.
        let part = grid_frame(&look, &game, grid, View { x0: 1, y0: 1, x1: 3, y1: 2, slide: (0, 0) });
        assert_eq!((part.width, part.height), (10, 5));
        assert_eq!(part.pixels[0], white);
    }

    /// A one-object game: a white player (the left column of its sprite
    /// clear) on a black background, with `prelude` and `rules`.
    fn lit(prelude: &str, rules: &str) -> Arc<Game> {
        let src = format!(
            "title Lit\n{prelude}\nOBJECTS\nBackground\nblack\nPlayer\nwhite\n.0000\n.0000\n.0000\n.0000\n.0000\n\
             Wall\nblue\nLEGEND\n. = Background\nP = Player\n# = Wall\nSOUNDS\nCOLLISIONLAYERS\nBackground\nPlayer, Wall\n\
             RULES\n{rules}\nWINCONDITIONS\nLEVELS\nP.#\n"
        );
        let build = crate::build(&src);
        assert!(!build.diagnostics.iter().any(crate::diag::Diagnostic::is_error), "{:?}", build.diagnostics);
        build.game.expect("compiles")
    }

    #[test]
    fn scanline_draws_the_top_half_of_each_sprite_pixel() {
        for prelude in ["scanline", "scanline\nsprite_size 5"] {
            let game = lit(prelude, "");
            let look = Look::new(&game);
            assert!(look.scanline);
            assert_eq!(look.cell_size(), (10, 10), "{prelude}: two frame pixels a sprite pixel");
            let Some(Level::Map(grid)) = game.levels.first() else { panic!("a map") };
            let f = grid_frame(&look, &game, grid, View::whole(grid));
            assert_eq!((f.width, f.height), (30, 10));
            let (white, black) = (Rgba::WHITE, Rgba::BLACK);
            let blue = color("blue", &look.palette).expect("blue");
            for y in 0..10 {
                let want = if y % 2 == 0 { white } else { black };
                assert_eq!(f.pixels[y * 30 + 2], want, "{prelude}: the player's row {y}");
                assert_eq!(f.pixels[y * 30], black, "{prelude}: its clear column");
                let want = if y % 2 == 0 { blue } else { black };
                assert_eq!(f.pixels[y * 30 + 25], want, "{prelude}: the wall's row {y}");
            }
            // A thumbnail of one pixel a cell keeps the whole pixel.
            let small = draw_grid(&look, &game, grid, View::whole(grid), (1, 1));
            assert_eq!(small.pixels[2], blue);
        }
        // Control: without scanline, five pixels a cell, every row drawn.
        let game = lit("", "");
        let look = Look::new(&game);
        assert_eq!((look.cell_size(), look.scanline), ((5, 5), false));
        let Some(Level::Map(grid)) = game.levels.first() else { panic!("a map") };
        let f = grid_frame(&look, &game, grid, View::whole(grid));
        assert!((0..5).all(|y| f.pixels[y * 15 + 1] == Rgba::WHITE));
    }

    #[test]
    fn a_palette_with_changed_colours_and_colours_a_rule_changes_are_drawn() {
        // PuzzleScript Next: the palette's white set to red.
        let game = lit("color_palette arnecolors white #ff0000\nsprite_size 5", "");
        let look = Look::new(&game);
        let Some(Level::Map(grid)) = game.levels.first() else { panic!("a map") };
        let f = grid_frame(&look, &game, grid, View::whole(grid));
        assert_eq!(f.pixels[1], Rgba([255, 0, 0, 255]), "the player's white is red");
        // A rule changes the palette and the background colour: the
        // session's look has them, the game's is as it was.
        let game = lit(
            "runtime_metadata_twiddling\nbackground_color black",
            "[ > Player ] -> [ > Player ] color_palette proteus_mellow\n[ > Player ] -> [ > Player ] background_color red",
        );
        let look = Look::new(&game);
        let mut session = crate::run::Session::new(game.clone(), 0, None);
        assert!(matches!(look.live(&game, session.metadata()), std::borrow::Cow::Borrowed(_)), "nothing changed yet");
        session.input(crate::run::Input::Right);
        let live = look.live(&game, session.metadata());
        assert_eq!(live.palette.name, "proteus_mellow");
        assert_eq!(look.palette.name, "arnecolors");
        let board = session.board_grid().expect("a board");
        let before = grid_frame(&look, &game, &board, View::whole(&board));
        let after = grid_frame(&live, &game, &board, View::whole(&board));
        let gb_white = color("white", &live.palette).expect("white");
        assert_ne!(gb_white, Rgba::WHITE);
        assert_eq!(after.pixels[5 + 1], gb_white, "the player in the new palette's white");
        assert_eq!(before.pixels[5 + 1], Rgba::WHITE);
        assert_eq!(live.background, color("red", &live.palette).expect("red"));
        // The picture a player sees (render::screen) draws it so.
        let mut play =
            crate::play::Play::at_entry(game.clone(), crate::play::Progress::default(), 0, Default::default());
        play.press(crate::play::Control::Right, std::time::Duration::from_millis(10));
        let shown = super::super::screen::screen_frame(
            &look,
            &game,
            &play.screen(),
            &mut Camera::default(),
            super::super::screen::Prompt::Keys,
        );
        assert_eq!(shown, after, "the screen draws the session's colours");
    }

    #[test]
    fn a_smoothscreen_window_glides_after_the_player_drawn_part_way() {
        let src = "title Glide\nsmoothscreen 3x1\nOBJECTS\nBackground\nblack\nPlayer\nwhite\nWall\nblue\nLEGEND\n\
                   . = Background\nP = Player\n# = Wall\nSOUNDS\nCOLLISIONLAYERS\nBackground\nPlayer, Wall\nRULES\n\
                   WINCONDITIONS\nLEVELS\nP.....#\n";
        let build = crate::build(src);
        assert!(build.diagnostics.is_empty(), "{:?}", build.diagnostics);
        let game = build.game.expect("compiles");
        let look = Look::new(&game);
        let ms = std::time::Duration::from_millis;
        let mut session = crate::run::Session::new(game.clone(), 0, None);
        let mut camera = Camera::default();
        let grid = session.board_grid().expect("a board");
        let view = camera.view_at(&game, &game.metadata, &grid, ms(0));
        assert_eq!((view.x0, view.x1, view.slide), (0, 3, (0, 0)), "three cells from the left");
        for _ in 0..3 {
            session.input(crate::run::Input::Right);
        }
        let grid = session.board_grid().expect("a board");
        let at = |camera: &mut Camera, t| {
            let view = camera.view_at(&game, &game.metadata, &grid, t);
            (view, draw_grid(&look, &game, &grid, view, (20, 20)))
        };
        let (view, frame) = at(&mut camera, ms(1000));
        assert_eq!((view.x0, view.slide), (0, (0, 0)), "the glide starts where the camera was");
        assert_eq!(frame.width, 60);
        assert_eq!(frame.pixels[59], Rgba::BLACK, "the player, at column 3, is out of the window");
        assert!(camera.gliding(&game.metadata, ms(1000)));
        // A sixtieth of a second on: an eighth of the two cells, a quarter
        // of a cell, five pixels of twenty.
        let (view, frame) = at(&mut camera, ms(1000) + std::time::Duration::from_secs_f64(1.0 / 60.0));
        assert_eq!((view.x0, view.x1, view.slide), (0, 3, (250, 0)));
        assert_eq!(frame.pixels[54], Rgba::BLACK);
        assert_eq!(frame.pixels[55], Rgba::WHITE, "the player's left edge slid into view");
        // At rest: centred on the player, the same as the view at no time.
        let (view, frame) = at(&mut camera, ms(9000));
        assert_eq!((view.x0, view.x1, view.slide), (2, 5, (0, 0)));
        assert!(!camera.gliding(&game.metadata, ms(9000)));
        assert_eq!(
            (frame.pixels[19], frame.pixels[20], frame.pixels[39], frame.pixels[40]),
            (Rgba::BLACK, Rgba::WHITE, Rgba::WHITE, Rgba::BLACK)
        );
        assert_eq!(Camera::default().view_of(&game, &game.metadata, &grid), view);
    }
}
