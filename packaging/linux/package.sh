#!/usr/bin/env bash
# Build a Linux tarball of Puzzlewright: the binary, the desktop entry, the
# example games and the README with its docs/.
#
#   packaging/linux/package.sh [OUT_DIR]
#
# The dev profile is used on purpose: dependencies and the engine are
# optimised in it (see the workspace Cargo.toml), while a full release
# build of the GUI stack takes far longer on small machines for little gain.
# Set PROFILE=release to build with the release profile instead.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
out=${1:-$root/target/package}
profile=${PROFILE:-dev}
dir=$([ "$profile" = dev ] && echo debug || echo "$profile")

cargo build --locked -p app --profile "$profile" --manifest-path "$root/Cargo.toml"
version=$(sed -n 's/^version = "\(.*\)"/\1/p' "$root/Cargo.toml" | head -n 1)
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
name=puzzlewright-$version-linux-$(uname -m)
mkdir -p "$stage/$name/bin" "$stage/$name/share/applications"
cp "$root/target/$dir/puzzlewright" "$stage/$name/bin/"
cp "$root/packaging/linux/puzzlewright.desktop" "$stage/$name/share/applications/"
cp -r "$root/examples" "$stage/$name/examples"
cp "$root/README.md" "$stage/$name/"
cp -r "$root/docs" "$stage/$name/docs"
mkdir -p "$out"
tar -C "$stage" -czf "$out/$name.tar.gz" "$name"
echo "$out/$name.tar.gz"
