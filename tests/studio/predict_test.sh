#!/usr/bin/env bash
# Predict mode through apsp-studio's scripted flags: the question hides the step (the heatmap is byte-identical to
# the state before it), Reveal takes exactly that step (byte-identical to the state after it) and marks the answer
# as the engine's quiz does, and answers that do not fit the question exit 2 with one line.
# One case per call. Environment (set by CMake): STUDIO, WORK (scratch).
set -uo pipefail
source "$(dirname "$0")/case_env.sh"  # case_name, work (the current directory), HOME/XDG inside it, xvfb, die
studio() { xvfb -s "-screen 0 1280x800x24" "$STUDIO" --no-history --gen classroom:cities8 --block 2 --size 1280x720 "$@" --quit; }

case "$case_name" in
  predict_hides_the_step)
    # cities8 at B = 2; one phase done, the question is about round 0, phase 2.
    studio --advance-phases 1 --heatmap-png before.png || die "studio exited $?"
    studio --advance-phases 2 --heatmap-png after.png || die "studio exited $?"
    studio --advance-phases 1 --predict --answer-cells 0:2,1:3 --heatmap-png question.png --screenshot q.png \
      --stats-json q.json || die "question: studio exited $?"
    cmp -s before.png question.png || die "the question showed something of the step: heatmap differs from before it"
    [[ -s q.png ]] || die "no screenshot of the question"
    python3 - q.json <<'PY' || die "question stats: $(cat q.json)"
import json, sys
q = json.load(open(sys.argv[1]))["quiz"]
assert q["predict"] is True, q
o = q["open_question"]
assert o is not None and o["ask"] == "improves" and o["step"] == "phase", o
assert o["at"]["round"] == 0 and o["at"]["phase"] == "rowcol", o
assert q["marked"] == [[0, 2], [1, 3]], q["marked"]
assert q["asked"] == 0 and q["last"] is None, q
PY
    # Reveal: exactly the step asked about, marked as the quiz marks it.
    studio --advance-phases 1 --predict --answer-cells 0:2,1:3 --reveal --heatmap-png revealed.png \
      --screenshot r.png --stats-json r.json --predict-results score.json || die "reveal: studio exited $?"
    cmp -s after.png revealed.png || die "Reveal did not take exactly the step asked about"
    python3 - r.json score.json <<'PY' || die "reveal stats: $(cat r.json) $(cat score.json)"
import json, sys
q = json.load(open(sys.argv[1]))["quiz"]
assert q["open_question"] is None and q["asked"] == 1, q
last = q["last"]
assert last["shown"] is True, last
improved = {tuple(c) for c in last["expected"]["cells"]}
answer = {(0, 2), (1, 3)}
assert {tuple(c) for c in last["hit"]} == answer & improved, last
assert {tuple(c) for c in last["missed"]} == improved - answer, last
assert {tuple(c) for c in last["extra"]} == answer - improved, last
assert last["right"] == (answer == improved), last
assert len(last["explanation"]) == len(last["missed"]) + len(last["extra"]), last
assert q["right"] == (1 if last["right"] else 0), q
s = json.load(open(sys.argv[2]))
assert s["score"]["asked"] == 1 and len(s["questions"]) == 1, s
assert "context" in s and s["context"]["graph"] == "classroom:cities8", s.get("context")
PY
    ;;
  predict_value)
    # (7, 2) goes from INF to 7 in round 0, phase 3: a selected cell asks for its value.
    studio --advance-phases 2 --select 7:2 --predict --answer-value 7 --reveal --stats-json v.json ||
      die "studio exited $?"
    python3 - v.json <<'PY' || die "value: $(cat v.json)"
import json, sys
q = json.load(open(sys.argv[1]))["quiz"]
last = q["last"]
assert last["question"]["ask"] == "value" and last["question"]["cell"] == [7, 2], last["question"]
assert last["expected"]["value"] == 7 and last["right"] is True and q["right"] == 1, last
PY
    studio --advance-phases 2 --select 7:2 --predict --answer-value inf --reveal --stats-json w.json ||
      die "studio exited $?"
    python3 - w.json <<'PY' || die "wrong value: $(cat w.json)"
import json, sys
last = json.load(open(sys.argv[1]))["quiz"]["last"]
assert last["right"] is False and last["explanation"], last
assert "7" in last["explanation"][0], last["explanation"]
PY
    ;;
  predict_bad_answers)
    for args in "--answer-cells 9:9" "--answer-cells 0:2,x" "--answer-value 5" "--answer-value 5x --select 1:1"; do
      # shellcheck disable=SC2086
      studio --advance-phases 1 --predict $args 2>err.txt
      status=$?
      [[ $status -eq 2 ]] || die "$args: exit $status, expected 2"
      [[ $(wc -l <err.txt) -eq 1 ]] || die "$args: not one line: $(cat err.txt)"
      grep -q "^apsp-studio: --answer-" err.txt || die "$args: the line names no flag: $(cat err.txt)"
    done
    studio --reveal 2>err.txt
    [[ $? -eq 2 ]] || die "--reveal without --predict was accepted"
    ;;
  *)
    die "unknown case $case_name"
    ;;
esac
echo "ok $case_name"
