#!/usr/bin/env bash
# `cmake --install` of this build into a temporary DESTDIR under /usr, as the .deb lays it out, then the
# installed programs run from an unrelated working directory: they must find the installed data files (the log
# names the installed directory, and a colormap changed in the installed copy changes the picture), the .desktop
# entry must validate (skipped without desktop-file-validate) and the man pages must be well-formed roff that
# holds every subcommand's help. Needs no network and no display (headless EGL through Mesa).
# Environment: BUILD (the build tree), CMAKE (the cmake that configured it), MAN_PAGES (OFF: none were built).
set -euo pipefail
fail() { echo "FAIL: $*" >&2; exit 1; }
: "${BUILD:?BUILD names the build tree}" "${CMAKE:=cmake}"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
root="$tmp/root"
DESTDIR="$root" "$CMAKE" --install "$BUILD" --prefix /usr > "$tmp/install.log" 2>&1 ||
  fail "cmake --install failed: $(tail -5 "$tmp/install.log")"
usr="$root/usr"
data="$usr/share/apsp-studio"
for f in bin/apsp bin/apsp-studio share/apsp-studio/colormaps/viridis.txt share/apsp-studio/colormaps/magma.txt \
         share/apsp-studio/colormaps/gray.txt share/apsp-studio/graphs/ring12.txt \
         share/apsp-studio/graphs/two_islands.txt share/apsp-studio/lessons/cities8-blocked.lesson.json \
         share/applications/apsp-studio.desktop \
         share/icons/hicolor/scalable/apps/apsp-studio.svg; do
  [ -f "$usr/$f" ] || fail "not installed: /usr/$f"
done
if [ ! -x "$usr/bin/apsp" ] || [ ! -x "$usr/bin/apsp-studio" ]; then fail "installed programs are not executable"; fi

# From elsewhere, with a home of its own and no data directory named: only the install layout can serve.
run_dir="$tmp/elsewhere"
mkdir -p "$run_dir" "$tmp/home"
cd "$run_dir"
unset APSP_DATA_DIR
clean_env=(env -u DISPLAY HOME="$tmp/home" XDG_CONFIG_HOME="$tmp/home/.config"
           XDG_DATA_HOME="$tmp/home/.local/share" XDG_CACHE_HOME="$tmp/home/.cache" APSP_HISTORY=off)

version=$("${clean_env[@]}" "$usr/bin/apsp" --version) || fail "installed apsp --version exited $?"
[[ "$version" == "apsp "* ]] || fail "apsp --version printed '$version'"
"${clean_env[@]}" "$usr/bin/apsp" solve --gen classroom:cities8 --block 2 -o d.csv -q ||
  fail "installed apsp solve exited $?"
[ -s d.csv ] || fail "installed apsp solve wrote no distances"

studio() {  # studio LOG ARGS...: one headless run of the installed studio
  local log=$1; shift
  timeout -k 5 120 "${clean_env[@]}" "$usr/bin/apsp-studio" --headless --no-history --gen classroom:cities8 \
    --block 2 --advance all --overlays off --log-file "$log" "$@" > /dev/null 2> "$log.err" ||
    fail "installed apsp-studio $* exited $?: $(tail -3 "$log.err")"
}
studio viridis.log --heatmap-png viridis.png --screenshot shot.png
grep -qF "data files: $data (installed)" viridis.log ||
  fail "the installed studio did not take its data from $data; its log says: $(grep -i 'data' viridis.log | head -3)"
if [ ! -s shot.png ] || [ ! -s viridis.png ]; then fail "the installed studio wrote no screenshot"; fi

# The colours come from the installed files: magma replaced by gray in the installed copy draws gray.
studio gray.log --heatmap-png gray.png --colormap gray
cp "$data/colormaps/gray.txt" "$data/colormaps/magma.txt"
studio magma.log --heatmap-png magma.png --colormap magma
cmp -s gray.png magma.png || fail "--colormap magma did not draw the installed (replaced) magma.txt"
cmp -s gray.png viridis.png && fail "gray and viridis drew the same heatmap: the comparison proves nothing"
# A damaged installed colormap is one clear warning naming the file, and the run still succeeds.
echo "not a colormap" > "$data/colormaps/turbo.txt"
studio turbo.log --heatmap-png turbo.png --colormap turbo
grep -qF "$data/colormaps/turbo.txt: line 1" turbo.log || fail "a damaged colormap was not named: $(cat turbo.log)"

# APSP_DATA_DIR that holds nothing is said, and the install still serves.
mkdir -p "$tmp/empty"
APSP_DATA_DIR="$tmp/empty" studio empty.log
grep -qF "APSP_DATA_DIR=$tmp/empty has no colormaps/ or graphs/" empty.log ||
  fail "an empty APSP_DATA_DIR was not reported: $(grep -i data empty.log | head -3)"

desktop="$usr/share/applications/apsp-studio.desktop"
if command -v desktop-file-validate > /dev/null; then
  desktop-file-validate "$desktop" || fail "desktop-file-validate refused the installed .desktop entry"
else
  echo "desktop-file-validate not found (Debian: desktop-file-utils): .desktop check skipped"
fi
if ! grep -q '^Exec=apsp-studio' "$desktop" || ! grep -q '^Icon=apsp-studio$' "$desktop"; then
  fail "the .desktop entry does not start apsp-studio with its icon"
fi

man1="$usr/share/man/man1"
if [ "${MAN_PAGES:-ON}" = OFF ]; then
  echo "man pages were not generated in this build (no help2man): man check skipped"
  exit 0
fi
for page in apsp apsp-studio; do
  [ -f "$man1/$page.1" ] || fail "not installed: /usr/share/man/man1/$page.1"
  head -20 "$man1/$page.1" | grep -q '^\.TH ' || fail "$page.1 has no .TH header"
  if command -v groff > /dev/null; then
    warnings=$(groff -man -Tutf8 -ww -z "$man1/$page.1" 2>&1) || fail "groff refused $page.1: $warnings"
    [ -z "$warnings" ] || fail "groff warns about $page.1: $warnings"
    text=$(groff -man -Tascii -P-cbou "$man1/$page.1" 2> /dev/null)
  else
    text=$(cat "$man1/$page.1")
  fi
  grep -q "$page" <<< "$text" || fail "$page.1 does not name $page"
done
# apsp's page holds each subcommand's own --help (its usage line), nested ones included.
if command -v groff > /dev/null; then
  text=$(groff -man -Tascii -P-cbou "$man1/apsp.1" 2> /dev/null)
else
  text=$(sed 's/\\-/-/g' "$man1/apsp.1")
fi
for sub in gen solve verify bench info runs profile "runs list" "runs show" "runs compare"; do
  grep -q "Usage: apsp $sub \[OPTIONS\]" <<< "$text" || fail "apsp.1 lacks 'apsp $sub --help'"
done
grep -q -- "--max-seconds" <<< "$text" || fail "apsp.1 lacks apsp solve's options"
echo "install: $(cd "$root" && find . -type f | wc -l) files under DESTDIR, data from $data, man pages and .desktop ok"
