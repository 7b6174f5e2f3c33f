#!/usr/bin/env bash
# Side-by-side speed of Puzzlewright and the reference PuzzleScript engine on
# the same play sessions, in one run on this machine.
#
#   scripts/bench-vs-reference.sh REFERENCE_CHECKOUT
#
# REFERENCE_CHECKOUT is a checkout of the reference PuzzleScript repository
# (it has src/tests/run_tests_node.js). The script converts the reference's
# own simulation test data to our conformance format in a temporary folder,
# then times `node src/tests/run_tests_node.js --sim-only` against
# `puzzlewright conformance` on that same data, and on simulation.json.
set -euo pipefail
ref=${1:?usage: $0 REFERENCE_CHECKOUT}
here=$(cd "$(dirname "$0")/.." && pwd)
shared=${PUZZLEWRIGHT_SHARED:-$here/../shared}
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

# The reference's test data as our JSON cases (read, not copied into the project).
node -e '
const fs = require("fs"), vm = require("vm");
vm.runInThisContext(fs.readFileSync(process.argv[1] + "/src/tests/resources/testdata.js", "utf8"));
const out = testdata.map(([name, d]) => ({name, source: d[0], inputs: d[1], expected: d[2],
  level: d[3] === undefined ? 0 : d[3], seed: d[4] === undefined ? null : d[4],
  sounds: d[5] === undefined ? null : d[5]}));
fs.writeFileSync(process.argv[2], JSON.stringify(out));
' "$ref" "$tmp/reference-sim.json"

now() { date +%s.%N; }
t0=$(now)
(cd "$ref/src" && node tests/run_tests_node.js --sim-only) > "$tmp/node.out" 2>&1 || true
t1=$(now)
"$bin" conformance --allow-failures "$tmp/reference-sim.json" > "$tmp/ours-ref.out"
t2=$(now)
"$bin" conformance --allow-failures "$shared/conformance/simulation.json" > "$tmp/ours-sim.out"
t3=$(now)

node_s=$(echo "$t1 - $t0" | bc -l)
ours_s=$(echo "$t2 - $t1" | bc -l)
sim_s=$(echo "$t3 - $t2" | bc -l)
echo "reference (node --sim-only): $(grep -E 'Total:' "$tmp/node.out" | head -1)  wall ${node_s}s"
echo "puzzlewright, same cases:    $(tail -1 "$tmp/ours-ref.out")  wall ${ours_s}s"
echo "puzzlewright, simulation.json: $(tail -1 "$tmp/ours-sim.out")  wall ${sim_s}s"
printf 'speed-up on the same cases: %.1fx\n' "$(echo "$node_s / $ours_s" | bc -l)"
