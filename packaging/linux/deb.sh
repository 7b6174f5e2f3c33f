#!/usr/bin/env bash
# Build a Debian package of Puzzlewright: the binary on PATH, a desktop
# entry, the icon, the MIME type of PuzzleScript games, the example games,
# the README and its docs/.
#
#   packaging/linux/deb.sh [OUT_DIR]
#
# Uses dpkg-deb (Debian's own tool) and needs nothing else. BIN=path uses a
# binary already built (CI builds one for the tests: building `-p app` alone
# would resolve other features and compile the GUI stack again); otherwise
# the dev profile is built, as for the tarball (see package.sh).
# The desktop entry is checked with desktop-file-validate when it is there.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
out=${1:-$root/target/package}
here=$root/packaging/linux
if [ -z "${BIN:-}" ]; then
    cargo build --locked -p app --manifest-path "$root/Cargo.toml"
    BIN=$root/target/debug/puzzlewright
fi
[ -x "$BIN" ] || { echo "deb.sh: no executable at $BIN" >&2; exit 1; }
if command -v desktop-file-validate >/dev/null; then
    desktop-file-validate "$here/puzzlewright.desktop"
fi
version=$(sed -n 's/^version = "\(.*\)"/\1/p' "$root/Cargo.toml" | head -n 1)
arch=$(dpkg --print-architecture)
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
pkg=$stage/puzzlewright
install -Dm755 "$BIN" "$pkg/usr/bin/puzzlewright"
# Shipped without debug sections (lintian: unstripped-binary-or-object).
strip --strip-unneeded --remove-section=.comment --remove-section=.note "$pkg/usr/bin/puzzlewright"
install -Dm644 "$here/puzzlewright.desktop" "$pkg/usr/share/applications/puzzlewright.desktop"
install -Dm644 "$here/puzzlewright.svg" "$pkg/usr/share/icons/hicolor/scalable/apps/puzzlewright.svg"
install -Dm644 "$here/puzzlewright.png" "$pkg/usr/share/icons/hicolor/256x256/apps/puzzlewright.png"
install -Dm644 "$here/puzzlewright-mime.xml" "$pkg/usr/share/mime/packages/puzzlewright.xml"
install -Dm644 "$root/README.md" "$pkg/usr/share/doc/puzzlewright/README.md"
# The documents the README links to, beside it as in the repository.
for doc in "$root"/docs/*; do
    install -Dm644 "$doc" "$pkg/usr/share/doc/puzzlewright/docs/$(basename "$doc")"
done
# The manual page, when one was generated (from the same table as --help;
# MAN=path names it).
man=${MAN:-$root/target/man/puzzlewright.1}
if [ -f "$man" ]; then
    mkdir -p "$pkg/usr/share/man/man1"
    gzip -9n < "$man" > "$pkg/usr/share/man/man1/puzzlewright.1.gz"
    chmod 644 "$pkg/usr/share/man/man1/puzzlewright.1.gz"
fi
for game in "$root"/examples/*.txt; do
    install -Dm644 "$game" "$pkg/usr/share/doc/puzzlewright/examples/$(basename "$game")"
done
# A native package's changelog (lintian: no-changelog), compressed
# reproducibly.
{
    printf 'puzzlewright (%s) unstable; urgency=medium\n\n' "$version"
    printf '  * Release %s: see README.md for what it does.\n\n' "$version"
    printf ' -- Puzzlewright authors <puzzlewright@puzzlewright.org>  %s\n' \
        "$(date -R -u -d "@${SOURCE_DATE_EPOCH:-$(git -C "$root" log -1 --format=%ct 2>/dev/null || date +%s)}")"
} | gzip -9n > "$pkg/usr/share/doc/puzzlewright/changelog.gz"
chmod 644 "$pkg/usr/share/doc/puzzlewright/changelog.gz"
{
    cat <<COPYRIGHT
Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
Upstream-Name: puzzlewright

Files: *
Copyright: 2026 the Puzzlewright authors
License: MIT

License: MIT
COPYRIGHT
    # The licence text, each line indented, blank lines as " .".
    sed -e 's/^$/./' -e 's/^/ /' "$root/LICENSE"
} > "$pkg/usr/share/doc/puzzlewright/copyright"
size=$(du -sk "$pkg" | cut -f1)
mkdir -p "$pkg/DEBIAN"
cat > "$pkg/DEBIAN/control" <<CONTROL
Package: puzzlewright
Version: $version
Architecture: $arch
Maintainer: Puzzlewright authors <puzzlewright@puzzlewright.org>
Installed-Size: $size
Depends: libc6, libgcc-s1, libasound2 | libasound2t64, libgl1, libegl1, libxkbcommon-x11-0
Recommends: xdg-desktop-portal
Section: devel
Priority: optional
Homepage: https://www.puzzlescript.net
Description: studio for making PuzzleScript games
 A desktop studio for writing, drawing, testing and sharing PuzzleScript
 games: a highlighted editor with live diagnostics, a sprite painter, a
 level editor, a sound browser and a docked player, with export to one-file
 HTML, native executables and animated GIFs. Plays every game exactly as
 the PuzzleScript web editor does.
CONTROL
mkdir -p "$out"
deb=$out/puzzlewright_${version}_$arch.deb
dpkg-deb --root-owner-group -Zxz --build "$pkg" "$deb" >/dev/null
echo "$deb"
