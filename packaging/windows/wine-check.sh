#!/usr/bin/env bash
# The Windows build, checked under Wine against the Linux build.
#
#   EXE=puzzlewright.exe BIN=puzzlewright packaging/windows/wine-check.sh [SHARED]
#
# EXE is the Windows build (x86_64-pc-windows-gnu), BIN the Linux build of
# the same commit, SHARED the folder with conformance/ and corpus/
# (default ../shared beside the checkout). Needs wine, the MinGW-w64 C
# compiler (for the test stub below), Xvfb, xdotool and ImageMagick.
#
# 1. Every conformance file of .ci/conformance-bars gives the Windows build
#    the same `N passed, M failed` as the Linux build (which CI holds to
#    the bars), and none falls below its bar.
# 2. check, solve and export --html of a corpus game print the same and
#    write the same page as on Linux.
# 3. Under Xvfb the studio opens its window on the built-in example, and a
#    native export made by the Windows build opens its game: each window is
#    found by its title and a screenshot of it has more than a few colours.
#    The export is then clicked and sent X twice (its first level must
#    show). The screenshots stay in OUT (default target/wine-check).
#
# Wine 8 (Debian 12) has no bcryptprimitives.dll, whose ProcessPrng Rust's
# standard library imports; real Windows 10 and 11 have it. A stub built
# here from wine/bcryptprimitives.c is put beside the exe: a test fixture,
# never shipped in the zip.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
here=$root/packaging/windows
shared=${1:-$root/../shared}
: "${EXE:?EXE=path to puzzlewright.exe}"
: "${BIN:?BIN=path to the Linux puzzlewright}"
out=${OUT:-$root/target/wine-check}
rm -rf "$out"
mkdir -p "$out/run"

export WINEPREFIX=${WINEPREFIX:-$root/target/wine-prefix}
export WINEDEBUG=-all
# No Mono or Gecko install prompts while the prefix is made.
export WINEDLLOVERRIDES="mscoree,mshtml="
wine=$(command -v wine || command -v wine64)

cp "$EXE" "$out/run/puzzlewright.exe"
x86_64-w64-mingw32-gcc -O2 -shared -Wl,--kill-at -o "$out/run/bcryptprimitives.dll" \
    "$here/wine/bcryptprimitives.c" -ladvapi32
exe=$out/run/puzzlewright.exe
# Wine reads / as \ and relative paths from the current folder.
win() { "$wine" "$exe" "$@" 2> >(grep -v '^ALSA lib' >&2); }

status=0
fail() { echo "FAIL: $*"; status=1; }

echo "-- wine: $("$wine" --version)"
win help >/dev/null || fail "puzzlewright.exe does not start under Wine"

echo "-- conformance under Wine"
while read -r file bar; do
    case "$file" in ''|'#'*) continue ;; esac
    case "$file" in
        tests/*) path=$root/$file ;;
        *) path=$shared/conformance/$file ;;
    esac
    # Whole reports first: cutting the pipe early would stop the runner.
    linux=$("$BIN" conformance --allow-failures "$path")
    linux=$(head -n 1 <<<"$linux")
    windows=$(win conformance --allow-failures "$path" | tr -d '\r')
    windows=$(head -n 1 <<<"$windows")
    echo "$windows"
    counts() { sed -E 's/.*: ([0-9]+ passed, [0-9]+ failed).*/\1/' <<<"$1"; }
    [ "$(counts "$windows")" = "$(counts "$linux")" ] || fail "$file: Windows '$(counts "$windows")', Linux '$(counts "$linux")'"
    passed=$(sed -E 's/^([0-9]+) passed.*/\1/' <<<"$(counts "$windows")")
    [ "$passed" -ge "$bar" ] 2>/dev/null || fail "$file: $passed below the bar $bar"
done < "$root/.ci/conformance-bars"

echo "-- check, solve, export --html on a corpus game"
game=$shared/corpus/blockfaker.txt
same() { # what, linux output, windows output
    if [ "$2" = "$3" ]; then echo "same as Linux: $1"; else
        fail "$1 differs"; diff <(echo "$2") <(echo "$3") | head -n 20 || true
    fi
}
same "check" "$("$BIN" check "$game" 2>/dev/null; echo "exit $?")" \
    "$(win check "$game" 2>/dev/null | tr -d '\r'; echo "exit ${PIPESTATUS[0]}")"
# The same inputs and states; the milliseconds are the machine's.
untimed() { tr -d '\r' | sed -E 's/, [0-9]+ ms\)/)/'; }
same "solve" "$("$BIN" solve "$game" --level 2 --timeout-ms 10000 | untimed)" \
    "$(win solve "$game" --level 2 --timeout-ms 10000 | untimed)"
"$BIN" export "$game" --html "$out/linux.html" >/dev/null
win export "$game" --html "$out/run/windows.html" >/dev/null
if cmp -s "$out/linux.html" "$out/run/windows.html"; then
    echo "same as Linux: export --html ($(stat -c %s "$out/run/windows.html") bytes)"
else
    fail "export --html writes another page than on Linux"
fi
win export "$game" --native "$out/run/blockfaker.exe" >/dev/null || fail "export --native"

echo "-- windows under Xvfb"
# A Wine server started without a display (by the commands above) keeps a
# desktop process that has none: a window opened through it never shows.
# Each program below starts a server of its own under Xvfb.
wineserver -k 2>/dev/null || true
# shellcheck disable=SC2016
xvfb-run -a -s "-screen 0 1280x800x24" bash -c '
    set -u
    out=$1; wine=$2; status=0
    # window TITLE SHOT KEYS PROGRAM...: start PROGRAM, wait for a window
    # named TITLE, screenshot it; with KEYS, click it, type them and check
    # that it then shows something else (SHOT-played.png); stop PROGRAM.
    window() {
        local title=$1 shot=$2 keys=$3; shift 3
        "$@" >"$shot.log" 2>&1 &
        local pid=$! id=""
        for _ in $(seq 1 90); do
            sleep 1
            id=$(xdotool search --name "$title" 2>/dev/null | head -n 1)
            [ -n "$id" ] && break
        done
        if [ -z "$id" ]; then
            echo "FAIL: no window named $title"; status=1
        else
            sleep 8 # let it draw its first frames
            import -window "$id" "$shot"
            colours=$(identify -format %k "$shot")
            geometry=$(identify -format %wx%h "$shot")
            echo "window \"$(xdotool getwindowname "$id")\": $geometry, $colours colours ($shot)"
            [ "$colours" -gt 16 ] || { echo "FAIL: the window $title is blank"; status=1; }
            if [ -n "$keys" ]; then
                xdotool mousemove --window "$id" 200 200 click 1
                for key in $keys; do sleep 1; xdotool windowfocus "$id"; xdotool key --window "$id" "$key"; done
                sleep 3
                import -window "$id" "${shot%.png}-played.png"
                changed=$(compare -metric AE "$shot" "${shot%.png}-played.png" null: 2>&1 || true)
                echo "  after keys \"$keys\": ${changed%% *} pixels changed (${shot%.png}-played.png)"
                [ "${changed%% *}" != 0 ] || { echo "FAIL: keys changed nothing in $title"; status=1; }
            fi
        fi
        kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null
        wineserver -k 2>/dev/null
    }
    window "Puzzlewright$" "$out/studio.png" "" "$wine" "$out/run/puzzlewright.exe"
    # The exported game: its title screen, then X starts it (level 1).
    window "^Block Faker" "$out/native-export.png" "x x" "$wine" "$out/run/blockfaker.exe"
    exit $status
' _ "$out" "$wine" || status=1
wineserver -k 2>/dev/null || true

exit $status
