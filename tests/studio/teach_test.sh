#!/usr/bin/env bash
# Classroom: time travel, the relaxation inspector and paths, through apsp-studio's scripted flags.
# One case per call. Environment (set by CMake): STUDIO, APSP, EXPLAIN_CHECK (explain_check), WORK (scratch).
set -uo pipefail
case_name=$1
work="$WORK/$case_name"
rm -rf "$work" && mkdir -p "$work/config" && cd "$work" || exit 1

# A virtual X display per call (xvfb.sh); the auth file lives in the test's own directory.
export APSP_TEST_XAUTH="$work/config/Xauthority"
source "$(dirname "$0")/xvfb.sh"
studio() { xvfb -s "-screen 0 1280x800x24" "$STUDIO" "$@" --quit; }
die() { echo "FAIL: $*" >&2; exit 1; }

# n = 50 is not a multiple of the block 8; weights with a shift of potentials would be negative: keep er plain.
SPEC="er:n=50,p=0.08,seed=4,w=1:30"

# --advance A [--advance-phases P --advance-k K] then back, against going forward to the same step directly.
same_as_forward() {  # backend, "flags going forward then back", "flags going forward only", label
  studio --gen "$SPEC" --block 8 --backend "$1" $2 --distances back.bin || die "$4: studio exited $?"
  studio --gen "$SPEC" --block 8 --backend "$1" $3 --distances fwd.bin || die "$4: studio exited $?"
  cmp -s back.bin fwd.bin || die "$4 on $1: going back differs from going forward"
}

case "$case_name" in
  teach_back_equals_forward)
    for backend in cpu-naive cpu-blocked; do
      same_as_forward "$backend" "--advance 3 --back 2" "--advance 1" "rounds"
      same_as_forward "$backend" "--advance-phases 5 --back-phases 3" "--advance-phases 2" "phases"
      same_as_forward "$backend" "--advance-k 7 --back-k 4" "--advance-k 3" "k-steps"
      # Back into the middle of a phase step: k-steps forward reach the same matrix.
      same_as_forward "$backend" "--advance 1 --advance-phases 2 --back-k 3" "--advance 1 --advance-phases 1 --advance-k 5" "mixed"
      # From the end, back a round.
      same_as_forward "$backend" "--advance all --back 1" "--advance 6" "end"
    done
    # The "before" really differs (the test could fail): one round changes this graph.
    studio --gen "$SPEC" --block 8 --advance 1 --distances one.bin || die "studio exited $?"
    studio --gen "$SPEC" --block 8 --distances zero.bin || die "studio exited $?"
    cmp -s one.bin zero.bin && die "round 1 changed nothing: the comparison above proves nothing"
    ;;
  teach_explain_textbook4)
    "$APSP" gen --spec classroom:name=textbook4 -o g.el >/dev/null || die "apsp gen failed"
    # Every k-step of both variants, cells rotating through the matrix (block 2: pivot, panel and independent).
    for backend in cpu-blocked cpu-naive; do
      blocked=1 && total=12
      [ "$backend" = cpu-naive ] && blocked=0 && total=4
      for t in $(seq 1 $total); do
        i=$((t % 4)) && j=$(((t * 3 + 1) % 4))
        studio --gen classroom:name=textbook4 --block 2 --backend "$backend" --advance-k "$t" --select "$i:$j" \
          --explain-json e.json || die "studio exited $? at k-step $t"
        "$EXPLAIN_CHECK" relax --graph g.el --block 2 --blocked $blocked --steps "$t" --json e.json ||
          die "$backend k-step $t cell $i:$j: $(cat e.json)"
      done
    done
    ;;
  teach_explain_random)
    # n = 7 with block 3: a short last block; every phase kind at several positions.
    spec="er:n=7,p=0.35,seed=11,w=1:9"
    "$APSP" gen --spec "$spec" -o g.el >/dev/null || die "apsp gen failed"
    for t in 1 3 4 7 9 10 13 17 19 21; do
      i=$(((t * 5) % 7)) && j=$(((t * 2 + 3) % 7))
      studio --gen "$spec" --block 3 --backend cpu-blocked --advance-k "$t" --select "$i:$j" --explain-json e.json ||
        die "studio exited $? at k-step $t"
      "$EXPLAIN_CHECK" relax --graph g.el --block 3 --blocked 1 --steps "$t" --json e.json ||
        die "k-step $t cell $i:$j: $(cat e.json)"
    done
    ;;
  teach_path_end)
    # At the end the studio's path is `apsp solve --path`'s, and its length is the distance.
    check_pairs() {  # spec, pairs...
      local spec=$1 && shift
      "$APSP" gen --spec "$spec" -o g.el >/dev/null || die "apsp gen failed"
      for pair in "$@"; do
        "$APSP" solve --gen "$spec" -o d.bin --path "$pair" > solve.txt || die "apsp solve --path failed"
        for backend in cpu-blocked cpu-naive; do
          studio --gen "$spec" --block 2 --backend "$backend" --advance all --select "$pair" --explain-json e.json ||
            die "studio exited $?"
          "$EXPLAIN_CHECK" path --graph g.el --json e.json --solve-output solve.txt ||
            die "$spec $pair $backend: $(cat e.json) vs $(cat solve.txt)"
        done
      done
    }
    check_pairs classroom:name=textbook4 1:3 3:1 2:0
    check_pairs classroom:name=cities8 0:7 5:2 3:0
    check_pairs "er:n=9,p=0.3,seed=2,w=1:5" 0:8 8:0 4:6
    ;;
  teach_flags)
    # Bad --select values are one usage line (exit 2); a cell outside the graph too; --back beyond the start stops there.
    "$STUDIO" --select 1-2 --quit 2> err.txt; [ $? -eq 2 ] || die "--select 1-2 should be refused"
    grep -q -- "--select" err.txt || die "the refusal does not name --select"
    "$STUDIO" --back -1 --quit 2> /dev/null; [ $? -eq 2 ] || die "--back -1 should be refused"
    "$STUDIO" --back-k 10000001 --quit 2> err.txt; [ $? -eq 2 ] || die "--back-k 10000001 should be refused"
    [ "$(wc -l < err.txt)" = 1 ] || die "one line expected: $(cat err.txt)"
    studio --gen classroom:name=textbook4 --select 4:0 2> err.txt; [ $? -eq 2 ] || die "--select 4:0 on n = 4 should be refused"
    studio --gen classroom:name=textbook4 --block 2 --advance 1 --back 5 --select 0:3 --explain-json e.json \
      --distances d.bin || die "studio exited $?"
    studio --gen classroom:name=textbook4 --block 2 --distances start.bin || die "studio exited $?"
    cmp -s d.bin start.bin || die "--back past the start should stop at the start"
    grep -q '"round": null' e.json || die "at the start there is no relaxation: $(cat e.json)"
    grep -q '"steps_taken": 0' e.json || die "steps_taken should be 0: $(cat e.json)"
    ;;
  teach_demo)
    # The first picture, the demo without any flag: a classroom graph after its first round, cell (3, 0)
    # selected, its inspector explaining the relaxation that round made (d[3][0] = min(INF, -1 + 4) = 3).
    export APSP_HISTORY=off  # no record of these runs in the history
    studio --explain-json e.json --stats-json s.json --screenshot shot.png || die "studio exited $?"
    python3 - e.json s.json <<'PY' || die "the demo does not open mid-lesson: $(cat e.json)"
import json, sys
e, s = (json.load(open(p)) for p in sys.argv[1:3])
assert s["n"] == 4 and s["block"] == 2, (s["n"], s["block"])
assert e["steps_taken"] == 1 and not e["finished"], e
assert (e["i"], e["j"], e["round"], e["phase"], e["k"]) == (3, 0, 0, 2, 1), e
assert e["updated_by_step"] and e["d_ij_before"] is None and (e["d_ik"], e["d_kj"], e["d_ij"]) == (-1, 4, 3), e
PY
    [ -f shot.png ] || die "no screenshot"
    # A flag that says where to stand wins over the demo's position.
    studio --back 1 --explain-json back.json || die "studio exited $?"
    grep -q '"steps_taken": 0' back.json || die "--back on the demo: $(cat back.json)"
    ;;
  *)
    die "unknown case $case_name"
    ;;
esac
echo "ok: $case_name"
