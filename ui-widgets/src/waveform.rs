//! A small waveform thumbnail: a filled band between the lowest and the
//! highest sample of each column, so short sounds and long ones alike read
//! as a shape, never as sparse ticks.

/// Column peaks of `samples`: `(min, max)` pairs, `columns` of them, each
/// clamped to [-1, 1]. With more samples than columns each column covers
/// its share of them; with fewer, each column spans the line between the
/// two samples on either side of it, so the band stays connected.
#[must_use]
pub fn peaks(samples: &[f64], columns: usize) -> Vec<(f32, f32)> {
    if samples.is_empty() || columns == 0 {
        return Vec::new();
    }
    let n = samples.len();
    (0..columns)
        .map(|c| {
            // The samples under this column, and always two neighbours
            // at least (the last columns share the last two samples).
            let start = (c * n / columns).min(n.saturating_sub(2));
            let end = ((c + 1) * n).div_ceil(columns).max(start + 2).min(n);
            let span = &samples[start..end];
            let lo = span.iter().copied().fold(f64::INFINITY, f64::min).clamp(-1.0, 1.0);
            let hi = span.iter().copied().fold(f64::NEG_INFINITY, f64::max).clamp(-1.0, 1.0);
            (lo as f32, hi as f32)
        })
        .collect()
}

/// Draws `peaks` (from [`peaks`]) as a filled band in a box of `size`,
/// each column at least one pixel tall (silence is a line through the
/// middle); returns the response of a clickable area.
pub fn waveform(ui: &mut egui::Ui, peaks: &[(f32, f32)], size: egui::Vec2) -> egui::Response {
    let (rect, response) = ui.allocate_exact_size(size, egui::Sense::click());
    let painter = ui.painter_at(rect);
    let visuals = ui.visuals();
    painter.rect_filled(rect, 2.0, visuals.extreme_bg_color);
    let fill = visuals.selection.bg_fill;
    let n = peaks.len().max(1) as f32;
    let mid = rect.center().y;
    let half = rect.height() / 2.0 - 1.0;
    let column = rect.width() / n;
    for (i, (lo, hi)) in peaks.iter().enumerate() {
        let left = rect.left() + i as f32 * column;
        let (top, bottom) = (mid - hi * half, mid - lo * half);
        let (top, bottom) = if bottom - top < 1.0 {
            (mid - 0.5 + (top - mid).min(0.0), top.max(mid - 0.5) + 1.0)
        } else {
            (top, bottom)
        };
        // Columns overlap by a fraction of a pixel so the band has no seams.
        painter.rect_filled(
            egui::Rect::from_min_max(egui::pos2(left, top), egui::pos2(left + column + 0.5, bottom)),
            0.0,
            fill,
        );
    }
    response
}

#[cfg(test)]
mod tests {
    use super::peaks;

    #[test]
    fn peaks_take_min_and_max_per_column() {
        let s = [0.0, 0.5, -0.25, 2.0, -3.0, 0.1];
        assert_eq!(peaks(&s, 3), vec![(0.0, 0.5), (-0.25, 1.0), (-1.0, 0.1)]);
        assert!(peaks(&[], 4).is_empty());
    }

    #[test]
    fn fewer_samples_than_columns_still_fill_every_column_connected() {
        let s = [0.0, 1.0, -1.0];
        let p = peaks(&s, 6);
        assert_eq!(p.len(), 6);
        // Every column spans two neighbouring samples: no single-point ticks.
        assert!(p.iter().all(|(lo, hi)| hi > lo), "{p:?}");
        assert_eq!(p[0], (0.0, 1.0));
        assert_eq!(p[5], (-1.0, 1.0));
    }
}
