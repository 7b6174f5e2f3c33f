//! Builds one game file `--repeat` times (default 20) and prints the median
//! build time: a dependency-free compile benchmark for profiling the engine
//! alone (`cargo run --release -p engine --example build_bench FILE [N]`, or
//! under `valgrind --tool=callgrind` with N = 1).

use std::time::Instant;

fn main() {
    let mut args = std::env::args().skip(1);
    let Some(path) = args.next() else {
        eprintln!("usage: build_bench FILE [REPEAT]");
        std::process::exit(2);
    };
    let repeat: usize = args.next().and_then(|n| n.parse().ok()).unwrap_or(20).max(1);
    let source = match std::fs::read_to_string(&path) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("cannot read {path}: {e}");
            std::process::exit(1);
        }
    };
    let mut times: Vec<f64> = (0..repeat)
        .map(|_| {
            let t = Instant::now();
            let build = engine::build(&source);
            std::hint::black_box(&build);
            t.elapsed().as_secs_f64() * 1000.0
        })
        .collect();
    times.sort_by(f64::total_cmp);
    println!("{path}: median {:.3} ms over {repeat} builds", times[repeat / 2]);
}
