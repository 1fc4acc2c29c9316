#!/usr/bin/env bash
# Lesson files through apsp-studio: every stop of every example lesson replays to the same screenshot, byte for
# byte (two runs, each with a fresh HOME), stands where the file says (cursor and selected cell, --explain-json),
# and a bad lesson or stop is one line naming the file and the place, exit 2. The parser's every error is
# checked in tests/engine/test_lesson_file.cpp.
# One case per call. Environment (set by CMake): STUDIO, WORK (scratch), LESSONS (assets/lessons), HAVE_EGL.
set -uo pipefail
[ "${HAVE_EGL:-0}" = 1 ] || { echo "built without EGL: --headless is not available"; exit 77; }
source "$(dirname "$0")/case_env.sh"  # case_name, work (the current directory), HOME/XDG inside it, xvfb, die
studio() { timeout 300 "$STUDIO" --headless --no-history "$@"; }

# The cursor and cell stop STOP of LESSON should give, from the file alone (the graph's n and block given):
# "start" is round 0's first phase, "end" is "end"; k is global (round * B + offset), its round when none given.
expected() {
  python3 - "$1" "$2" "$3" "$4" <<'PY'
import json, sys
lesson, stop, n, block = json.load(open(sys.argv[1])), int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
plain = lesson.get("backend") in ("cpu-naive", "cuda-naive")
s = lesson["stops"][stop]
at = s["at"]
first = "full" if plain else "pivot"
if at == "end":
    cursor = "end"
elif at == "start":
    cursor = {"round": 0, "phase": first, "k": 0}
else:
    r = at["round"] if "round" in at else at["k"] // block
    cursor = {"round": r, "phase": at.get("phase", first), "k": at.get("k", r * block)}
sel = s.get("select", [None, None])
print(json.dumps({"cursor": cursor, "i": sel[0], "j": sel[1]}, sort_keys=True))
PY
}
shown() { python3 -c "import json,sys; e=json.load(open(sys.argv[1])); print(json.dumps({'cursor': e['cursor'], 'i': e['i'], 'j': e['j']}, sort_keys=True))" "$1"; }

# replay LESSON N BLOCK [size]: every stop, twice, compared.
replay() {
  local lesson=$1 n=$2 block=$3 size=${4:-1280x720} stops stop run
  stops=$(python3 -c "import json,sys; print(len(json.load(open(sys.argv[1]))['stops']))" "$lesson")
  [ "$stops" -ge 3 ] || die "$lesson: only $stops stops"
  for ((stop = 0; stop < stops; ++stop)); do
    for run in a b; do
      rm -rf "home_$run" && mkdir -p "home_$run"
      HOME="$work/home_$run" XDG_CONFIG_HOME="$work/home_$run" XDG_DATA_HOME="$work/home_$run/data" \
        studio --lesson "$lesson" --lesson-stop "$stop" --size "$size" --screenshot "$stop$run.png" \
        --explain-json "$stop$run.json" >/dev/null || die "$lesson stop $stop: studio exited $?"
    done
    cmp -s "${stop}a.png" "${stop}b.png" || die "$lesson stop $stop: the two replays' screenshots differ"
    [ "$(shown "${stop}a.json")" = "$(expected "$lesson" "$stop" "$n" "$block")" ] ||
      die "$lesson stop $stop: stands at $(shown "${stop}a.json"), the file says $(expected "$lesson" "$stop" "$n" "$block")"
  done
}

case "$case_name" in
  lesson_replay_textbook4)
    replay "$LESSONS/textbook4-plain.lesson.json" 4 2
    ;;
  lesson_replay_cities8)
    replay "$LESSONS/cities8-blocked.lesson.json" 8 4
    ;;
  lesson_replay_clrs)
    replay "$LESSONS/clrs-plain.lesson.json" 5 2
    ;;
  lesson_replay_presentation)
    # The projector layout, larger: the caption in the large type, still the same picture every time.
    python3 - "$LESSONS/cities8-blocked.lesson.json" p.lesson.json <<'PY'
import json, sys
l = json.load(open(sys.argv[1]))
l["presentation"] = True
json.dump(l, open(sys.argv[2], "w"))
PY
    replay "$work/p.lesson.json" 8 4 1920x1080
    ;;
  lesson_errors)
    # A stop beyond the graph: found once the graph is loaded, named by its place in the file.
    printf '%s\n' '{"title": "t", "graph": {"gen": "classroom:cities8"}, "block": 4,' \
      '"stops": [{"at": "start"}, {"at": {"round": 7}}]}' > far.lesson.json
    studio --lesson far.lesson.json --lesson-stop 1 2> far.err >/dev/null
    status=$?
    [ $status = 2 ] || die "a stop beyond the graph exited $status: $(cat far.err)"
    grep -qF "far.lesson.json: stops[1].at.round: 7 beyond the 2 rounds of this graph" far.err ||
      die "the stop beyond the graph was not named: $(cat far.err)"
    # A bad question at a later stop: found when the lesson opens (at stop 0), named by its place, by the quiz's
    # own parser.
    printf '%s\n' '{"title": "t", "graph": {"gen": "classroom:cities8"}, "block": 4, "stops": [{"at": "start"},' \
      '{"at": {"round": 1}, "questions": [{"step": "k", "ask": "value", "cell": [9, 0]}]}]}' > q.lesson.json
    studio --lesson q.lesson.json 2> q.err >/dev/null
    status=$?
    [ $status = 2 ] && grep -qF "q.lesson.json: stops[1].questions[0]" q.err || die "a bad question: exit $status, $(cat q.err)"
    # A broken file: its line, exit 2, nothing written.
    printf '{"title": "t",\n "graph": {"gen": "classroom:cities8"},\n "stops": [}\n' > broken.lesson.json
    studio --lesson broken.lesson.json --screenshot never.png 2> broken.err >/dev/null
    status=$?
    [ $status = 2 ] || die "a broken lesson exited $status: $(cat broken.err)"
    grep -qF "broken.lesson.json: not JSON: parse error at line 3" broken.err || die "not named: $(cat broken.err)"
    [ ! -e never.png ] || die "a screenshot was written for a lesson that did not open"
    # A stop the file does not have; --lesson-stop without --lesson; --lesson with a graph of its own.
    studio --lesson "$LESSONS/cities8-blocked.lesson.json" --lesson-stop 9 2> nine.err >/dev/null
    status=$?
    [ $status = 2 ] && grep -qF "no stop 9 (its stops are 0..4)" nine.err || die "stop 9: exit $status, $(cat nine.err)"
    studio --lesson-stop 1 2> alone.err >/dev/null
    [ $? = 2 ] && grep -qF -- "--lesson-stop needs --lesson FILE" alone.err || die "$(cat alone.err)"
    studio --lesson "$LESSONS/cities8-blocked.lesson.json" --gen classroom:grid3 2> both.err >/dev/null
    [ $? = 2 ] && grep -qF -- "--lesson: the lesson file names the graph" both.err || die "$(cat both.err)"
    # A graph file that does not exist, relative to the lesson: its own error, exit 2.
    printf '%s\n' '{"title": "t", "graph": {"file": "nowhere.txt"}, "stops": [{"at": "end"}]}' > nofile.lesson.json
    studio --lesson nofile.lesson.json 2> nofile.err >/dev/null
    status=$?
    [ $status = 2 ] && grep -qF "nowhere.txt: cannot open" nofile.err || die "a missing graph: exit $status, $(cat nofile.err)"
    ;;
  *)
    die "unknown case $case_name"
    ;;
esac
echo "ok $case_name"
