//! What highlighting a large text's window costs a frame
//! (`panels/code/window.rs`): a PuzzleScript Plus game of about 400 KB
//! whose TAGS and MAPPINGS come after OBJECTS, its window of 120 lines
//! highlighted as the editor does when the view scrolls a line a frame and
//! when a letter is typed a frame, read classic (what the window read
//! before it knew the game's dialect) and Plus (now); and the prelude scan
//! the editor now does once per revision.
//!
//! ```sh
//! cargo run -p app --example window_highlight
//! ```

use std::time::{Duration, Instant};

use egui::FontId;
use studio::highlight::{Highlighter, prelude_reads_as_plus};

/// A Plus game: `filler` objects, then TAGS and MAPPINGS, rules, and
/// `maps` levels.
fn game(filler: usize, maps: usize) -> String {
    let names: Vec<String> = (0..filler).map(|i| format!("Filler{i}")).collect();
    let objects: String = names.iter().map(|n| format!("{n}\nblue\n00.00\n.000.\n\n")).collect();
    let rules: String =
        (0..200).map(|i| format!("Shade [ > Player | Filler{i} ] -> [ > Player | > Filler{i} ] again\n")).collect();
    let level = "#########\n#.P...A.#\n#.......#\n#########\n\nmessage well done\n\n";
    format!(
        "title Big\nlevel_select\n\nOBJECTS\nBackground\nblack\n\nPlayer\nwhite\n\n{objects}\
TAGS\nShade = Red Blue\n\nMAPPINGS\nShade => Other\nRed Blue -> Blue Red\n\nOBJECTS\nLamp:Shade\nred\n\n\
LEGEND\n. = Background\nP = Player\n# = Filler0\nA = Lamp:Red\n\nCOLLISIONLAYERS\nBackground\n{}\nPlayer, Lamp:Shade\n\n\
RULES\n{rules}\nWINCONDITIONS\n\nLEVELS\n{}",
        names.join(", "),
        level.repeat(maps)
    )
}

/// The section header above line `first` (as the editor finds it).
fn header_above(lines: &[&str], first: usize) -> Option<&'static str> {
    lines[..first].iter().rev().find_map(|l| match l.trim() {
        "OBJECTS" => Some("OBJECTS"),
        "TAGS" => Some("TAGS"),
        "MAPPINGS" => Some("MAPPINGS"),
        "LEGEND" => Some("LEGEND"),
        "COLLISIONLAYERS" => Some("COLLISIONLAYERS"),
        "RULES" => Some("RULES"),
        "WINCONDITIONS" => Some("WINCONDITIONS"),
        "LEVELS" => Some("LEVELS"),
        _ => None,
    })
}

/// Median of `v` in microseconds.
fn median_us(mut v: Vec<Duration>) -> f64 {
    v.sort();
    v.get(v.len() / 2).map_or(0.0, |d| d.as_secs_f64() * 1e6)
}

fn main() {
    let text = game(1500, 6000);
    let lines: Vec<&str> = text.split_inclusive('\n').collect();
    let font = FontId::monospace(14.0);
    let window = 120;
    let frames = 400;
    let from = lines.iter().position(|l| l.starts_with("Filler1400")).unwrap_or(0);
    println!(
        "{} bytes, {} lines; window of {window} lines from line {from}, {frames} frames each",
        text.len(),
        lines.len()
    );

    // The prelude scan, once per revision now.
    let mut scans = Vec::new();
    for _ in 0..200 {
        let t = Instant::now();
        let plus = prelude_reads_as_plus(std::hint::black_box(&text));
        scans.push(t.elapsed());
        assert_eq!(plus, Some(true));
    }
    println!("prelude scan (per revision): median {:.1} us", median_us(scans));
    // 2 MB without a section header: the scan gives up at 64 KB (the
    // editor then asks the last build).
    let headerless = "some words of text without a header\n".repeat(2 << 20 >> 5);
    let mut scans = Vec::new();
    for _ in 0..200 {
        let t = Instant::now();
        let plus = prelude_reads_as_plus(std::hint::black_box(&headerless));
        scans.push(t.elapsed());
        assert_eq!(plus, None);
    }
    println!("prelude scan of {} bytes without a header: median {:.1} us", headerless.len(), median_us(scans));

    for plus in [false, true] {
        let label = if plus { "Plus (now)" } else { "classic (before)" };
        // Scrolling: the window moves a line a frame.
        let mut h = Highlighter::new();
        let mut times = Vec::new();
        for f in 0..frames {
            let first = from + f;
            let body: String = lines[first..first + window].concat();
            let section = header_above(&lines, first);
            let t = Instant::now();
            let job = h.window_job(section, &body, &font, plus);
            times.push(t.elapsed());
            std::hint::black_box(job);
        }
        let scroll = median_us(times);
        // Typing: a letter a frame in the middle of a still window.
        let section = header_above(&lines, from);
        let mut body: String = lines[from..from + window].concat();
        let _ = h.window_job(section, &body, &font, plus);
        let mid = body.len() / 2;
        let mid = body[mid..].find('\n').map_or(mid, |i| mid + i);
        let mut times = Vec::new();
        for f in 0..frames {
            body.insert(mid, char::from(b'a' + (f % 26) as u8));
            let t = Instant::now();
            let job = h.window_job(section, &body, &font, plus);
            times.push(t.elapsed());
            std::hint::black_box(job);
        }
        println!(
            "{label}: scroll a line a frame, median {scroll:.1} us a frame; type a letter a frame, median {:.1} us a frame",
            median_us(times)
        );
    }
}
