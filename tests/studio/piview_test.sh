#!/usr/bin/env bash
# Π in the studio through --explain-json (session/predecessor_view.h): the CLRS graph's final Π equals the
# textbook's Π^(5) (typed in, 1-based as printed there, mapped to the studio's 0-based numbers: textbook vertex
# v is studio vertex v - 1), a cell's π before and after the step that changes it, the path read from Π with
# its length equal to d_ij, and one line instead of Π above the size limit. One case per call. Environment (set
# by CMake): STUDIO, WORK (scratch).
set -uo pipefail
source "$(dirname "$0")/case_env.sh"  # case_name, work (the current directory), HOME/XDG inside it, xvfb, die
studio() { xvfb -s "-screen 0 1280x800x24" "$STUDIO" --no-history "$@" --quit; }

case "$case_name" in
  piview_clrs_textbook)
    # Plain Floyd–Warshall (cpu-naive) must give the textbook's Π; cell (0, 1) is the textbook's pair 1 -> 2.
    studio --gen classroom:clrs --backend cpu-naive --advance all --show pi --select 0:1 --explain-json e.json ||
      die "studio exited $?"
    python3 - e.json <<'PY' || die "final Π: $(cat e.json)"
import json, sys
e = json.load(open(sys.argv[1]))
N = None
textbook = [[N, 3, 4, 5, 1], [4, N, 4, 2, 1], [4, 3, N, 2, 1], [4, 3, 4, N, 1], [4, 3, 4, 5, N]]  # CLRS Π^(5)
expected = [[None if v is None else v - 1 for v in row] for row in textbook]
assert e["finished"] is True
assert e["pi"] == expected, e["pi"]
assert e["pi_tracked"] is True
assert e["pi_ij"] == 2, e["pi_ij"]
# 1 -> 5 -> 4 -> 3 -> 2 in the textbook: -4 + 6 - 5 + 4 = 1 = d_12.
assert e["pi_path"] == [0, 4, 3, 2, 1], e["pi_path"]
assert e["pi_path_length"] == 1 and e["d_ij"] == 1, (e["pi_path_length"], e["d_ij"])
PY
    ;;
  piview_step_before_after)
    # After k = 0 (textbook k = 1): π[3][1] goes from NIL to 0 (textbook π^(1)_42 = 1), as d[3][1] goes from INF
    # to 2 + 3 = 5 through vertex 0.
    studio --gen classroom:clrs --backend cpu-naive --block 1 --advance 1 --show pi --select 3:1 \
      --explain-json e.json || die "studio exited $?"
    python3 - e.json <<'PY' || die "k = 0: $(cat e.json)"
import json, sys
e = json.load(open(sys.argv[1]))
assert (e["k"], e["d_ij_before"], e["d_ij"]) == (0, None, 5), (e["k"], e["d_ij_before"], e["d_ij"])
assert e["pi_ij_before"] is None and e["pi_ij"] == 0, (e["pi_ij_before"], e["pi_ij"])
assert e["pi"][3] == [3, 0, 3, None, 0], e["pi"][3]  # textbook Π^(1) row 4: 4 1 4 NIL 1
assert e["pi_path"] == [3, 0, 1] and e["pi_path_length"] == 5, (e["pi_path"], e["pi_path_length"])
PY
    # The same cell on cpu-blocked after the whole solve: a Π whose path has d's length (ties may differ from
    # the textbook's on other backends; the length may not).
    studio --gen classroom:clrs --backend cpu-blocked --advance all --select 3:1 --explain-json f.json ||
      die "studio exited $?"
    python3 - f.json <<'PY' || die "cpu-blocked: $(cat f.json)"
import json, sys
e = json.load(open(sys.argv[1]))
assert e["pi_path"][0] == 3 and e["pi_path"][-1] == 1, e["pi_path"]
assert e["pi_path_length"] == e["d_ij"] == -1, (e["pi_path_length"], e["d_ij"])
PY
    ;;
  piview_above_limit)
    # Above the graph view's 100 vertices Π is not kept: one line says so, and the heatmap keeps D.
    studio --gen ring:n=101 --show pi --select 0:1 --explain-json e.json || die "studio exited $?"
    python3 - e.json <<'PY' || die "n = 101: $(cat e.json)"
import json, sys
e = json.load(open(sys.argv[1]))
assert e["pi"] is None and e["pi_ij"] is None and e["pi_path"] is None, e
assert "at most 100 vertices" in e["pi_note"] and "\n" not in e["pi_note"], e["pi_note"]
PY
    ;;
  *) die "unknown case $case_name" ;;
esac
echo "PASS: $case_name"
