#!/usr/bin/env bash
# The docs a newcomer reads keep their shape: README.md stays short and starts without GPU figures or
# internals, and no page of the user docs cites issue numbers (a reader cannot look them up; name the thing).
# Usage: docs_shape_test.sh [SOURCE_DIR]   (default: the repository this script is in)
set -u
src=${1:-$(cd "$(dirname "$0")/../.." && pwd)}
fail=0
complain() { echo "docs_shape_test: $*" >&2; fail=1; }

readme="$src/README.md"
[[ -f $readme ]] || { echo "docs_shape_test: no README.md under $src" >&2; exit 1; }
lines=$(wc -l < "$readme")
(( lines <= 200 )) || complain "README.md has $lines lines; keep it under about 200 and move the rest to docs/"

# What a newcomer meets first: no measured GPU figures, no microseconds, no interop internals.
if head -n 60 "$readme" | grep -nE 'H100|H200|µs|[0-9] us\b|interop|cuda_gl|CUDA–OpenGL' >&2; then
  complain "README.md's first 60 lines hold GPU figures or internals (above); they belong in docs/"
fi

pages=("$readme" "$src/app/studio/README.md")
for f in "$src"/docs/*.md; do [[ -f $f ]] && pages+=("$f"); done
for f in "${pages[@]}"; do
  [[ -f $f ]] || continue
  if grep -nE '\b[Ii]ssues? [0-9]+' "$f" >&2; then
    complain "${f#"$src"/} cites issue numbers (above); say what the thing is instead"
  fi
done
exit $fail
