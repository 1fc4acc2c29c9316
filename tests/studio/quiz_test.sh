#!/usr/bin/env bash
# The scripted quiz through apsp-studio: --quiz FILE plays each question from its own step on textbook4
# (cpu-blocked, B = 2) and --quiz-results writes the score and the marks; a bad entry is one line naming the
# file and the entry (exit 2, nothing written, nothing the user had replaced); in the GUI the log says it. The
# right answers themselves are checked for every step of the classroom graphs in tests/engine/test_quiz.cpp.
# One case per call. Environment (set by CMake): STUDIO, WORK (scratch), HAVE_EGL (1: --headless works).
set -uo pipefail
source "$(dirname "$0")/case_env.sh"  # case_name, work (the current directory), HOME/XDG inside it, xvfb, die
need_egl() { [ "${HAVE_EGL:-0}" = 1 ] || { echo "built without EGL: --headless is not available"; exit 77; }; }
studio() { "$STUDIO" --headless --no-history --gen classroom:textbook4 --backend cpu-blocked --block 2 "$@" --quit; }

# Worked out by hand (docs/teaching.md "Quiz files"): round 0 phase 2 lowers (1,2) 3 -> 2 and (3,0) INF -> 3;
# phase 3 (3,2) INF -> 1; round 1 phase 1 nothing, phase 2 (2,0) -> 5, (2,1) -> 1, (0,3) -> 0, (1,3) -> 4;
# phase 3 (0,1) -> -1. Mistakes: entry 1 misses (1,2), entry 2 adds (2,0), entry 5 says 4 for 5, entry 8 adds (3,2)
# in a block phase 2 does not write.
cat > answers.json <<'JSON'
{"questions": [
  {"at": {"round": 0, "phase": "rowcol"}, "step": "phase", "ask": "improves", "block": [0, 1], "answer": {"cells": []}},
  {"at": {"round": 0, "phase": "rowcol"}, "step": "phase", "ask": "improves", "block": [1, 0],
   "answer": {"cells": [[3, 0], [2, 0]]}},
  {"at": {"round": 0, "phase": "independent"}, "step": "phase", "ask": "improves", "block": [1, 1],
   "answer": {"cells": [[3, 2]]}},
  {"at": {"round": 1, "phase": "pivot"}, "step": "phase", "ask": "improves", "block": [1, 1], "answer": {"cells": []}},
  {"at": {"round": 1, "phase": "rowcol", "k": 3}, "step": "k", "ask": "value", "cell": [2, 0], "answer": {"value": 4}},
  {"at": {"round": 0, "phase": "pivot", "k": 0}, "step": "k", "ask": "value", "cell": [2, 0], "answer": {"value": "inf"}},
  {"at": {"round": 1}, "step": "round", "ask": "improves", "answer": {"cells": [[2, 0], [2, 1], [0, 3], [1, 3], [0, 1]]}},
  {"at": {"round": 0, "phase": "rowcol"}, "step": "phase", "ask": "improves", "block": [1, 1], "answer": {"cells": [[3, 2]]}}
]}
JSON

case "$case_name" in
  quiz_marks)
    need_egl
    studio --quiz answers.json --quiz-results r.json --log-file log.txt || die "studio exited $?"
    python3 - r.json <<'PY' || die "results: $(cat r.json)"
import json, sys
r = json.load(open(sys.argv[1]))
assert r["score"] == {"asked": 8, "right": 4, "cells_hit": 7, "cells_missed": 1, "cells_extra": 2}, r["score"]
q = r["questions"]
assert [x["right"] for x in q] == [False, False, True, True, False, True, True, False], [x["right"] for x in q]
assert q[0]["missed"] == [[1, 2]] and q[0]["hit"] == [] and q[0]["extra"] == [], q[0]
assert q[0]["explanation"] == ["missed: d[1][2] improves from 3 to 2: at k = 0, min(3, 4 + (-2)) = 2"], q[0]
assert q[1]["hit"] == [[3, 0]] and q[1]["extra"] == [[2, 0]], q[1]
assert q[3]["expected"] == {"cells": []}, q[3]
assert q[4]["expected"] == {"value": 5} and q[4]["answer"] == {"value": 4}, q[4]
assert q[4]["explanation"] == ["you said 4, it is 5: d[2][0] improves from INF to 5: at k = 3, min(INF, 2 + 3) = 5"], q[4]
assert q[5]["expected"] == {"value": "inf"} and q[5]["right"] is True, q[5]
assert q[6]["question"]["at"] == {"round": 1, "phase": "pivot", "k": 2}, q[6]["question"]
assert "does not write it" in q[7]["explanation"][0], q[7]
assert r["quiz"] == "answers.json"
c = r["context"]
assert c["backend"] == "cpu-blocked" and c["block"] == 2 and c["n"] == 4, c
PY
    grep -q "quiz: 4 of 8 right (cells: 7 hit, 1 missed, 2 extra)" log.txt || die "no score in the log: $(cat log.txt)"
    ;;
  quiz_bad_entry)
    need_egl
    # Entry 3's answer names a cell outside 0..3: one line naming the file and the entry, exit 2, and the
    # results file the user had is left as it was.
    python3 - answers.json <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
d["questions"][2]["answer"] = {"cells": [[9, 1]]}
json.dump(d, open("bad.json", "w"))
PY
    echo "keep me" > r.json
    studio --quiz bad.json --quiz-results r.json 2> err.txt
    status=$?
    [ "$status" = 2 ] || die "exit $status, expected 2: $(cat err.txt)"
    grep -qx "apsp-studio: --quiz: bad.json: entry 3: cell \[9, 1\] outside 0..3" err.txt || die "stderr: $(cat err.txt)"
    [ "$(cat r.json)" = "keep me" ] || die "the old results were replaced"
    # Not JSON at all, and a missing file: one line each, exit 2.
    printf '[{"at": ' > cut.json
    studio --quiz cut.json 2> err.txt
    [ $? = 2 ] && grep -q "cut.json: not JSON" err.txt || die "cut file: $(cat err.txt)"
    studio --quiz missing.json 2> err.txt
    [ $? = 2 ] && grep -q "missing.json" err.txt || die "missing file: $(cat err.txt)"
    # The results may not replace the quiz itself.
    studio --quiz answers.json --quiz-results answers.json 2> err.txt
    [ $? = 2 ] || die "--quiz-results naming the quiz was accepted: $(cat err.txt)"
    grep -q '"questions"' answers.json || die "the quiz file was overwritten"
    ;;
  quiz_gui_log)
    # The GUI keeps its window on a bad quiz file: the log says which entry and why.
    python3 - answers.json <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
d["questions"][1]["at"] = {"round": 5}
json.dump(d, open("bad.json", "w"))
PY
    xvfb -s "-screen 0 1280x800x24" "$STUDIO" --no-history --gen classroom:textbook4 --backend cpu-blocked --block 2 \
      --quiz bad.json --frames 5 --log-file log.txt || die "studio exited $?"
    grep -q "bad.json: entry 2: at.round: 5 beyond the 2 rounds of this graph (0..1)" log.txt || die "log: $(cat log.txt)"
    ;;
  *) die "unknown case $case_name" ;;
esac
