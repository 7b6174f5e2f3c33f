//! Level pictures: the game's look (palette, colours, sprite images), the
//! camera (whole level, flickscreen or zoomscreen) and RGBA frames of any
//! level grid: a session's board, a board just won, or any level of a
//! compiled game with no session (thumbnails, exports, GIFs). Every frame
//! goes through one drawing function, [`draw_grid`].

use super::{DEFAULT_PALETTE, PaletteTable, Rgba, SpriteImage, blend, color, palette, sprite_image, sprite_image_plus};
use crate::compile::bits;
use crate::compile::{Game, Level, LevelGrid};

/// Everything needed to draw a game, computed once per compiled game.
#[derive(Debug, Clone)]
pub struct Look {
    /// The palette named by `color_palette` (or the default).
    pub palette: &'static PaletteTable,
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
}

impl Look {
    /// The look of `game`.
    #[must_use]
    pub fn new(game: &Game) -> Self {
        let meta = &game.metadata;
        let palette = meta.color_palette.as_deref().and_then(palette).unwrap_or(DEFAULT_PALETTE);
        let pick = |word: Option<&str>, fallback: Rgba| {
            word.and_then(|w| color(w, palette)).filter(|c| !c.is_transparent()).unwrap_or(fallback)
        };
        let plus_grid = (meta.dialect > crate::options::Dialect::Classic).then(|| {
            let (w, h) = meta.sprite_size.unwrap_or((5, 5));
            (w as usize, h as usize)
        });
        let detail = match plus_grid {
            Some((w, h)) if game.objects.iter().any(|o| o.drawn.is_some()) => 32usize.div_ceil(w.max(h).max(1)),
            _ => 1,
        };
        let font_size = super::text::font_size(game);
        let images = game
            .objects
            .iter()
            .map(|o| {
                let colors: Vec<Rgba> =
                    o.colors.iter().map(|c| color(c, palette).unwrap_or(Rgba::TRANSPARENT)).collect();
                match (plus_grid, &o.drawn) {
                    (Some(grid), Some(drawn)) => super::drawn::drawn_image(drawn, &colors, grid, detail, font_size),
                    (Some(grid), None) => sprite_image_plus(&o.sprite, &colors, grid),
                    (None, _) => sprite_image(&o.sprite, &colors),
                }
            })
            .collect();
        Self {
            palette,
            background: pick(meta.background_color.as_deref(), Rgba::BLACK),
            text: pick(meta.text_color.as_deref(), Rgba::WHITE),
            images,
            plus_grid,
            detail,
        }
    }

    /// Pixels across one cell: the largest sprite (5 for the usual 5x5);
    /// in a PuzzleScript Plus/Next game, the larger side of its grid.
    #[must_use]
    pub fn cell_size(&self) -> usize {
        if let Some((w, h)) = self.plus_grid {
            return w.max(h).max(1) * self.detail.max(1);
        }
        self.images.iter().map(|i| i.size).max().unwrap_or(5).max(1)
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
/// the level. When there is no player the last view stays.
#[derive(Debug, Clone, Default)]
pub struct Camera {
    last: Option<View>,
}

impl Camera {
    /// The view for `grid`, a level of `game` (a session's board, the board
    /// of a level just won, or a level of the game as written).
    pub fn view_of(&mut self, game: &Game, grid: &LevelGrid) -> View {
        let (w, h) = (grid.width, grid.height);
        let whole = View::whole(grid);
        let meta = &game.metadata;
        let (flick, zoom) = (meta.flickscreen, meta.zoomscreen);
        let Some((sw, sh)) = flick.or(zoom) else { return whole };
        let (sw, sh) = ((sw as usize).max(1), (sh as usize).max(1));
        let Some((px, py)) = player_position_in(game, grid) else {
            return self.last.filter(|v| v.x1 <= w && v.y1 <= h).unwrap_or(whole);
        };
        let view = if flick.is_some() {
            let (x0, y0) = ((px / sw) * sw, (py / sh) * sh);
            View { x0, y0, x1: (x0 + sw).min(w), y1: (y0 + sh).min(h) }
        } else {
            let x0 = px.saturating_sub(sw / 2).min(w.saturating_sub(sw));
            let y0 = py.saturating_sub(sh / 2).min(h.saturating_sub(sh));
            View { x0, y0, x1: (x0 + sw).min(w), y1: (y0 + sh).min(h) }
        };
        self.last = Some(view);
        view
    }
}

impl View {
    /// Every cell of `grid`.
    #[must_use]
    pub fn whole(grid: &LevelGrid) -> View {
        View { x0: 0, y0: 0, x1: grid.width, y1: grid.height }
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

/// Draw `view` of `grid` with each cell `cell` pixels square: sprites are
/// sampled (nearest pixel) down or up to that size, so thumbnails can use
/// one pixel per cell and GIFs a whole multiple of the sprite size. Cells
/// outside the grid and objects the look has no image for are skipped.
#[must_use]
pub fn draw_grid(look: &Look, game: &Game, grid: &LevelGrid, view: View, cell: usize) -> Frame {
    draw_grid_tweened(look, game, grid, view, cell, None)
}

/// [`draw_grid`] part way through a tween (see [`grid_frame_tweened`]).
#[must_use]
pub fn draw_grid_tweened(
    look: &Look,
    game: &Game,
    grid: &LevelGrid,
    view: View,
    cell: usize,
    tween: Option<&crate::tween::Tween<'_>>,
) -> Frame {
    let cell = cell.max(1);
    let view = View { x0: view.x0, y0: view.y0, x1: view.x1.min(grid.width), y1: view.y1.min(grid.height) };
    let (width, height) = (view.width() * cell, view.height() * cell);
    let mut pixels = vec![look.background; width * height];
    let ow = game.obj_words;
    if ow == 0 || grid.cells.len() < grid.width * grid.height * ow {
        return Frame { width, height, pixels };
    }
    if let Some(grid_dims) = look.plus_grid {
        draw_plus(look, game, grid, view, (cell, grid_dims), tween, (&mut pixels, width));
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
                for py in 0..cell {
                    for px in 0..cell {
                        let p = img.pixels[(py * n / cell) * img.size + px * n / cell];
                        if !p.is_transparent() {
                            let x = (cx - view.x0) * cell + px;
                            let y = (cy - view.y0) * cell + py;
                            pixels[y * width + x] = blend(pixels[y * width + x], p);
                        }
                    }
                }
            }
        }
    }
    Frame { width, height, pixels }
}

/// [`draw_grid`] for a PuzzleScript Plus/Next game: layer by layer over
/// the whole view (columns left to right, each top to bottom, as the
/// reference draws), each image on a square of its canvas's size with its
/// bottom-left on the cell's, so sprites larger than the cell cover the
/// neighbours above and to the right (and cells just outside the view may
/// reach into it). Colours with opacity blend.
fn draw_plus(
    look: &Look,
    game: &Game,
    grid: &LevelGrid,
    view: View,
    (cell, (gw, gh)): (usize, (usize, usize)),
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
    // How many cells the largest image reaches past its own (one more
    // while things slide in from outside the view).
    let reach = look
        .images
        .iter()
        .map(|i| i.size.div_ceil(i.sub.max(1)))
        .max()
        .unwrap_or(0)
        .saturating_sub(gw.min(gh))
        .div_ceil(gw.min(gh))
        + usize::from(tween.is_some());
    // `translate:` (PuzzleScript Next) draws a sprite away from its cell,
    // so cells that far beyond the view on any side may reach into it.
    let unit = gw.min(gh);
    let moved =
        game.objects.iter().map(|o| o.offset.0.unsigned_abs().max(o.offset.1.unsigned_abs())).max().unwrap_or(0);
    let away = (moved as usize).div_ceil(unit);
    let xs = view.x0.saturating_sub(reach + away)..(view.x1 + away).min(grid.width);
    let ys = view.y0.saturating_sub(away)..(view.y1 + reach + away).min(grid.height);
    let mut by_layer: Vec<Vec<usize>> = vec![Vec::new(); game.layer_count.max(1)];
    for (id, o) in game.objects.iter().enumerate() {
        if let Some(l) = by_layer.get_mut(o.layer) {
            l.push(id);
        }
    }
    // Screen pixel bounds of unit `i` of a cell along an axis of `g` units.
    let edge = |i: isize, g: usize| -> isize { i * cell as isize / g as isize };
    for ids in &by_layer {
        for cx in xs.clone() {
            for cy in ys.clone() {
                let i = cx * grid.height + cy;
                let words = &grid.cells[i * ow..(i + 1) * ow];
                for &id in ids {
                    if words[id / 64] & (1 << (id % 64)) == 0 {
                        continue;
                    }
                    let Some(img) = look.images.get(id) else { continue };
                    let (n, sub) = (img.size, img.sub.max(1));
                    let (gw, gh) = (gw * sub, gh * sub);
                    // The cell's top-left on screen, in pixels (may be off it).
                    let mut left = (cx as isize - view.x0 as isize) * cell as isize;
                    let mut top = (cy as isize - view.y0 as isize) * cell as isize;
                    let (layer, (ox, oy)) = game.objects.get(id).map_or((0, (0, 0)), |o| (o.layer, o.offset));
                    left += edge(ox as isize, gw);
                    top += edge(oy as isize, gh);
                    let mut fade = 1.0;
                    match slide.get(i * layers + layer).copied().flatten() {
                        Some(crate::tween::MoveDir::Action) => fade = 1.0 - remaining,
                        Some(d) => {
                            // Drawn back towards where it came from.
                            let (dx, dy) = d.delta();
                            let back = (cell as f64 * remaining).round() as isize;
                            left -= dx * back;
                            top -= dy * back;
                        }
                        None => {}
                    }
                    let lift = gh as isize - n as isize; // canvas top, in units from the cell's top
                    for iy in 0..n {
                        let y0 = top + edge(iy as isize + lift, gh);
                        let y1 = top + edge(iy as isize + lift + 1, gh);
                        for ix in 0..n {
                            let mut p = img.pixels[iy * n + ix];
                            if fade < 1.0 {
                                p.0[3] = (f64::from(p.0[3]) * fade).round() as u8;
                            }
                            if p.is_transparent() {
                                continue;
                            }
                            let x0 = left + edge(ix as isize, gw);
                            let x1 = left + edge(ix as isize + 1, gw);
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
        assert_eq!(look.cell_size(), 2);
        let Some(Level::Map(grid)) = game.levels.first() else { panic!("a map") };
        let f = draw_grid(&look, &game, grid, View::whole(grid), 2);
        assert_eq!((f.width, f.height), (6, 4));
        let at = |x: usize, y: usize| f.pixels[y * f.width + x];
        let red = color("red", look.palette).expect("red");
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
        let f = draw_grid(&look, &game, grid, View::whole(grid), 2);
        let at = |x: usize, y: usize| f.pixels[y * f.width + x];
        let red = color("red", look.palette).expect("red");
        let blue = color("blue", look.palette).expect("blue");
        let reds: Vec<(usize, usize)> =
            (0..f.height).flat_map(|y| (0..f.width).map(move |x| (x, y))).filter(|&(x, y)| at(x, y) == red).collect();
        assert_eq!(reds, [(2, 1)], "one cell right and a pixel down of Dot's own top-left");
        // Mark copies Dot's pixel and its offset, then turns the pixels.
        assert_eq!(at(3, 5), blue);
        assert_eq!(at(1, 4), color("black", look.palette).expect("black"), "nothing left in Mark's own cell");
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
            let view = Camera::default().view_of(&game, &board);
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
        let white = color("white", look.palette).expect("a colour");
        let black = color("black", look.palette).expect("a colour");
        // The player's corner pixel over the background, its clear pixel showing the background.
        assert_eq!(frame.pixels[5 * 25 + 5], white);
        assert_eq!(frame.pixels[6 * 25 + 6], black);
        // One pixel per cell: each cell sampled at its sprite's corner.
        let small = draw_grid(&look, &game, grid, View::whole(grid), 1);
        assert_eq!((small.width, small.height), (5, 3));
        assert_eq!(small.pixels[5 + 1], white);
        // Three times the sprite size: every sprite pixel a 3x3 block.
        let big = draw_grid(&look, &game, grid, View::whole(grid), 15);
        assert_eq!((big.width, big.height), (75, 45));
        for (x, y) in [(15, 15), (17, 17), (21, 21)] {
            let (sx, sy) = (5 + (x - 15) / 3, 5 + (y - 15) / 3);
            assert_eq!(big.pixels[y * 75 + x], frame.pixels[sy * 25 + sx], "({x}, {y})");
        }
        // Part of the level.
        let part = grid_frame(&look, &game, grid, View { x0: 1, y0: 1, x1: 3, y1: 2 });
        assert_eq!((part.width, part.height), (10, 5));
        assert_eq!(part.pixels[0], white);
    }
}
