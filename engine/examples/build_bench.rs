//! Builds each given game file `REPEAT` times (default 20) and prints the
//! median build time per file: a dependency-free compile benchmark for
//! profiling the engine alone (`cargo run --release -p engine --example
//! build_bench FILE... [REPEAT]`, or under `valgrind --tool=callgrind` with
//! REPEAT = 1). A last argument that is a number is the repeat count.

use std::time::Instant;

/// The allocator of the `puzzlewright` binary, so that figures here match
/// `puzzlewright bench compile`.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let repeat: usize = match args.last().and_then(|n| n.parse().ok()) {
        Some(n) => {
            args.pop();
            n
        }
        None => 20,
    };
    let repeat = repeat.max(1);
    if args.is_empty() {
        eprintln!("usage: build_bench FILE... [REPEAT]");
        std::process::exit(2);
    }
    for path in &args {
        let source = match std::fs::read_to_string(path) {
            Ok(s) => s,
            Err(e) => {
                eprintln!("cannot read {path}: {e}");
                std::process::exit(1);
            }
        };
        let mut words = (0, 0);
        let mut times: Vec<f64> = (0..repeat)
            .map(|_| {
                let t = Instant::now();
                let build = engine::build(&source);
                std::hint::black_box(&build);
                words = build.game.as_ref().map(|g| (g.obj_words, g.mov_words)).unwrap_or_default();
                t.elapsed().as_secs_f64() * 1000.0
            })
            .collect();
        times.sort_by(f64::total_cmp);
        println!(
            "{path}: median {:.3} ms over {repeat} builds ({} object words, {} movement words)",
            times[repeat / 2],
            words.0,
            words.1
        );
    }
}
