//! Random walks over games, the same inputs as `puzzlewright bench walks`:
//! a dependency-free turn benchmark for profiling the run module alone
//! (`cargo run -p engine --example walk_bench DIR_OR_FILES... [--turns N]
//! [--levels N]`, or under `valgrind --tool=callgrind`). Prints the time and
//! a digest of every final level state, so a change that alters behaviour
//! shows as a changed digest.

use engine::compile::Level;
use engine::run::{Input, Session};
use std::time::Instant;

fn fnv1a(bytes: &[u8]) -> u32 {
    bytes.iter().fold(0x811c_9dc5_u32, |h, &b| (h ^ u32::from(b)).wrapping_mul(0x0100_0193))
}

fn walk(name: &str, source: &str, turns: usize, levels: usize) -> (f64, u32, usize) {
    let build = engine::build(source);
    let Some(game) = build.game.or(build.salvaged) else { return (0.0, 0, 0) };
    let maps: Vec<usize> =
        game.levels.iter().enumerate().filter(|(_, l)| matches!(l, Level::Map(_))).map(|(i, _)| i).collect();
    let mut total = 0.0;
    let mut digest = 0u32;
    let mut played = 0;
    for &level in maps.iter().take(levels) {
        let mut session = Session::new(game.clone(), level, Some("bench"));
        drain(&mut session);
        let mut h = fnv1a(format!("{name}:{level}").as_bytes());
        let t = Instant::now();
        for _ in 0..turns {
            h = h.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
            let r = h >> 16;
            match (r % 100, r % 5) {
                (0..2, _) => session.restart(),
                (2..8, _) => session.undo(),
                (_, 0) => session.input(Input::Up),
                (_, 1) => session.input(Input::Left),
                (_, 2) => session.input(Input::Down),
                (_, 3) => session.input(Input::Right),
                _ => session.input(Input::Action),
            }
            played += 1 + drain(&mut session);
            let _ = session.take_events();
        }
        total += t.elapsed().as_secs_f64() * 1000.0;
        digest = digest.rotate_left(5) ^ fnv1a(session.dump().as_bytes());
    }
    (total, digest, played)
}

/// Runs the pending again turns (at most 1000); returns how many ran.
fn drain(session: &mut Session) -> usize {
    for n in 0..1000 {
        if !session.again_pending() {
            return n;
        }
        session.run_again();
    }
    1000
}

fn main() {
    let mut paths = Vec::new();
    let (mut turns, mut levels) = (300, 3);
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--turns" => turns = args.next().and_then(|n| n.parse().ok()).unwrap_or(turns),
            "--levels" => levels = args.next().and_then(|n| n.parse().ok()).unwrap_or(levels),
            _ => paths.push(std::path::PathBuf::from(a)),
        }
    }
    let mut files = Vec::new();
    for p in paths {
        if p.is_dir() {
            let Ok(entries) = std::fs::read_dir(&p) else { continue };
            let mut v: Vec<_> = entries
                .filter_map(Result::ok)
                .map(|e| e.path())
                .filter(|f| f.extension().is_some_and(|x| x == "txt"))
                .collect();
            v.sort();
            files.extend(v);
        } else {
            files.push(p);
        }
    }
    let mut all = 0.0;
    for f in files {
        let Ok(bytes) = std::fs::read(&f) else { continue };
        let name = f.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        let (ms, digest, played) = walk(&name, &String::from_utf8_lossy(&bytes), turns, levels);
        all += ms;
        println!("{name}: {ms:.2} ms digest {digest:08x} turns {played}");
    }
    println!("total {all:.1} ms");
}
