#!/usr/bin/env bash
# The home guard fails when a file is written under the home after the start, names it, and leaves alone what
# was there before, the directories it is told to skip and the paths in APSP_HOME_GUARD_IGNORE.
set -uo pipefail
guard="python3 $(dirname "$0")/home_guard.py"
fake=$(mktemp -d)
trap 'rm -rf "$fake"' EXIT
die() { echo "FAIL: $*" >&2; exit 1; }
mkdir -p "$fake/home/.config/old" "$fake/home/build"
touch -d "1 hour ago" "$fake/home/.config/old/settings.json"
$guard start "$fake/stamp" || die "start failed"
out=$($guard check "$fake/stamp" --home "$fake/home") || die "a home with only older files fails: $out"
mkdir -p "$fake/home/.cache/ccache/0" && echo stats > "$fake/home/.cache/ccache/0/stats"
out=$($guard check "$fake/stamp" --home "$fake/home") || die "another build's ccache writes are reported: $out"

mkdir -p "$fake/home/.local/share/apsp-studio"
echo '{"id": 1}' > "$fake/home/.local/share/apsp-studio/runs.jsonl"
out=$($guard check "$fake/stamp" --home "$fake/home") && die "a file written after the start passes: $out"
grep -q "^  $fake/home/.local/share/apsp-studio/runs.jsonl$" <<< "$out" || die "the file is not named: $out"
grep -q "settings.json" <<< "$out" && die "an older file is named: $out"

out=$(APSP_HOME_GUARD_IGNORE=.cache:.local/share $guard check "$fake/stamp" --home "$fake/home") ||
  die "a path in APSP_HOME_GUARD_IGNORE is reported: $out"
echo data > "$fake/home/build/out.bin"
out=$(APSP_HOME_GUARD_IGNORE=.local/share $guard check "$fake/stamp" --home "$fake/home" --skip "$fake/home/build") ||
  die "a skipped directory is reported: $out"
out=$(APSP_HOME_GUARD_IGNORE=.local/share $guard check "$fake/stamp" --home "$fake/home") &&
  die "a file in the build tree is missed when the build tree is not skipped: $out"
# A file moved in keeps its old modification time; the move itself counts.
rm "$fake/home/build/out.bin"
touch -d "1 hour ago" "$fake/moved.txt" && mv "$fake/moved.txt" "$fake/home/moved.txt"
out=$(APSP_HOME_GUARD_IGNORE=.local/share $guard check "$fake/stamp" --home "$fake/home") &&
  die "a file moved into the home passes: $out"
grep -q "moved.txt" <<< "$out" || die "the moved file is not named: $out"
echo "home guard: ok"
