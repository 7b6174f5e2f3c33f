//! A sprite drawn in a pose of PuzzleScript Next's `afx:` animations
//! ([`crate::afx::Pose`]): shifted, scaled, faded and turned about its
//! centre, as PuzzleScript Next draws it on its canvas (the shift and
//! size first, in whole pixels, then the turn). Each screen pixel in reach
//! takes the sprite pixel under its centre (nearest, no smoothing, as the
//! rest of our drawing).

use super::SpriteImage;
use crate::afx::Pose;
use crate::palette::{Rgba, blend};

/// Where the sprite is drawn when not animated: left, top, width and
/// height in screen pixels.
#[derive(Debug, Clone, Copy)]
pub(super) struct Rect {
    pub x: f64,
    pub y: f64,
    pub w: f64,
    pub h: f64,
}

/// Draw `img` at `rect` in `pose` into `pixels` (`width` wide), with
/// `cell` pixels to a cell (the unit of the pose's shift).
pub(super) fn draw_posed(
    img: &SpriteImage,
    rect: Rect,
    pose: &Pose,
    cell: (f64, f64),
    (pixels, width): (&mut [Rgba], usize),
) {
    let n = img.size;
    let height = pixels.len() / width.max(1);
    let (w, h) = (rect.w * pose.scale, rect.h * pose.scale);
    let seen = w.abs() >= 0.5 && h.abs() >= 0.5 && pose.alpha > 0.0;
    if n == 0 || !seen {
        return;
    }
    let (w, h) = (w.abs(), h.abs());
    let x = (rect.x + pose.dx * cell.0).floor();
    let y = (rect.y + pose.dy * cell.1).floor();
    let (cx, cy) = (x + w / 2.0, y + h / 2.0);
    let angle = pose.turn * std::f64::consts::TAU;
    let (sin, cos) = angle.sin_cos();
    // The turned rectangle's reach about its centre.
    let reach_x = (w * cos.abs() + h * sin.abs()) / 2.0;
    let reach_y = (w * sin.abs() + h * cos.abs()) / 2.0;
    let x0 = ((cx - reach_x).floor().max(0.0)) as usize;
    let y0 = ((cy - reach_y).floor().max(0.0)) as usize;
    let x1 = ((cx + reach_x).ceil().max(0.0) as usize).min(width);
    let y1 = ((cy + reach_y).ceil().max(0.0) as usize).min(height);
    let alpha = pose.alpha.min(1.0);
    for py in y0..y1 {
        for px in x0..x1 {
            // Back from the screen into the unturned rectangle.
            let (dx, dy) = (px as f64 + 0.5 - cx, py as f64 + 0.5 - cy);
            let u = dx * cos + dy * sin + w / 2.0;
            let v = -dx * sin + dy * cos + h / 2.0;
            if !(0.0..w).contains(&u) || !(0.0..h).contains(&v) {
                continue;
            }
            let (ix, iy) = (((u / w) * n as f64) as usize, ((v / h) * n as f64) as usize);
            let mut p = img.pixels[iy.min(n - 1) * n + ix.min(n - 1)];
            if alpha < 1.0 {
                p.0[3] = (f64::from(p.0[3]) * alpha).round() as u8;
            }
            if !p.is_transparent() {
                let k = py * width + px;
                pixels[k] = blend(pixels[k], p);
            }
        }
    }
}
