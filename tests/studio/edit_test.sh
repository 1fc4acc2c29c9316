#!/usr/bin/env bash
# Graphs the students build, scripted: --edit on the launch graph, --save-graph in every graph format, the
# lesson run on the edited graph equal to `apsp solve` of the saved file; a negative cycle made by an edit;
# the edit language's errors; the graph's own input never overwritten; the edit mode's screenshot.
# One case per call. Environment (set by CMake): STUDIO, APSP, WORK (scratch).
set -uo pipefail
source "$(dirname "$0")/case_env.sh"  # case_name, work (the current directory), HOME/XDG inside it, xvfb, die
# A generous guard: a hang fails the case instead of the whole test run.
studio() { xvfb -s "-screen 0 1280x800x24" timeout 300 "$STUDIO" --no-history "$@" --quit; }
edits="add-edge 0 3 -2; set-weight 1 2 5; del-edge 2 3; add-vertex; add-edge 4 0 7; del-vertex 1"

case "$case_name" in
  edit_save_solve)
    # Every graph format the writers know: the studio's run on the edited graph equals apsp solve of its file.
    for ext in bin gr mtx txt el csv; do
      studio --gen classroom:textbook4 --edit "$edits" --save-graph "g.$ext" --advance all \
        --distances "d.$ext.bin" --log-file "log.$ext" || die "$ext: studio exited $?"
      [ -s "g.$ext" ] || die "$ext: no graph written"
      "$APSP" solve "g.$ext" -o "d2.$ext.bin" >/dev/null || die "$ext: apsp solve exited $?"
      cmp "d.$ext.bin" "d2.$ext.bin" || die "$ext: the studio's distances differ from apsp solve of the saved graph"
    done
    grep -q -- "--edit: 6 edits of generator classroom:textbook4; n = 4, m = 3" log.gr || die "no edit line: $(cat log.gr)"
    # The edits were made: n = 4 (one added, one deleted), and the saved edge list says so.
    head -1 g.txt | grep -q "^# n=4 m=3" || die "edited graph: $(cat g.txt)"
    # Same block as asked, clamped to n when n shrinks below it.
    studio --gen classroom:textbook4 --block 4 --edit "del-vertex 0" --log-file clamp.txt || die "studio exited $?"
    grep -q "cpu-blocked, block 3, i32" clamp.txt || die "block not clamped to n = 3: $(cat clamp.txt)"
    ;;
  edit_negative_cycle)
    # 1 -> 0 -> 2 -> 3 -> 1 weighs -2 - 2 + 2 - 1 = -3: named at the edit, the solve stops there (exit 3) and
    # the run still writes its screenshot; the distances are no result and are not written.
    studio --gen classroom:textbook4 --edit "set-weight 1 0 -2" --advance all --screenshot cycle.png \
      --distances d.bin --log-file log.txt 2>err.txt
    status=$?
    [ "$status" = 3 ] || die "exit $status, expected 3 (negative cycle): $(cat err.txt)"
    grep -q "makes the negative cycle 0 -> 2 -> 3 -> 1 -> 0" log.txt || die "edit line: $(cat log.txt)"
    grep -q "negative cycle" err.txt || die "stderr: $(cat err.txt)"
    [ -s cycle.png ] || die "no screenshot"
    [ ! -e d.bin ] || die "distances of a negative cycle written"
    ;;
  edit_errors)
    # A bad command: exit 2 before anything runs, the command and its place named.
    studio --gen classroom:textbook4 --edit "add-vertex; add-edge 0 1" --save-graph g.gr 2>err.txt
    status=$?
    [ "$status" = 2 ] || die "bad command: exit $status"
    grep -q "command 2 of 2 ('add-edge 0 1', column 13): expected 'add-edge U V W'" err.txt || die "$(cat err.txt)"
    # A refused edit (no such edge; a weight outside the type): exit 2, one line, the graph not saved.
    studio --gen classroom:textbook4 --edit "del-edge 0 1" --save-graph g.gr 2>err.txt
    status=$?
    [ "$status" = 2 ] || die "refused edit: exit $status"
    grep -q "command 1 of 1 ('del-edge 0 1', column 1): no edge 0 -> 1" err.txt || die "$(cat err.txt)"
    [ "$(wc -l <err.txt)" = 1 ] || die "more than one line: $(cat err.txt)"
    [ ! -e g.gr ] || die "graph saved after a refused edit"
    studio --gen classroom:textbook4 --dtype i16 --edit "set-weight 1 0 20000" 2>err.txt
    [ $? = 2 ] && grep -q "weight 20000 is outside the i16 range" err.txt || die "i16 weight: $(cat err.txt)"
    # The graph's own input is never the save's target.
    "$APSP" gen --spec classroom:textbook4 -o in.gr >/dev/null || die "apsp gen exited $?"
    cp in.gr kept.gr
    studio in.gr --edit "add-vertex" --save-graph in.gr 2>err.txt
    [ $? = 2 ] && grep -q -- "--save-graph" err.txt || die "saved over its input: $(cat err.txt)"
    cmp in.gr kept.gr || die "the input graph changed"
    ;;
  edit_mode_screenshot)
    # The edit mode's tools over an edited graph (the new vertex 4 and its edge drawn), and off again.
    studio --gen classroom:textbook4 --edit "add-vertex; add-edge 4 1 3" --edit-mode --size 1280x720 \
      --screenshot on.png || die "studio exited $?"
    studio --gen classroom:textbook4 --edit "add-vertex; add-edge 4 1 3" --size 1280x720 --screenshot off.png ||
      die "studio exited $?"
    [ -s on.png ] && [ -s off.png ] || die "no screenshots"
    ! cmp -s on.png off.png || die "the edit mode changed nothing on the screen"
    ;;
  *) die "unknown case $case_name" ;;
esac
echo "PASS $case_name"
