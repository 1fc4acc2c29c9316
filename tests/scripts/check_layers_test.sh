#!/usr/bin/env bash
# scripts/check-layers on small fake engine trees: an include from a room to a later one (a header's and a
# source's, <apsp/...> and "room/..." forms), one between the two rooms of equal rank and one into a room
# outside the order are each listed with exit status 1; a tree that keeps the order lists nothing and exits 0.
# Fails with a message on any mismatch.
set -euo pipefail
script="$(dirname "$0")/../../scripts/check-layers"
tree=$(mktemp -d)
trap 'rm -rf "$tree"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
put() { mkdir -p "$(dirname "$tree/$1")"; printf '%s\n' "$2" > "$tree/$1"; }

# A tree in order: later rooms include earlier ones, a room its own private headers.
put engine/include/apsp/core/types.h '#pragma once'
put engine/include/apsp/solve/solver.h '#include <apsp/core/types.h>'
put engine/src/device/buffer.cuh '#pragma once'
put engine/src/solve/cuda/kernels.cuh '#include "device/buffer.cuh"'
put engine/src/solve/cuda/solver.cu '#include "kernels.cuh"
#include <apsp/solve/solver.h>
#include <vector>'
put engine/src/report/trace.cpp '#include <apsp/solve/solver.h>'
out=$("$script" "$tree/engine" 2>&1) || fail "a tree in order was refused: $out"
[ -z "$out" ] || fail "a tree in order listed: $out"

# Violations, each on its own line.
put engine/include/apsp/solve/solver.h '#include <apsp/core/types.h>
#include <apsp/view/view.h>'
put engine/include/apsp/view/view.h '#include <apsp/teach/lesson.h>'
put engine/include/apsp/teach/lesson.h '#pragma once'
put engine/src/device/stream.cu '  #  include "solve/cuda/kernels.cuh"'
put engine/src/io/reader.cpp '#include <apsp/gui/widget.h>'
set +e
out=$("$script" "$tree/engine" 2>/dev/null)
status=$?
set -e
[ "$status" -eq 1 ] || fail "exit status $status with violations (want 1): $out"
expect() { grep -qF -- "$1" <<<"$out" || fail "not listed: '$1' in:
$out"; }
expect "include/apsp/solve/solver.h:2: solve includes view (apsp/view/view.h)"
expect "include/apsp/view/view.h:1: view includes teach (apsp/teach/lesson.h)"
expect "src/device/stream.cu:1: device includes solve (solve/cuda/kernels.cuh)"
expect "src/io/reader.cpp:1: io includes unknown room 'gui' (apsp/gui/widget.h)"
lines=$(wc -l <<<"$out")
[ "$lines" -eq 4 ] || fail "listed $lines lines, want 4 (an allowed include was listed?):
$out"
echo "check-layers: fake trees OK"
