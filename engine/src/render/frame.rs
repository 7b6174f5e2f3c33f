//! Level pictures: the game's look (palette, colours, sprite images), the
//! camera (whole level, flickscreen or zoomscreen) and RGBA frames.

use super::{DEFAULT_PALETTE, PaletteTable, Rgba, SpriteImage, color, palette, sprite_image};
use crate::compile::Game;
use crate::compile::bits;
use crate::run::Session;

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
        let images = game
            .objects
            .iter()
            .map(|o| {
                let colors: Vec<Rgba> =
                    o.colors.iter().map(|c| color(c, palette).unwrap_or(Rgba::TRANSPARENT)).collect();
                sprite_image(&o.sprite, &colors)
            })
            .collect();
        Self {
            palette,
            background: pick(meta.background_color.as_deref(), Rgba::BLACK),
            text: pick(meta.text_color.as_deref(), Rgba::WHITE),
            images,
        }
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
    /// The view for the session's current level.
    pub fn view(&mut self, session: &Session) -> View {
        let (w, h) = session.size();
        let whole = View { x0: 0, y0: 0, x1: w, y1: h };
        let meta = &session.game().metadata;
        let (flick, zoom) = (meta.flickscreen, meta.zoomscreen);
        let Some((sw, sh)) = flick.or(zoom) else { return whole };
        let (sw, sh) = ((sw as usize).max(1), (sh as usize).max(1));
        let Some((px, py)) = player_position(session) else {
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

/// The first cell (in column-major order, as the reference scans) that
/// holds the player.
#[must_use]
pub fn player_position(session: &Session) -> Option<(usize, usize)> {
    let game = session.game();
    let player = &game.player;
    let (w, h) = session.size();
    let mut cell = vec![0u64; game.obj_words];
    for x in 0..w {
        for y in 0..h {
            cell.fill(0);
            for id in session.objects_at(x, y) {
                bits::set_bit(&mut cell, id);
            }
            if player.matches(&cell) && !bits::is_zero(&player.mask) {
                return Some((x, y));
            }
        }
    }
    None
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

/// Draw `view` of the session's level: background colour, then each cell's
/// objects from the lowest collision layer up, one sprite pixel per pixel.
#[must_use]
pub fn level_frame(look: &Look, session: &Session, view: View) -> Frame {
    let cell = look.images.first().map_or(5, |i| i.size);
    let (width, height) = (view.width() * cell, view.height() * cell);
    let mut pixels = vec![look.background; width * height];
    let game = session.game();
    for cx in view.x0..view.x1 {
        for cy in view.y0..view.y1 {
            let mut ids = session.objects_at(cx, cy);
            ids.sort_by_key(|&id| (game.objects.get(id).map_or(0, |o| o.layer), id));
            for id in ids {
                let Some(img) = look.images.get(id) else { continue };
                for py in 0..img.size.min(cell) {
                    for px in 0..img.size.min(cell) {
                        let p = img.pixels[py * img.size + px];
                        if !p.is_transparent() {
                            let x = (cx - view.x0) * cell + px;
                            let y = (cy - view.y0) * cell + py;
                            pixels[y * width + x] = p;
                        }
                    }
                }
            }
        }
    }
    Frame { width, height, pixels }
}
