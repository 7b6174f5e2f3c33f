#!/usr/bin/env bash
# Puzzlewright's engine against the reference PuzzleScript engine on the same
# work, in one run on this machine, on one core and on all cores.
#
#   scripts/bench-vs-reference.sh REFERENCE_CHECKOUT [compile|suite|walks]...
#
# REFERENCE_CHECKOUT is a checkout of the reference PuzzleScript repository
# (it has src/tests/run_tests_node.js); node must be installed. With no part
# named, all three run:
#   compile  every corpus game built warm in one process (ROUNDS times,
#            default 3, the two sides taking turns): the median of
#            repeated builds per game, ours and the reference's (node, the
#            editor's own settings), and the ratio per game. Each side builds
#            a game at least REPEAT times and goes on until its timed builds
#            add up to MIN_MS milliseconds: the same rule on both sides, so a
#            game built in a tenth of a millisecond gets as much of the
#            machine's time to be measured in as one built in ten (a few
#            milliseconds of a neighbour's work could otherwise decide its
#            median). The whole-corpus figure on one core is then the sum of
#            the per-game medians (one build of every game); the all-cores
#            run builds every game REPEAT times on both sides, timed whole;
#   suite    the reference's own play-session tests: `node run_tests_node.js
#            --sim-only` against `puzzlewright conformance` on the same cases
#            (converted to our format in a temporary folder);
#   walks    long random walks of the corpus games (the same inputs on both
#            sides, building not timed): inputs per second, and a check that
#            both engines end every walk on the same level state.
# Environment: PUZZLEWRIGHT_BIN (default: the dev build, whose engine keeps
# overflow checks and debug assertions; docs/speed.md's figures use the release
# binary, `cargo build --release -p app --bin puzzlewright` and
# PUZZLEWRIGHT_BIN=target/release/puzzlewright), REPEAT and MIN_MS (compile,
# default 15 builds and 100 ms per round; MIN_MS=0 gives exactly REPEAT builds, and
# then the one-core whole-corpus wall time is printed too), TURNS and LEVELS (walks, default 300 and 3), BENCH_CORE (the
# core the one-core runs are pinned to, default 0: pick one that nothing
# else is pinned to).
set -euo pipefail
ref=${1:?usage: $0 REFERENCE_CHECKOUT [compile|suite|walks]...}
shift
parts=("$@")
[ ${#parts[@]} -gt 0 ] || parts=(compile suite walks)
here=$(cd "$(dirname "$0")/.." && pwd)
shared=${PUZZLEWRIGHT_SHARED:-$here/../shared}
corpus=$shared/corpus
cores=$(nproc)
core=${BENCH_CORE:-0}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The dev profile optimises the engine (opt-level 3) and every dependency,
# so the dev binary is the fast one to build; PUZZLEWRIGHT_BIN overrides it.
if [ -z "${PUZZLEWRIGHT_BIN:-}" ]; then
    # All targets: the same build as the tests and CI (building -p app alone
    # resolves other features and compiles the GUI stack a second time).
    cargo build -q --workspace --all-targets --manifest-path "$here/Cargo.toml"
fi
bin=${PUZZLEWRIGHT_BIN:-$here/target/debug/puzzlewright}
refjs=$here/scripts/bench/reference.js
now() { date +%s.%N; }
elapsed() { echo "$2 - $1" | bc -l; }
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'); $(date -u +%Y-%m-%d)"

# Runs the reference script over the corpus in $cores node processes at
# once, each with its share of the games; prints the wall time.
reference_all_cores() {
    local mode=$1 out=$2; shift 2
    local games; mapfile -t games < <(cd "$corpus" && ls ./*.txt | sed 's|^\./||' | sort)
    local pids=() k
    for ((k = 0; k < cores; k++)); do
        local share=()
        for ((i = k; i < ${#games[@]}; i += cores)); do share+=("${games[i]}"); done
        local list; list=$(IFS=,; echo "${share[*]}")
        node "$refjs" "$ref" "$mode" "$corpus" --only "$list" "$@" > "$out.$k" &
        pids+=($!)
    done
    wait "${pids[@]}"
    cat "$out".* > "$out"
}

for part in "${parts[@]}"; do
case $part in
compile)
    repeat=${REPEAT:-15}
    min_ms=${MIN_MS:-100}
    rounds=${ROUNDS:-3}
    echo; echo "== compile: median of warm builds per corpus game (at least $repeat, and at least $min_ms ms of them), $rounds rounds taking turns =="
    # The two sides take turns, round by round (the reference first in odd
    # rounds, ours first in even ones), so that a slow minute of the
    # machine's falls on both; a game's figure per side is the median of
    # its rounds' medians.
    t_ref=0; t_ours=0
    for ((r = 1; r <= rounds; r++)); do
        for side in $( ((r % 2)) && echo "ref ours" || echo "ours ref"); do
            a=$(now)
            if [ "$side" = ref ]; then
                taskset -c "$core" node "$refjs" "$ref" compile "$corpus" --repeat "$repeat" --min-ms "$min_ms" > "$tmp/ref-compile.$r.jsonl"
                t_ref=$(echo "$t_ref + $(now) - $a" | bc -l)
            else
                taskset -c "$core" "$bin" bench compile "$corpus" --repeat "$repeat" --min-ms "$min_ms" > "$tmp/our-compile.$r.jsonl"
                t_ours=$(echo "$t_ours + $(now) - $a" | bc -l)
            fi
        done
    done
    cat "$tmp"/ref-compile.*.jsonl > "$tmp/ref-compile.jsonl"
    cat "$tmp"/our-compile.*.jsonl > "$tmp/our-compile.jsonl"
    t2=$(now)
    reference_all_cores compile "$tmp/ref-compile-all.jsonl" --repeat "$repeat"; t3=$(now)
    "$bin" bench compile "$corpus" --repeat "$repeat" --threads "$cores" > /dev/null; t4=$(now)
    python3 - "$tmp/ref-compile.jsonl" "$tmp/our-compile.jsonl" <<'EOF'
import json, statistics, sys
from collections import defaultdict
ref_lines = list(map(json.loads, open(sys.argv[1])))
our_lines = list(map(json.loads, open(sys.argv[2])))
def per_game(lines):
    rounds = defaultdict(list)
    for d in lines:
        rounds[d["game"]].append(d["ms"])
    return {g: statistics.median(ms) for g, ms in rounds.items()}
ref = per_game(ref_lines)
ours = per_game(our_lines)
rows = sorted((ref[g] / max(ours[g], 1e-6), g) for g in ours if g in ref)
ratios = [r for r, _ in rows]
def builds(lines):
    total = defaultdict(int)
    for d in lines:
        total[d["game"]] += d.get("builds", 0)
    n = list(total.values())
    return f"{min(n)} to {max(n)}" if n else "none"
print(f"builds per game over the rounds: reference {builds(ref_lines)}, ours {builds(our_lines)}")
both = [g for g in ours if g in ref]
r_sum, o_sum = sum(ref[g] for g in both), sum(ours[g] for g in both)
print(f"one build of every game (sum of the medians), one core: reference {r_sum:.1f} ms, ours {o_sum:.1f} ms ({r_sum / max(o_sum, 1e-6):.1f}x)")
print(f"games: {len(rows)}; ratio (reference ms / ours ms) median {statistics.median(ratios):.1f}x, "
      f"lowest {rows[0][0]:.1f}x ({rows[0][1]}), highest {rows[-1][0]:.1f}x")
for g in ("easyenigma.txt", "threes.txt"):
    if g in ours and g in ref:
        print(f"  {g}: reference {ref[g]:.2f} ms, ours {ours[g]:.2f} ms, {ref[g] / ours[g]:.1f}x")
print("  slowest ten ratios:", ", ".join(f"{g} {r:.1f}x" for r, g in rows[:10]))
EOF
    if [ "$min_ms" = 0 ]; then
        printf 'whole corpus, one core, %s rounds:  reference %.2fs, ours %.2fs (%.1fx)\n' "$rounds" "$t_ref" "$t_ours" "$(echo "$t_ref / $t_ours" | bc -l)"
    fi
    printf 'whole corpus, %s cores:  reference %.2fs, ours %.2fs (%.1fx)\n' "$cores" "$(elapsed "$t2" "$t3")" "$(elapsed "$t3" "$t4")" "$(echo "($t3 - $t2) / ($t4 - $t3)" | bc -l)"
    ;;
suite)
    echo; echo "== the reference's play-session suite =="
    # The reference's test data as our JSON cases (read, not copied into the project).
    node -e '
const fs = require("fs"), vm = require("vm");
vm.runInThisContext(fs.readFileSync(process.argv[1] + "/src/tests/resources/testdata.js", "utf8"));
const out = testdata.map(([name, d]) => ({name, source: d[0], inputs: d[1], expected: d[2],
  level: d[3] === undefined ? 0 : d[3], seed: d[4] === undefined ? null : d[4],
  sounds: d[5] === undefined ? null : d[5]}));
fs.writeFileSync(process.argv[2], JSON.stringify(out));
' "$ref" "$tmp/reference-sim.json"
    t0=$(now)
    (cd "$ref/src" && taskset -c "$core" node tests/run_tests_node.js --sim-only) > "$tmp/node.out" 2>&1 || true
    t1=$(now)
    taskset -c "$core" "$bin" conformance --allow-failures "$tmp/reference-sim.json" > "$tmp/ours-1.out"
    t2=$(now)
    "$bin" conformance --allow-failures "$tmp/reference-sim.json" > "$tmp/ours-all.out"
    t3=$(now)
    echo "reference (node --sim-only, one core): $(grep -E 'Total:' "$tmp/node.out" | head -1)  wall $(elapsed "$t0" "$t1")s"
    echo "puzzlewright, one core:    $(tail -1 "$tmp/ours-1.out")  wall $(elapsed "$t1" "$t2")s"
    echo "puzzlewright, $cores cores:   $(tail -1 "$tmp/ours-all.out")  wall $(elapsed "$t2" "$t3")s"
    printf 'speed-up: %.1fx on one core, %.1fx on %s cores (node is single-threaded)\n' \
        "$(echo "($t1 - $t0) / ($t2 - $t1)" | bc -l)" "$(echo "($t1 - $t0) / ($t3 - $t2)" | bc -l)" "$cores"
    ;;
walks)
    turns=${TURNS:-300}; levels=${LEVELS:-3}
    echo; echo "== random walks: $turns inputs on the first $levels maps of each corpus game =="
    t0=$(now); taskset -c "$core" node "$refjs" "$ref" walks "$corpus" --turns "$turns" --levels "$levels" > "$tmp/ref-walks.jsonl"; t1=$(now)
    taskset -c "$core" "$bin" bench walks "$corpus" --turns "$turns" --levels "$levels" > "$tmp/our-walks.jsonl"; t2=$(now)
    reference_all_cores walks "$tmp/ref-walks-all.jsonl" --turns "$turns" --levels "$levels"; t3=$(now)
    "$bin" bench walks "$corpus" --turns "$turns" --levels "$levels" --threads "$cores" > "$tmp/our-walks-all.jsonl"; t4=$(now)
    python3 - "$tmp/ref-walks.jsonl" "$tmp/our-walks.jsonl" "$tmp/ref-walks-all.jsonl" "$tmp/our-walks-all.jsonl" "$cores" <<'EOF'
import json, sys
def load(path):
    return {(d["game"], d["level"]): d for d in map(json.loads, open(path))}
ref, ours = load(sys.argv[1]), load(sys.argv[2])
ref_all, ours_all = load(sys.argv[3]), load(sys.argv[4])
both = sorted(set(ref) & set(ours))
differ = [k for k in both if ref[k]["dump"] != ours[k]["dump"]]
n = sum(ours[k]["inputs"] for k in both)
r_ms = sum(ref[k]["ms"] for k in both)
o_ms = sum(ours[k]["ms"] for k in both)
print(f"walks: {len(both)} (only reference: {len(set(ref) - set(ours))}, only ours: {len(set(ours) - set(ref))}); "
      f"final states differ: {len(differ)} {differ[:5]}")
print(f"inputs per second on one core, timed part only: reference {n / r_ms * 1000:.0f}, ours {n / o_ms * 1000:.0f}: {r_ms / o_ms:.1f}x")
# With every core busy, each walk's own time still excludes building; the
# sum over walks is the cores' time, so inputs per that time is per core.
both_all = sorted(set(ref_all) & set(ours_all))
n_all = sum(ours_all[k]["inputs"] for k in both_all)
ra_ms = sum(ref_all[k]["ms"] for k in both_all)
oa_ms = sum(ours_all[k]["ms"] for k in both_all)
differ_all = [k for k in both_all if ref_all[k]["dump"] != ours_all[k]["dump"]]
print(f"inputs per second per core with all {sys.argv[5]} cores busy, timed part only: reference {n_all / ra_ms * 1000:.0f}, "
      f"ours {n_all / oa_ms * 1000:.0f}: {ra_ms / oa_ms:.1f}x ({len(both_all)} walks, final states differ: {len(differ_all)})")
EOF
    printf 'whole run (building and loading included), one core: reference %.2fs, ours %.2fs (%.1fx)\n' "$(elapsed "$t0" "$t1")" "$(elapsed "$t1" "$t2")" "$(echo "($t1 - $t0) / ($t2 - $t1)" | bc -l)"
    printf 'whole run, %s cores: reference %.2fs, ours %.2fs (%.1fx)\n' "$cores" "$(elapsed "$t2" "$t3")" "$(elapsed "$t3" "$t4")" "$(echo "($t3 - $t2) / ($t4 - $t3)" | bc -l)"
    ;;
*) echo "unknown part $part (compile, suite or walks)"; exit 2 ;;
esac
done
