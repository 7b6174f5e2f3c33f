//! A small waveform thumbnail: one min/max bar per column.

/// Column peaks of `samples`: `(min, max)` pairs, `columns` of them (fewer
/// when there are fewer samples), each clamped to [-1, 1].
#[must_use]
pub fn peaks(samples: &[f64], columns: usize) -> Vec<(f32, f32)> {
    if samples.is_empty() || columns == 0 {
        return Vec::new();
    }
    let per = samples.len().div_ceil(columns).max(1);
    samples
        .chunks(per)
        .map(|c| {
            let lo = c.iter().copied().fold(f64::INFINITY, f64::min).clamp(-1.0, 1.0);
            let hi = c.iter().copied().fold(f64::NEG_INFINITY, f64::max).clamp(-1.0, 1.0);
            (lo as f32, hi as f32)
        })
        .collect()
}

/// Draws `peaks` (from [`peaks`]) in a box of `size`; returns the response
/// of a clickable area.
pub fn waveform(ui: &mut egui::Ui, peaks: &[(f32, f32)], size: egui::Vec2) -> egui::Response {
    let (rect, response) = ui.allocate_exact_size(size, egui::Sense::click());
    let painter = ui.painter_at(rect);
    let visuals = ui.visuals();
    painter.rect_filled(rect, 2.0, visuals.extreme_bg_color);
    let stroke = egui::Stroke::new(1.0, visuals.selection.bg_fill);
    let n = peaks.len().max(1) as f32;
    let mid = rect.center().y;
    let half = rect.height() / 2.0 - 1.0;
    for (i, (lo, hi)) in peaks.iter().enumerate() {
        let x = rect.left() + (i as f32 + 0.5) * rect.width() / n;
        painter.line_segment([egui::pos2(x, mid - hi * half), egui::pos2(x, mid - lo * half + 0.5)], stroke);
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
}
