#!/usr/bin/env bash
# docs.examples: every shell example of README.md and docs/*.md, run by scripts/run-doc-examples with the built
# programs (the convention is in that script's header). Under a virtual X display when there is none, so that
# studio examples that open a window run too. Environment (set by CMake): APSP, STUDIO, SOURCE (the repository),
# WORK (scratch).
set -uo pipefail
rm -rf "$WORK" && mkdir -p "$WORK" && cd "$SOURCE" || exit 1
docs=(README.md docs/*.md)
run=(python3 scripts/run-doc-examples --apsp "$APSP" --studio "$STUDIO" --work "$WORK/scratch" "${docs[@]}")
if [ -z "${DISPLAY:-}" ] && command -v xvfb-run > /dev/null; then
  export APSP_TEST_XAUTH="$WORK/Xauthority"
  source tests/studio/xvfb.sh
  xvfb -s "-screen 0 1600x1000x24" "${run[@]}"
else
  "${run[@]}"
fi
