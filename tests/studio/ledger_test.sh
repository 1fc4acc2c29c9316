#!/usr/bin/env bash
# The inspector's ledger through apsp-studio's --explain-json: a phase step that lowers a cell says so (every k
# of the step listed, the verdict from the value before the step to the value after it), a round step lists the
# cell's phase, and a run into a negative cycle marks its order-dependent numbers. The arithmetic itself is
# checked for every step and cell in tests/engine/test_ledger.cpp; this checks the studio carries it.
# One case per call. Environment (set by CMake): STUDIO, WORK (scratch).
set -uo pipefail
source "$(dirname "$0")/case_env.sh"  # case_name, work (the current directory), HOME/XDG inside it, xvfb, die
studio() { xvfb -s "-screen 0 1280x800x24" "$STUDIO" --no-history "$@" --quit; }

case "$case_name" in
  ledger_phase_step)
    # cities8, B = 2: the third phase step (round 0, phase 3) takes cell (7, 2) from INF to 7 through k = 0;
    # its last k (1) gives nothing. The inspector once showed only that last k: "keeps its value".
    studio --gen classroom:cities8 --block 2 --advance-phases 3 --select 7:2 --explain-json e.json ||
      die "studio exited $?"
    python3 - e.json <<'PY' || die "phase step: $(cat e.json)"
import json, sys
e = json.load(open(sys.argv[1]))
l = e["ledger"]
assert e["updated_by_step"] is True, e["updated_by_step"]
assert l is not None
assert l["value_before"] is None and l["value_after"] == 7, (l["value_before"], l["value_after"])
assert l["improved"] is True
assert l["verdict"].startswith("improved from INF to 7"), l["verdict"]
assert "keeps" not in l["verdict"] and "unchanged" not in l["verdict"], l["verdict"]
assert [x["k"] for x in l["entries"]] == [0, 1], l["entries"]
first = l["entries"][0]
assert first["better"] and first["d_ik"] == 6 and first["d_kj"] == 1 and first["sum"] == 7, first
assert first["d_ij_before"] is None and first["d_ij_after"] == 7, first
assert not l["entries"][1]["better"] and l["entries"][1]["sum"] is None, l["entries"][1]
assert l["improving_k"] == [0] and l["omitted"] == 0 and l["step_entries"] == 2
# The one-relaxation keys describe the step's last improving k.
assert (e["round"], e["phase"], e["k"]) == (0, 3, 0), (e["round"], e["phase"], e["k"])
assert (e["d_ij_before"], e["d_ik"], e["d_kj"], e["d_ij"]) == (None, 6, 1, 7)
PY
    # The same cell after a phase that does not write it: no entries, "not relaxed", the value kept.
    studio --gen classroom:cities8 --block 2 --advance-phases 4 --select 7:2 --explain-json f.json ||
      die "studio exited $?"
    python3 - f.json <<'PY' || die "phase over other blocks: $(cat f.json)"
import json, sys
e = json.load(open(sys.argv[1]))
l = e["ledger"]
assert e["updated_by_step"] is False and l["entries"] == [] and l["step_entries"] == 0, l
assert l["value_before"] == l["value_after"] == 7 and not l["improved"], l
assert l["verdict"].startswith("not relaxed by this step"), l["verdict"]
PY
    ;;
  ledger_round_step)
    # cities8, B = 4, one round: (7, 2) is in the pivot column panel, relaxed through k = 0..3 in phase 2;
    # improved at k = 0 only.
    studio --gen classroom:cities8 --block 4 --advance 1 --select 7:2 --explain-json e.json || die "studio exited $?"
    python3 - e.json <<'PY' || die "round step: $(cat e.json)"
import json, sys
e = json.load(open(sys.argv[1]))
l = e["ledger"]
assert [(x["k"], x["phase"]) for x in l["entries"]] == [(0, 2), (1, 2), (2, 2), (3, 2)], l["entries"]
assert [x["better"] for x in l["entries"]] == [True, False, False, False], l["entries"]
for a, b in zip(l["entries"], l["entries"][1:]):
    assert a["d_ij_after"] == b["d_ij_before"], (a, b)  # one chain: each k starts where the last ended
assert l["verdict"] == "improved from INF to 7 (at k = 0)", l["verdict"]
assert e["d_ij"] == l["value_after"] == 7
PY
    # A k-step (the fifth: phase 2, k = 0): one entry, the same numbers as the one-relaxation keys.
    studio --gen classroom:cities8 --block 4 --advance-k 5 --select 7:2 --explain-json k.json || die "studio exited $?"
    python3 - k.json <<'PY' || die "k-step: $(cat k.json)"
import json, sys
e = json.load(open(sys.argv[1]))
(x,) = e["ledger"]["entries"]
assert (x["k"], x["d_ij_before"], x["d_ik"], x["d_kj"], x["d_ij_after"]) == (e["k"], e["d_ij_before"], e["d_ik"], e["d_kj"], e["d_ij"]), (x, e)
PY
    ;;
  ledger_negative_cycle)
    # negcycle4, B = 4: inside round 0, k = 2 runs through d[2][2] < 0. The ledger marks those numbers as
    # depending on the order of updates, and its verdict ends at the value the solver holds.
    studio --gen classroom:negcycle4 --block 4 --advance-phases 1 --select 0:3 --explain-json e.json ||
      die "studio exited $?"
    python3 - e.json <<'PY' || die "negative cycle: $(cat e.json)"
import json, sys
e = json.load(open(sys.argv[1]))
l = e["ledger"]
assert [x["k"] for x in l["entries"]] == [0, 1, 2, 3], l["entries"]
assert [x["order_dependent"] for x in l["entries"]] == [False, False, True, True], l["entries"]
assert l["order_dependent"] is True
assert l["value_before"] is None and l["improved"] is True, l
PY
    ;;
  *) die "unknown case $case_name" ;;
esac
echo "PASS $case_name"
