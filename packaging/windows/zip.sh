#!/usr/bin/env bash
# Build the Windows zip of Puzzlewright: puzzlewright.exe, the example
# games, the README with its docs/ and the licence.
#
#   packaging/windows/zip.sh [OUT_DIR]
#
# EXE=path packs a Windows build already made (CI makes one for its Wine
# checks); otherwise the release build is cross-compiled here
# (`rustup target add x86_64-pc-windows-gnu`, Debian's gcc-mingw-w64-x86-64).
# The exe is stripped of its debug tables with MinGW's strip. The Wine test
# stub (wine/bcryptprimitives.c) is never packed: real Windows has that DLL.
# Writes OUT_DIR/puzzlewright-VERSION-windows-x86_64.zip (default
# target/package) and prints its path.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
out=${1:-$root/target/package}
target=x86_64-pc-windows-gnu
if [ -z "${EXE:-}" ]; then
    cargo build --locked --release --target "$target" -p app --manifest-path "$root/Cargo.toml"
    EXE=$root/target/$target/release/puzzlewright.exe
fi
[ -f "$EXE" ] || { echo "zip.sh: no Windows build at $EXE" >&2; exit 1; }
version=$(sed -n 's/^version = "\(.*\)"/\1/p' "$root/Cargo.toml" | head -n 1)
name=puzzlewright-$version-windows-x86_64
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
dir=$stage/$name
mkdir -p "$dir/examples"
x86_64-w64-mingw32-strip -o "$dir/puzzlewright.exe" "$EXE"
cp "$root"/examples/*.txt "$dir/examples/"
cp "$root/README.md" "$dir/README.md"
# The documents the README links to.
cp -r "$root/docs" "$dir/docs"
cp "$root/LICENSE" "$dir/LICENSE.txt"
# Windows' own editors read CR LF best.
sed -i 's/$/\r/' "$dir/LICENSE.txt"
mkdir -p "$out"
out=$(cd "$out" && pwd) # zip runs from the staging folder
zip_file=$out/$name.zip
rm -f "$zip_file"
(cd "$stage" && zip -qr -X "$zip_file" "$name")
echo "$zip_file"
