//! PuzzleScript Next's canvas sprites (`canvas:W,H` objects): their lines
//! of JSON drawing instructions read (`{"arc":[0.5,0.5,0.4,0,6.28]}`,
//! `{"fillStyle":"red"}`), and drawn into pixels by a small vector painter
//! of our own that does what a web canvas does with the instructions games
//! use: paths of lines, arcs, rectangles and rounded rectangles, filled and
//! stroked, in CSS colours, with moves, scales and rotations, and the
//! pictures of `load_images` (`drawImage`, [`crate::images`]). Units are
//! cells, from the canvas's top left. Below `check` (which reports a line
//! that is not JSON, and an instruction we do not draw, by name) and
//! `render` (which draws the sprites).

use crate::images::{Image, Images, Picture};
use crate::palette::{Rgba, parse_hex};

/// A JSON value of an instruction.
#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    /// A number.
    Num(f64),
    /// A string.
    Str(String),
    /// An array.
    List(Vec<Value>),
    /// `true` or `false`.
    Bool(bool),
    /// `null` or an object: read, never used.
    Other,
}

impl Value {
    fn num(&self) -> Option<f64> {
        match self {
            Value::Num(n) => Some(*n),
            Value::Str(s) => s.trim().parse().ok(),
            _ => None,
        }
    }
}

/// One instruction: a canvas function with its arguments, or a property
/// with its value (`!include` names another canvas object).
#[derive(Debug, Clone, PartialEq)]
pub struct Instr {
    /// The function or property (`arc`, `fillStyle`, `!include`).
    pub key: String,
    /// Its argument list or value.
    pub value: Value,
}

impl Instr {
    /// The picture a `drawImage` names (its first argument).
    #[must_use]
    pub fn image_name(&self) -> Option<&str> {
        match (self.key.as_str(), &self.value) {
            ("drawImage", Value::List(items)) => match items.first() {
                Some(Value::Str(name)) => Some(name),
                _ => None,
            },
            _ => None,
        }
    }
}

/// The instructions our painter draws; any other is skipped (and `check`
/// names it).
pub const DRAWN: [&str; 26] = [
    "beginPath",
    "closePath",
    "moveTo",
    "lineTo",
    "rect",
    "roundRect",
    "arc",
    "ellipse",
    "fill",
    "stroke",
    "fillRect",
    "strokeRect",
    "clearRect",
    "fillStyle",
    "strokeStyle",
    "lineWidth",
    "globalAlpha",
    "save",
    "restore",
    "translate",
    "scale",
    "rotate",
    "!include",
    "lineCap",
    "drawImage",
    "imageSmoothingEnabled",
];

/// Read one line of instructions: JSON objects one after another, with
/// spaces and `( )` comments between them. `Err` gives the byte offset of
/// the first thing that is not an instruction.
pub fn parse_line(text: &str) -> Result<Vec<Instr>, usize> {
    let mut r = Reader { s: text.as_bytes(), pos: 0 };
    let mut out = Vec::new();
    loop {
        r.skip_gap();
        if r.pos >= r.s.len() {
            return Ok(out);
        }
        let at = r.pos;
        if r.peek() != Some(b'{') {
            return Err(at);
        }
        r.pos += 1;
        r.ws();
        if r.peek() == Some(b'}') {
            r.pos += 1;
            continue;
        }
        loop {
            r.ws();
            let key = r.string().ok_or(at)?;
            r.ws();
            if !r.eat(b':') {
                return Err(at);
            }
            let value = r.value(0).ok_or(at)?;
            out.push(Instr { key, value });
            r.ws();
            if r.eat(b',') {
                continue;
            }
            if r.eat(b'}') {
                break;
            }
            return Err(at);
        }
    }
}

struct Reader<'a> {
    s: &'a [u8],
    pos: usize,
}

impl Reader<'_> {
    fn peek(&self) -> Option<u8> {
        self.s.get(self.pos).copied()
    }
    fn eat(&mut self, b: u8) -> bool {
        let ok = self.peek() == Some(b);
        self.pos += usize::from(ok);
        ok
    }
    fn ws(&mut self) {
        while self.peek().is_some_and(|b| b.is_ascii_whitespace()) {
            self.pos += 1;
        }
    }
    /// Spaces and `( ... )` comments (nested).
    fn skip_gap(&mut self) {
        loop {
            self.ws();
            if self.peek() != Some(b'(') {
                return;
            }
            let mut depth = 0usize;
            while let Some(b) = self.peek() {
                self.pos += 1;
                depth = match b {
                    b'(' => depth + 1,
                    b')' => depth - 1,
                    _ => depth,
                };
                if depth == 0 {
                    break;
                }
            }
        }
    }
    fn string(&mut self) -> Option<String> {
        if !self.eat(b'"') {
            return None;
        }
        let mut out = Vec::new();
        loop {
            let b = self.peek()?;
            self.pos += 1;
            match b {
                b'"' => return String::from_utf8(out).ok(),
                b'\\' => {
                    let e = self.peek()?;
                    self.pos += 1;
                    match e {
                        b'n' => out.push(b'\n'),
                        b't' => out.push(b'\t'),
                        b'u' => {
                            let hex = std::str::from_utf8(self.s.get(self.pos..self.pos + 4)?).ok()?;
                            let c = char::from_u32(u32::from_str_radix(hex, 16).ok()?)?;
                            self.pos += 4;
                            out.extend_from_slice(c.to_string().as_bytes());
                        }
                        other => out.push(other),
                    }
                }
                _ => out.push(b),
            }
        }
    }
    fn value(&mut self, depth: usize) -> Option<Value> {
        self.ws();
        if depth > 16 {
            return None;
        }
        match self.peek()? {
            b'"' => self.string().map(Value::Str),
            b'[' => {
                self.pos += 1;
                let mut items = Vec::new();
                self.ws();
                if self.eat(b']') {
                    return Some(Value::List(items));
                }
                loop {
                    items.push(self.value(depth + 1)?);
                    self.ws();
                    if self.eat(b']') {
                        return Some(Value::List(items));
                    }
                    if !self.eat(b',') {
                        return None;
                    }
                }
            }
            b'{' => {
                self.pos += 1;
                self.ws();
                if self.eat(b'}') {
                    return Some(Value::Other);
                }
                loop {
                    self.ws();
                    self.string()?;
                    self.ws();
                    if !self.eat(b':') {
                        return None;
                    }
                    self.value(depth + 1)?;
                    self.ws();
                    if self.eat(b'}') {
                        return Some(Value::Other);
                    }
                    if !self.eat(b',') {
                        return None;
                    }
                }
            }
            b't' | b'f' | b'n' => {
                for (w, v) in [("true", Value::Bool(true)), ("false", Value::Bool(false)), ("null", Value::Other)] {
                    if self.s[self.pos..].starts_with(w.as_bytes()) {
                        self.pos += w.len();
                        return Some(v);
                    }
                }
                None
            }
            _ => {
                let start = self.pos;
                while self.peek().is_some_and(|b| b.is_ascii_digit() || b"+-.eE".contains(&b)) {
                    self.pos += 1;
                }
                std::str::from_utf8(&self.s[start..self.pos]).ok()?.parse().ok().map(Value::Num)
            }
        }
    }
}

/// A CSS colour as a canvas reads it: `#rgb`, `#rrggbb` (and with alpha),
/// `rgb(r,g,b)`/`rgba(r,g,b,a)`, or one of the common CSS names.
#[must_use]
pub fn css_colour(s: &str) -> Option<Rgba> {
    let s = s.trim().to_ascii_lowercase();
    if s.starts_with('#') {
        return parse_hex(&s);
    }
    if let Some(args) = s.strip_prefix("rgba(").or_else(|| s.strip_prefix("rgb(")).and_then(|a| a.strip_suffix(')')) {
        let parts: Vec<f64> = args.split(',').map(|p| p.trim().parse::<f64>()).collect::<Result<_, _>>().ok()?;
        let byte = |v: f64| v.clamp(0.0, 255.0).round() as u8;
        return match parts[..] {
            [r, g, b] => Some(Rgba([byte(r), byte(g), byte(b), 255])),
            [r, g, b, a] => Some(Rgba([byte(r), byte(g), byte(b), byte(a * 255.0)])),
            _ => None,
        };
    }
    let hex = match s.as_str() {
        "black" => 0x000000,
        "white" => 0xffffff,
        "red" => 0xff0000,
        "green" => 0x008000,
        "lime" => 0x00ff00,
        "blue" => 0x0000ff,
        "yellow" => 0xffff00,
        "orange" => 0xffa500,
        "purple" => 0x800080,
        "pink" => 0xffc0cb,
        "gray" | "grey" => 0x808080,
        "silver" => 0xc0c0c0,
        "lightgray" | "lightgrey" => 0xd3d3d3,
        "darkgray" | "darkgrey" => 0xa9a9a9,
        "maroon" => 0x800000,
        "darkred" => 0x8b0000,
        "brown" => 0xa52a2a,
        "navy" => 0x000080,
        "darkblue" => 0x00008b,
        "lightblue" => 0xadd8e6,
        "teal" => 0x008080,
        "olive" => 0x808000,
        "darkgreen" => 0x006400,
        "lightgreen" => 0x90ee90,
        "aqua" | "cyan" => 0x00ffff,
        "fuchsia" | "magenta" => 0xff00ff,
        "gold" => 0xffd700,
        "violet" => 0xee82ee,
        "indigo" => 0x4b0082,
        "tan" => 0xd2b48c,
        "beige" => 0xf5f5dc,
        "salmon" => 0xfa8072,
        "coral" => 0xff7f50,
        "crimson" => 0xdc143c,
        "khaki" => 0xf0e68c,
        "transparent" => return Some(Rgba::TRANSPARENT),
        _ => return None,
    };
    let [_, r, g, b] = u32::to_be_bytes(hex);
    Some(Rgba([r, g, b, 255]))
}

/// A 2-D affine transform (`a c e / b d f`, as a canvas keeps it).
#[derive(Debug, Clone, Copy)]
struct Matrix([f64; 6]);

impl Matrix {
    fn apply(&self, x: f64, y: f64) -> (f64, f64) {
        let [a, b, c, d, e, f] = self.0;
        (a * x + c * y + e, b * x + d * y + f)
    }
    fn then(&self, m: [f64; 6]) -> Matrix {
        // self * m: m applies first.
        let [a, b, c, d, e, f] = self.0;
        let [a2, b2, c2, d2, e2, f2] = m;
        Matrix([
            a * a2 + c * b2,
            b * a2 + d * b2,
            a * c2 + c * d2,
            b * c2 + d * d2,
            a * e2 + c * f2 + e,
            b * e2 + d * f2 + f,
        ])
    }
    /// The point this transform takes to (`x`, `y`), if it has an inverse.
    fn unapply(&self, x: f64, y: f64) -> Option<(f64, f64)> {
        let [a, b, c, d, e, f] = self.0;
        let det = a * d - b * c;
        if det == 0.0 || !det.is_finite() {
            return None;
        }
        let (x, y) = (x - e, y - f);
        Some(((d * x - c * y) / det, (a * y - b * x) / det))
    }
    fn scale(&self) -> f64 {
        let [a, b, c, d, ..] = self.0;
        ((a * d - b * c).abs()).sqrt()
    }
}

#[derive(Debug, Clone, Copy)]
struct Pen {
    /// `font`, `textAlign`, `textBaseline`.
    text: crate::canvas_text::TextStyle,
    fill: Rgba,
    stroke: Rgba,
    width: f64,
    alpha: f64,
    matrix: Matrix,
    /// `imageSmoothingEnabled`: pictures scaled with blending (else each
    /// picture pixel a block).
    smooth: bool,
}

/// The painter's state while it runs instructions.
struct Painter<'a> {
    /// `load_images`'s pictures.
    images: &'a Images,
    w: usize,
    h: usize,
    pixels: Vec<Rgba>,
    pen: Pen,
    saved: Vec<Pen>,
    /// Closed or open polylines in pixels.
    path: Vec<(Vec<(f64, f64)>, bool)>,
}

fn args(v: &Value) -> Vec<f64> {
    match v {
        Value::List(items) => items.iter().map(|i| i.num().unwrap_or(f64::NAN)).collect(),
        other => other.num().into_iter().collect(),
    }
}

/// How large PuzzleScript Next's black and red placeholders are, in
/// pixels each way.
const PLACEHOLDER_SIDE: usize = 4096;

/// `img` at (`s`, `t`) (picture pixels) blended from its four nearest
/// pixels, kept inside `clip` (left, top, right, bottom).
fn bilinear(img: &Image, (s, t): (f64, f64), clip: (f64, f64, f64, f64)) -> Rgba {
    let (l, tp) = (clip.0.floor() as usize, clip.1.floor() as usize);
    let (r, b) = ((clip.2.ceil() as usize).max(l + 1) - 1, (clip.3.ceil() as usize).max(tp + 1) - 1);
    let (fx, fy) = (s - 0.5, t - 0.5);
    let (x0, y0) = (fx.floor(), fy.floor());
    let (ax, ay) = (fx - x0, fy - y0);
    let at = |x: f64, y: f64| {
        let x = (x.max(l as f64) as usize).min(r).min(img.width - 1);
        let y = (y.max(tp as f64) as usize).min(b).min(img.height - 1);
        img.pixels[y * img.width + x]
    };
    let ps = [at(x0, y0), at(x0 + 1.0, y0), at(x0, y0 + 1.0), at(x0 + 1.0, y0 + 1.0)];
    let ws = [(1.0 - ax) * (1.0 - ay), ax * (1.0 - ay), (1.0 - ax) * ay, ax * ay];
    // Blended with their alphas, as a canvas does (premultiplied).
    let a: f64 = ps.iter().zip(ws).map(|(p, w)| f64::from(p.0[3]) * w).sum();
    if a <= 0.0 {
        return Rgba::TRANSPARENT;
    }
    let ch = |k: usize| {
        (ps.iter().zip(ws).map(|(p, w)| f64::from(p.0[k]) * f64::from(p.0[3]) * w).sum::<f64>() / a).round() as u8
    };
    Rgba([ch(0), ch(1), ch(2), a.round() as u8])
}

impl Painter<'_> {
    fn point(&self, x: f64, y: f64) -> (f64, f64) {
        self.pen.matrix.apply(x, y)
    }
    fn move_to(&mut self, x: f64, y: f64) {
        let p = self.point(x, y);
        self.path.push((vec![p], false));
    }
    fn line_to(&mut self, x: f64, y: f64) {
        let p = self.point(x, y);
        match self.path.last_mut() {
            Some((pts, false)) => pts.push(p),
            _ => self.path.push((vec![p], false)),
        }
    }
    fn close(&mut self) {
        if let Some((pts, closed)) = self.path.last_mut() {
            *closed = true;
            let start = pts[0];
            self.path.push((vec![start], false));
        }
    }
    fn arc(&mut self, cx: f64, cy: f64, (rx, ry): (f64, f64), (a0, a1): (f64, f64), ccw: bool) {
        let tau = std::f64::consts::TAU;
        let mut sweep = a1 - a0;
        if ccw {
            sweep = if sweep <= -tau { -tau } else { -((-sweep).rem_euclid(tau)) };
        } else {
            sweep = if sweep >= tau { tau } else { sweep.rem_euclid(tau) };
        }
        let steps = ((sweep.abs() / tau * 64.0).ceil() as usize).max(2);
        for k in 0..=steps {
            let a = a0 + sweep * k as f64 / steps as f64;
            self.line_to(cx + rx * a.cos(), cy + ry * a.sin());
        }
    }
    fn rect(&mut self, x: f64, y: f64, w: f64, h: f64) {
        self.move_to(x, y);
        self.line_to(x + w, y);
        self.line_to(x + w, y + h);
        self.line_to(x, y + h);
        self.close();
    }
    fn round_rect(&mut self, x: f64, y: f64, w: f64, h: f64, r: f64) {
        let r = r.max(0.0).min(w.abs() / 2.0).min(h.abs() / 2.0);
        let half = std::f64::consts::FRAC_PI_2;
        self.move_to(x + r, y);
        self.arc(x + w - r, y + r, (r, r), (-half, 0.0), false);
        self.arc(x + w - r, y + h - r, (r, r), (0.0, half), false);
        self.arc(x + r, y + h - r, (r, r), (half, 2.0 * half), false);
        self.arc(x + r, y + r, (r, r), (2.0 * half, 3.0 * half), false);
        self.close();
    }

    /// Fill `polys` (nonzero winding), four by four samples a pixel.
    fn fill_polys(&mut self, polys: &[Vec<(f64, f64)>], colour: Rgba) {
        const S: usize = 4;
        let mut alpha = f64::from(colour.0[3]) / 255.0 * self.pen.alpha;
        alpha = alpha.clamp(0.0, 1.0);
        let edges: Vec<((f64, f64), (f64, f64))> = polys
            .iter()
            .filter(|p| p.len() > 2)
            .flat_map(|p| p.iter().zip(p.iter().cycle().skip(1)).map(|(a, b)| (*a, *b)))
            .collect();
        if edges.is_empty() {
            return;
        }
        let top = edges.iter().map(|e| e.0.1.min(e.1.1)).fold(f64::INFINITY, f64::min).floor().max(0.0) as usize;
        let bottom = edges.iter().map(|e| e.0.1.max(e.1.1)).fold(f64::NEG_INFINITY, f64::max).ceil();
        let bottom = (bottom.max(0.0) as usize).min(self.h);
        let mut cover = vec![0u16; self.w];
        let mut xs: Vec<(f64, i32)> = Vec::new();
        for y in top..bottom {
            cover.fill(0);
            for sy in 0..S {
                let py = y as f64 + (sy as f64 + 0.5) / S as f64;
                xs.clear();
                for &((x0, y0), (x1, y1)) in &edges {
                    if (y0 <= py && y1 > py) || (y1 <= py && y0 > py) {
                        let t = (py - y0) / (y1 - y0);
                        xs.push((x0 + t * (x1 - x0), if y1 > y0 { 1 } else { -1 }));
                    }
                }
                xs.sort_by(|a, b| a.0.total_cmp(&b.0));
                let mut wind = 0;
                for k in 0..xs.len() {
                    wind += xs[k].1;
                    if wind == 0 || k + 1 == xs.len() {
                        continue;
                    }
                    let (a, b) = (xs[k].0, xs[k + 1].0);
                    for sx in 0..S * self.w {
                        let px = (sx as f64 + 0.5) / S as f64;
                        if px >= a && px < b {
                            cover[sx / S] += 1;
                        }
                    }
                }
            }
            for (x, &c) in cover.iter().enumerate() {
                if c > 0 {
                    let mut p = colour;
                    p.0[3] = (alpha * f64::from(c) / (S * S) as f64 * 255.0).round() as u8;
                    let k = y * self.w + x;
                    self.pixels[k] = crate::palette::blend(self.pixels[k], p);
                }
            }
        }
    }

    fn fill(&mut self) {
        let polys: Vec<Vec<(f64, f64)>> = self.path.iter().map(|p| p.0.clone()).collect();
        self.fill_polys(&polys, self.pen.fill);
    }

    /// `fillText`/`strokeText` ([`crate::canvas_text`] lays the letters
    /// out), leaving the path as it was, as a canvas does.
    fn text(&mut self, value: &Value, stroke: bool) {
        let (Value::List(items), a) = (value, args(value)) else { return };
        let text = match items.first() {
            Some(Value::Str(s)) => s.clone(),
            Some(Value::Num(n)) => n.to_string(),
            _ => return,
        };
        // A `maxWidth` not over 0 draws nothing, as on a canvas.
        let (Some(x), Some(y), max_width) = (a.get(1), a.get(2), a.get(3).copied()) else { return };
        if !(x.is_finite() && y.is_finite()) || max_width.is_some_and(|m| m.is_nan() || m <= 0.0) {
            return;
        }
        let letters = crate::canvas_text::letters(&text, (*x, *y), max_width, &self.pen.text);
        let to_pixels = |pts: &[(f64, f64)]| pts.iter().map(|&(x, y)| self.point(x, y)).collect::<Vec<_>>();
        if stroke {
            let outline = letters.outline.iter().map(|seg| (to_pixels(seg), false)).collect();
            let kept = std::mem::replace(&mut self.path, outline);
            self.stroke();
            self.path = kept;
        } else {
            let runs: Vec<Vec<(f64, f64)>> = letters.runs.iter().map(|r| to_pixels(r)).collect();
            self.fill_polys(&runs, self.pen.fill);
        }
    }

    /// Each segment of the path as a quad as wide as the line, filled.
    fn stroke(&mut self) {
        let half = self.pen.width * self.pen.matrix.scale() / 2.0;
        let mut quads = Vec::new();
        for (pts, closed) in &self.path {
            let n = pts.len();
            let segs = if *closed { n } else { n.saturating_sub(1) };
            for k in 0..segs {
                let (a, b) = (pts[k], pts[(k + 1) % n]);
                let (dx, dy) = (b.0 - a.0, b.1 - a.1);
                let len = (dx * dx + dy * dy).sqrt();
                if len == 0.0 {
                    continue;
                }
                let (nx, ny) = (-dy / len * half, dx / len * half);
                quads.push(vec![
                    (a.0 + nx, a.1 + ny),
                    (b.0 + nx, b.1 + ny),
                    (b.0 - nx, b.1 - ny),
                    (a.0 - nx, a.1 - ny),
                ]);
            }
        }
        let colour = self.pen.stroke;
        // All turned the same way round, so that where they overlap they
        // add up instead of cancelling out: filled at once, as one shape,
        // with no seams where they meet.
        for q in &mut quads {
            let twice_area: f64 = (0..4).map(|k| q[k].0 * q[(k + 1) % 4].1 - q[(k + 1) % 4].0 * q[k].1).sum();
            if twice_area < 0.0 {
                q.reverse();
            }
        }
        self.fill_polys(&quads, colour);
    }

    /// `drawImage`: the part `src` (picture pixels: x, y, width, height)
    /// of `picture` into the rectangle `dst` (units), through the
    /// transform; a picture that is not there is a solid colour as large as
    /// PuzzleScript Next's placeholders (4096 pixels each way).
    fn draw_image(&mut self, picture: &Picture, src: [f64; 4], dst: [f64; 4]) {
        // Negative sizes count from the other edge, as a canvas reads them.
        let norm = |[x, y, w, h]: [f64; 4]| {
            let (x, w) = if w < 0.0 { (x + w, -w) } else { (x, w) };
            let (y, h) = if h < 0.0 { (y + h, -h) } else { (y, h) };
            [x, y, w, h]
        };
        let ([sx, sy, sw, sh], [dx, dy, dw, dh]) = (norm(src), norm(dst));
        if sw == 0.0 || sh == 0.0 || dw == 0.0 || dh == 0.0 {
            return;
        }
        let corners = [(dx, dy), (dx + dw, dy), (dx, dy + dh), (dx + dw, dy + dh)].map(|(x, y)| self.point(x, y));
        let lo = |v: f64, n: usize| (v.floor().max(0.0) as usize).min(n);
        let x0 = lo(corners.iter().map(|p| p.0).fold(f64::INFINITY, f64::min), self.w);
        let x1 = lo(corners.iter().map(|p| p.0).fold(f64::NEG_INFINITY, f64::max).ceil(), self.w);
        let y0 = lo(corners.iter().map(|p| p.1).fold(f64::INFINITY, f64::min), self.h);
        let y1 = lo(corners.iter().map(|p| p.1).fold(f64::NEG_INFINITY, f64::max).ceil(), self.h);
        let alpha = self.pen.alpha.clamp(0.0, 1.0);
        let (side, pixel) = match picture {
            Picture::Loaded(img) => ((img.width, img.height), None),
            other => ((PLACEHOLDER_SIDE, PLACEHOLDER_SIDE), other.placeholder()),
        };
        // The source rectangle cut to the picture.
        let (cx0, cy0) = (sx.max(0.0), sy.max(0.0));
        let (cx1, cy1) = ((sx + sw).min(side.0 as f64), (sy + sh).min(side.1 as f64));
        if cx0 >= cx1 || cy0 >= cy1 {
            return;
        }
        for y in y0..y1 {
            for x in x0..x1 {
                let Some((u, v)) = self.pen.matrix.unapply(x as f64 + 0.5, y as f64 + 0.5) else { return };
                if u < dx || u >= dx + dw || v < dy || v >= dy + dh {
                    continue;
                }
                let (s, t) = (sx + (u - dx) / dw * sw, sy + (v - dy) / dh * sh);
                if s < cx0 || s >= cx1 || t < cy0 || t >= cy1 {
                    continue;
                }
                let mut c = match (picture, pixel) {
                    (_, Some(c)) => c,
                    (Picture::Loaded(img), None) if self.pen.smooth => bilinear(img, (s, t), (cx0, cy0, cx1, cy1)),
                    (Picture::Loaded(img), None) => img.pixels[(t as usize) * img.width + s as usize],
                    _ => continue,
                };
                c.0[3] = (f64::from(c.0[3]) * alpha).round() as u8;
                let k = y * self.w + x;
                self.pixels[k] = crate::palette::blend(self.pixels[k], c);
            }
        }
    }

    /// `drawImage` with the arguments of `i`, as a canvas takes them.
    fn draw_image_instr(&mut self, i: &Instr) {
        let (Some(name), Value::List(items)) = (i.image_name(), &i.value) else { return };
        let Some(picture) = self.images.get(name) else { return };
        let nums: Vec<f64> = items[1..].iter().take(8).map(|v| v.num().unwrap_or(f64::NAN)).collect();
        if nums.iter().any(|v| !v.is_finite()) {
            return;
        }
        let side = match picture {
            Picture::Loaded(img) => (img.width as f64, img.height as f64),
            _ => (PLACEHOLDER_SIDE as f64, PLACEHOLDER_SIDE as f64),
        };
        let whole = [0.0, 0.0, side.0, side.1];
        // As a canvas takes them: (x, y) at the picture's own
        // size, one picture pixel a unit; (x, y, w, h); or a
        // part of it (sx, sy, sw, sh) into (x, y, w, h).
        let (src, dst) = match nums.len() {
            2 => (whole, [nums[0], nums[1], side.0, side.1]),
            4 => (whole, [nums[0], nums[1], nums[2], nums[3]]),
            n if n >= 8 => ([nums[0], nums[1], nums[2], nums[3]], [nums[4], nums[5], nums[6], nums[7]]),
            _ => return,
        };
        let picture = picture.clone();
        self.draw_image(&picture, src, dst);
    }

    fn run(&mut self, instrs: &[Instr], include: &dyn Fn(&str) -> Option<Vec<Instr>>, depth: usize) {
        for i in instrs {
            let a = args(&i.value);
            let n = |k: usize| a.get(k).copied().filter(|v| v.is_finite());
            let colour = || match &i.value {
                Value::Str(s) => css_colour(s),
                _ => None,
            };
            match i.key.as_str() {
                "!include" => {
                    if let (Value::Str(name), true) = (&i.value, depth < 8)
                        && let Some(more) = include(&name.to_lowercase())
                    {
                        self.run(&more, include, depth + 1);
                    }
                }
                "beginPath" => self.path.clear(),
                "closePath" => self.close(),
                "moveTo" => {
                    if let (Some(x), Some(y)) = (n(0), n(1)) {
                        self.move_to(x, y);
                    }
                }
                "lineTo" => {
                    if let (Some(x), Some(y)) = (n(0), n(1)) {
                        self.line_to(x, y);
                    }
                }
                "rect" => {
                    if let (Some(x), Some(y), Some(w), Some(h)) = (n(0), n(1), n(2), n(3)) {
                        self.rect(x, y, w, h);
                    }
                }
                "roundRect" => {
                    if let (Some(x), Some(y), Some(w), Some(h)) = (n(0), n(1), n(2), n(3)) {
                        self.round_rect(x, y, w, h, n(4).unwrap_or(0.0));
                    }
                }
                "arc" => {
                    if let (Some(x), Some(y), Some(r), Some(a0), Some(a1)) = (n(0), n(1), n(2), n(3), n(4)) {
                        let ccw = matches!(&i.value, Value::List(v) if v.len() > 5 && !matches!(v[5], Value::Other | Value::Num(0.0) | Value::Bool(false)));
                        self.arc(x, y, (r, r), (a0, a1), ccw);
                    }
                }
                "ellipse" => {
                    if let (Some(x), Some(y), Some(rx), Some(ry), Some(a0), Some(a1)) =
                        (n(0), n(1), n(2), n(3), n(5), n(6))
                    {
                        // The ellipse's own rotation (argument 4) is not drawn.
                        self.arc(x, y, (rx, ry), (a0, a1), false);
                    }
                }
                "fill" => self.fill(),
                "stroke" => self.stroke(),
                "drawImage" => self.draw_image_instr(i),
                "imageSmoothingEnabled" => {
                    self.pen.smooth = match &i.value {
                        Value::Bool(b) => *b,
                        other => other.num().map_or(self.pen.smooth, |v| v != 0.0),
                    };
                }
                "fillRect" | "strokeRect" | "clearRect" => {
                    if let (Some(x), Some(y), Some(w), Some(h)) = (n(0), n(1), n(2), n(3)) {
                        let kept = std::mem::take(&mut self.path);
                        self.rect(x, y, w, h);
                        match i.key.as_str() {
                            "fillRect" => self.fill(),
                            "strokeRect" => self.stroke(),
                            _ => {
                                let polys: Vec<Vec<(f64, f64)>> = self.path.iter().map(|p| p.0.clone()).collect();
                                let mut clear = self.pixels.clone();
                                std::mem::swap(&mut clear, &mut self.pixels);
                                self.pixels.fill(Rgba::TRANSPARENT);
                                self.fill_polys(&polys, Rgba::WHITE);
                                for (k, p) in clear.iter().enumerate() {
                                    let cut = self.pixels[k].0[3];
                                    let mut q = *p;
                                    q.0[3] = (u16::from(q.0[3]) * (255 - u16::from(cut)) / 255) as u8;
                                    self.pixels[k] = q;
                                }
                            }
                        }
                        self.path = kept;
                    }
                }
                "fillStyle" => self.pen.fill = colour().unwrap_or(self.pen.fill),
                "strokeStyle" => self.pen.stroke = colour().unwrap_or(self.pen.stroke),
                "lineWidth" => self.pen.width = n(0).filter(|v| *v > 0.0).unwrap_or(self.pen.width),
                "globalAlpha" => self.pen.alpha = n(0).map_or(self.pen.alpha, |v| v.clamp(0.0, 1.0)),
                "save" => self.saved.push(self.pen),
                "restore" => self.pen = self.saved.pop().unwrap_or(self.pen),
                "translate" => {
                    if let (Some(x), Some(y)) = (n(0), n(1)) {
                        self.pen.matrix = self.pen.matrix.then([1.0, 0.0, 0.0, 1.0, x, y]);
                    }
                }
                "scale" => {
                    if let (Some(x), Some(y)) = (n(0), n(1)) {
                        self.pen.matrix = self.pen.matrix.then([x, 0.0, 0.0, y, 0.0, 0.0]);
                    }
                }
                "rotate" => {
                    if let Some(t) = n(0) {
                        let (s, c) = t.sin_cos();
                        self.pen.matrix = self.pen.matrix.then([c, s, -s, c, 0.0, 0.0]);
                    }
                }
                "font" | "textAlign" | "textBaseline" => {
                    if let Value::Str(s) = &i.value {
                        self.pen.text.set(&i.key, s);
                    }
                }
                "fillText" | "strokeText" => self.text(&i.value, i.key == "strokeText"),
                _ => {}
            }
        }
    }
}

/// Draw `instrs` on a canvas `width` x `height` pixels, `cell` pixels to
/// a unit (a cell), transparent where nothing is drawn. `include` gives
/// another canvas object's instructions by name (lower case), for
/// `!include`. Black fill and stroke, line width 1/`cell`... as a canvas
/// starts.
#[must_use]
pub fn draw(
    instrs: &[Instr],
    include: &dyn Fn(&str) -> Option<Vec<Instr>>,
    images: &Images,
    (width, height): (usize, usize),
    cell: f64,
) -> Vec<Rgba> {
    let pen = Pen {
        text: crate::canvas_text::TextStyle::default(),
        fill: Rgba::BLACK,
        stroke: Rgba::BLACK,
        width: 1.0 / cell.max(1.0),
        alpha: 1.0,
        matrix: Matrix([cell, 0.0, 0.0, cell, 0.0, 0.0]),
        smooth: true,
    };
    let mut p = Painter {
        images,
        w: width,
        h: height,
        pixels: vec![Rgba::TRANSPARENT; width * height],
        pen,
        saved: Vec::new(),
        path: Vec::new(),
    };
    p.run(instrs, include, 0);
    p.pixels
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_of_json_objects_read_with_comments_between() {
        let got = parse_line(r##"{"beginPath":[]}{"fillStyle":"#404040"} ( a blob ) {"arc":[1.0,0.5,0.4,0,6.5]}"##)
            .expect("reads");
        assert_eq!(got.len(), 3);
        assert_eq!(got[1], Instr { key: "fillStyle".into(), value: Value::Str("#404040".into()) });
        assert_eq!(args(&got[2].value), vec![1.0, 0.5, 0.4, 0.0, 6.5]);
        assert_eq!(parse_line(r#"{"fill":[]} junk"#), Err(12));
        assert_eq!(parse_line(r#"{"fill":[}"#), Err(0));
        assert!(parse_line("").expect("empty").is_empty());
    }

    #[test]
    fn a_filled_circle_and_a_stroked_line_land_where_the_units_say() {
        let mut instrs =
            parse_line(r#"{"beginPath":[]}{"fillStyle":"red"}{"arc":[0.5,0.5,0.25,0,7]}{"fill":[]}"#).expect("reads");
        instrs.extend(
            parse_line(r#"{"beginPath":[]}{"lineWidth":0.1}{"strokeStyle":"blue"}{"moveTo":[0,0.9]}{"lineTo":[1,0.9]}{"stroke":[]}"#)
                .expect("reads"),
        );
        let px = draw(&instrs, &|_| None, &Images::default(), (20, 20), 20.0);
        let at = |x: usize, y: usize| px[y * 20 + x];
        assert_eq!(at(10, 10), Rgba([255, 0, 0, 255]), "the circle's centre");
        assert!(at(1, 1).is_transparent(), "outside it");
        assert_eq!(at(10, 18), Rgba([0, 0, 255, 255]), "the line, 2 pixels thick at y 0.9");
        assert!(at(10, 15).is_transparent());
        // The edge is shaded by how much of the pixel is covered.
        let edge = at(13, 6).0[3];
        assert!(edge > 0 && edge < 255, "{edge}");
    }

    #[test]
    fn css_colours_by_name_hex_and_rgb() {
        assert_eq!(css_colour("green"), Some(Rgba([0, 128, 0, 255])));
        assert_eq!(css_colour("#C0C0C0"), Some(Rgba([192, 192, 192, 255])));
        assert_eq!(css_colour("rgba(255, 0, 0, 0.5)"), Some(Rgba([255, 0, 0, 128])));
        assert_eq!(css_colour("mauveish"), None);
    }
}
