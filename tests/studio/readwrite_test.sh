#!/usr/bin/env bash
# What each phase reads and writes, drawn on the heatmap: the block outlines by role (written: solid or dashed;
# only read: double) and the links from the blocks read to the blocks written, in --heatmap-png images of
# classroom:cities8 with B = 2 (4 x 4 blocks, 16 pixels a cell) and the cell (7, 6) of block (3, 3) selected.
# One case per call. Environment (set by CMake): STUDIO, READWRITE_CHECK, WORK (scratch).
set -uo pipefail
source "$(dirname "$0")/case_env.sh"  # case_name, work (the current directory), HOME/XDG inside it, xvfb, die
PIVOT=220,80,0 ROWCOL=87,181,232
# The heatmap after the given steps, 16 pixels a cell.
picture() {  # output, step flags...
  local out=$1 && shift
  xvfb -s "-screen 0 1280x800x24" "$STUDIO" --gen classroom:cities8 --block 2 "$@" --select 7:6 --overlays on \
    --heatmap-scale 16 --heatmap-png "$out" --quit || die "studio exited $? for $*"
}
check() { "$READWRITE_CHECK" "$@" --scale 16 --n 8 --block 2 || die "$*"; }

case "$case_name" in
  readwrite_phases)
    # Phase 1 writes the pivot block, reading only itself: a solid outline, no link.
    picture p1.png --advance-phases 1
    check role --png p1.png --at 0,0 --rgb $PIVOT --expect written
    check role --png p1.png --at 0,1 --rgb $ROWCOL --expect none
    check links --png p1.png --links ""
    # Phase 2 reads the pivot block (double outline) and writes the pivot row and column blocks (dashed); a link
    # from the pivot block to each of them.
    picture p2.png --advance-phases 2
    check role --png p2.png --at 0,0 --rgb $PIVOT --expect read
    check role --png p2.png --at 0,2 --rgb $ROWCOL --expect written
    check role --png p2.png --at 3,0 --rgb $ROWCOL --expect written
    check links --png p2.png --links "0,0>0,1 0,0>0,2 0,0>0,3 0,0>1,0 0,0>2,0 0,0>3,0"
    # Phase 3 writes the selected cell's block (3, 3) from (3, 0) and (0, 3), which it only reads; the pivot
    # block is not used.
    picture p3.png --advance-phases 3
    check role --png p3.png --at 0,0 --rgb $PIVOT --expect none
    check role --png p3.png --at 0,3 --rgb $ROWCOL --expect read
    check role --png p3.png --at 2,0 --rgb $ROWCOL --expect read
    check links --png p3.png --links "3,0>3,3 0,3>3,3"
    # Round 1's phase 3 (0-based; block (1, 1) is its pivot): the links follow the round.
    picture r.png --advance 1 --advance-phases 3
    check role --png r.png --at 1,1 --rgb $PIVOT --expect none
    check links --png r.png --links "3,1>3,3 1,3>3,3"
    ;;
  readwrite_round_and_plain)
    # A round step shows its last phase; a phase-3 k-step its phase's links too.
    picture round.png --advance 1
    check links --png round.png --links "3,0>3,3 0,3>3,3"
    picture k.png --advance-phases 2 --advance-k 1
    check links --png k.png --links "3,0>3,3 0,3>3,3"
    # Plain Floyd–Warshall (one pass per k) has no blocks to read or write: no outline, no link.
    xvfb -s "-screen 0 1280x800x24" "$STUDIO" --gen classroom:cities8 --block 2 --backend cpu-naive --advance-k 1 \
      --select 7:6 --overlays on --heatmap-scale 16 --heatmap-png plain.png --quit || die "studio exited $?"
    check links --png plain.png --links ""
    check role --png plain.png --at 0,0 --rgb $PIVOT --expect none
    ;;
  *) die "unknown case $case_name" ;;
esac
echo "ok: $case_name"
