#!/usr/bin/env bash
# engine/cmake/build_info.cmake, the build-time source of the commit `--version` and every export say: a clean
# checkout gives its short hash, an uncommitted change "-dirty", a tree outside git (a tarball, also one unpacked
# inside another repository) "unknown", and a second run with nothing changed leaves the file untouched, so a
# rebuild compiles nothing.
# Usage: build_info_test.sh SCRIPT
set -euo pipefail
script=$1
command -v git >/dev/null || { echo "SKIP: git is not installed"; exit 77; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
generate() {  # generate SOURCE_DIR OUTPUT
  cmake -DSOURCE_DIR="$1" -DOUTPUT="$2" -DBUILD_TYPE=Release "-DCXX_FLAGS= -O3  -DNDEBUG" -DCUDA_ENABLED=ON \
        -DCUDA_VERSION=13.0 "-DCUDA_ARCHITECTURES=90-real,100" -DSANITIZER= -P "$script"
}
commit_of() { sed -n 's/^std::string_view build_commit() { return "\(.*\)"; }$/\1/p' "$1"; }

repo=$work/repo
mkdir -p "$repo"
git -C "$repo" init -q
echo a > "$repo/file"
git -C "$repo" add file
git -C "$repo" -c user.name=t -c user.email=t@t commit -q -m one
head=$(git -C "$repo" rev-parse --short HEAD)

generate "$repo" "$work/clean.cpp"
[ "$(commit_of "$work/clean.cpp")" = "$head" ] || fail "clean checkout: '$(commit_of "$work/clean.cpp")', expected $head"
grep -q 'build_cuda() { return "CUDA 13.0 sm_90,sm_100"; }' "$work/clean.cpp" || fail "CUDA line: $(grep build_cuda "$work/clean.cpp")"
grep -q 'build_cxx_flags() { return "-O3 -DNDEBUG"; }' "$work/clean.cpp" || fail "flags line: $(grep build_cxx "$work/clean.cpp")"

# Unchanged text: the file keeps its time stamp (ninja then rebuilds nothing).
touch -d '2001-01-01' "$work/clean.cpp"
generate "$repo" "$work/clean.cpp"
[ "$(stat -c %Y "$work/clean.cpp")" = "$(date -d 2001-01-01 +%s)" ] || fail "an unchanged build_info.cpp was rewritten"

echo b >> "$repo/file"
generate "$repo" "$work/dirty.cpp"
[ "$(commit_of "$work/dirty.cpp")" = "$head-dirty" ] || fail "modified file: '$(commit_of "$work/dirty.cpp")'"
git -C "$repo" checkout -q file
echo new > "$repo/untracked"
generate "$repo" "$work/untracked.cpp"
[ "$(commit_of "$work/untracked.cpp")" = "$head-dirty" ] || fail "untracked file: '$(commit_of "$work/untracked.cpp")'"

mkdir -p "$work/tarball"
generate "$work/tarball" "$work/tarball.cpp"
[ "$(commit_of "$work/tarball.cpp")" = unknown ] || fail "outside git: '$(commit_of "$work/tarball.cpp")'"
mkdir -p "$repo/unpacked"
generate "$repo/unpacked" "$work/inside.cpp"
[ "$(commit_of "$work/inside.cpp")" = unknown ] || fail "a tree inside another repository: '$(commit_of "$work/inside.cpp")'"
echo "build_info: ok"
