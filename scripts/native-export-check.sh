#!/usr/bin/env bash
# Issue 14's acceptance check of the native export, by hand or in CI:
# export examples/sokoban_garden.txt to a native executable, copy it alone
# into an empty folder, start it under Xvfb with an empty HOME (and nothing
# else in its environment), screenshot the title screen, play level 1 with
# keys sent by xdotool (X starts, Right pushes the pot onto the soil), and
# check that each key changed the picture and that the progress was kept in
# the empty HOME's data folder.
#
#   scripts/native-export-check.sh [DISPLAY_NUMBER]   (default 15)
#
# Needs Xvfb, xdotool and ImageMagick (import, compare). Uses
# target/debug/puzzlewright unless PUZZLEWRIGHT names another binary.
# Leaves the screenshots in $OUT (default: a temporary folder) and prints
# where. Exit status 0 when every check passed.
set -euo pipefail

cd "$(dirname "$0")/.."
display=":${1:-15}"
bin="${PUZZLEWRIGHT:-target/debug/puzzlewright}"
work="$(mktemp -d)"
out="${OUT:-$work/shots}"
mkdir -p "$out" "$work/build" "$work/empty" "$work/home"
fail() { echo "FAIL: $*" >&2; exit 1; }

"$bin" export examples/sokoban_garden.txt --native "$work/build/pots"
cp "$work/build/pots" "$work/empty/pots"
[ "$(ls -A "$work/empty")" = "pots" ] || fail "the folder holds more than the game"
ls -l "$work/empty/pots"

xvfb=""
if ! xdpyinfo -display "$display" >/dev/null 2>&1; then
    Xvfb "$display" -screen 0 1024x768x24 >/dev/null 2>&1 &
    xvfb=$!
    sleep 2
fi
game=""
cleanup() {
    [ -n "$game" ] && kill "$game" 2>/dev/null || true
    [ -n "$xvfb" ] && kill "$xvfb" 2>/dev/null || true
}
trap cleanup EXIT

# An empty HOME and no other variable but the display and a PATH.
(cd "$work/empty" && exec env -i HOME="$work/home" DISPLAY="$display" PATH=/usr/bin:/bin ./pots) \
    >"$work/game.log" 2>&1 &
game=$!
window=""
for _ in $(seq 1 60); do
    window="$(DISPLAY=$display xdotool search --name 'Pots in the Garden' 2>/dev/null | head -n1 || true)"
    [ -n "$window" ] && break
    kill -0 "$game" 2>/dev/null || { cat "$work/game.log"; fail "the game exited"; }
    sleep 0.5
done
[ -n "$window" ] || fail "no window titled 'Pots in the Garden'"
echo "window $window: $(DISPLAY=$display xdotool getwindowname "$window")"
sleep 2
shot() { DISPLAY=$display import -window root "$out/$1.png"; }
differs() { # how many pixels differ between two shots
    compare -metric AE "$out/$1.png" "$out/$2.png" null: 2>&1 | cut -d' ' -f1 || true
}
key() {
    DISPLAY=$display xdotool windowfocus "$window" 2>/dev/null || true
    DISPLAY=$display xdotool key "$1"
    sleep 1
}
shot 1-title
key x          # the title screen's "Start a new game"
shot 2-message
key x          # close the opening message: level 1
shot 3-level1
key Right      # push the pot onto the soil: level 1 won
sleep 1
shot 4-after-push
for pair in "1-title 2-message" "2-message 3-level1" "3-level1 4-after-push"; do
    set -- $pair
    n="$(differs "$1" "$2")"
    echo "$1 -> $2: $n pixels changed"
    [ "${n:-0}" != "0" ] || fail "the key before $2 changed nothing on screen"
done
kill "$game"; wait "$game" 2>/dev/null || true; game=""
saved="$(find "$work/home" -type f | head -n5)"
echo "kept in the empty HOME: ${saved:-nothing}"
[ -n "$saved" ] || fail "no progress kept in HOME"
grep -rq "progress" "$work/home" || fail "the data folder holds no progress"
echo "screenshots: $out"
echo "OK"
