#!/usr/bin/env bash
# Presentation as a teaching mode and one moment on every panel, through apsp-studio's scripted flags.
# One case per call. Environment (set by CMake): STUDIO (apsp-studio), WORK (scratch), HAVE_EGL (1: --headless works).
set -uo pipefail
[ "${HAVE_EGL:-0}" = 1 ] || { echo "built without EGL: --headless is not available"; exit 77; }
source "$(dirname "$0")/case_env.sh"  # case_name, work (the current directory), HOME/XDG inside it, xvfb, die
studio() { "$STUDIO" --headless --no-history "$@" --quit; }
# json FILE EXPR: prints EXPR evaluated on the JSON document j (Python), e.g. j['step_just_done']['phase'].
json() { python3 -c "import json,sys; j=json.load(open(sys.argv[1])); print($2)" "$1"; }

case "$case_name" in
  teaching_one_moment)
    # After two phase steps the heatmap shows phase 2 just done; the pseudocode's line and the graph view's step
    # are that phase too, with or without a selected cell (never phase 3, the next one).
    for select in "" "--select 3:1" "--select 0:0"; do
      studio --gen classroom:negcycle4 --size 1280x720 --presentation --advance-phases 2 $select \
        --explain-json e.json || die "studio exited $? ($select)"
      [ "$(json e.json "j['step_just_done']['round'], j['step_just_done']['phase']")" = "0 2" ] ||
        die "not the step just done ($select): $(json e.json "j['step_just_done']")"
      line=$(json e.json "j['step_just_done']['line']")
      case "$line" in
        *"phase 2"* | *"for k in block r, i, j in the block"*) ;;
        *) die "the highlighted line is not phase 2's ($select): $line" ;;
      esac
      [ "$(json e.json "j['step_just_done']['line_index'] in (3, 4)")" = True ] ||
        die "line index not phase 2's ($select): $(json e.json "j['step_just_done']")"
    done
    # The start: nothing done, nothing highlighted (the title alone names the next step).
    studio --gen classroom:negcycle4 --explain-json start.json || die "studio exited $?"
    [ "$(json start.json "j['step_just_done']")" = None ] || die "a step highlighted at the start"
    # One k: the k just done.
    studio --gen classroom:cities8 --block 4 --advance-phases 1 --advance-k 3 --explain-json k.json || die "studio exited $?"
    [ "$(json k.json "[j['step_just_done'][x] for x in ('phase', 'k_first', 'k')]")" = "[2, 2, 2]" ] ||
      die "one k-step: $(json k.json "j['step_just_done']")"
    ;;
  teaching_mid_round_path)
    # Mid-round the current path agrees with the cell: its length is the cell's value, unreachable only with INF.
    # Rows: every cell of negcycle4 (its cycle makes diagonals negative mid-round); rows of cities8 in blocks
    # that phase 2 and phase 3 have written and not yet written.
    for setup in "classroom:negcycle4|2|--advance-phases 2|0 1 2 3" \
                 "classroom:negcycle4|2|--advance-phases 2 --advance-k 1|0 1 2 3" \
                 "classroom:cities8|2|--advance 1 --advance-phases 2|2 7" \
                 "classroom:cities8|4|--advance-phases 1 --advance-k 6|1 6"; do
      IFS='|' read -r graph block advance rows <<< "$setup"
      n=$(case "$graph" in *negcycle4) echo 4 ;; *) echo 8 ;; esac)
      for i in $rows; do
        for j in $(seq 0 $((n - 1))); do
          studio --gen "$graph" --block "$block" $advance --select "$i:$j" --explain-json e.json ||
            die "studio exited $? ($setup $i:$j)"
          verdict=$(json e.json "'ok' if (j['path_length'] == j['d_ij']) or j['d_ij'] is None and j['path'] == [] else 'bad'")
          [ "$verdict" = ok ] || die "$setup cell $i:$j: the path disagrees with the cell: $(json e.json \
            "dict(d_ij=j['d_ij'], path=j['path'], length=j['path_length'], as_of=j['path_as_of'])")"
        done
      done
    done
    ;;
  teaching_presentation_inspector)
    # Presentation keeps the inspector: a window beside the heatmap with the relaxation's numbers.
    for size in 1280x720 1920x1080; do
      studio --gen classroom:cities8 --block 2 --size "$size" --presentation --advance-phases 3 --select 7:2 \
        --stats-json s.json || die "studio exited $? ($size)"
      [ "$(json s.json "[w['w'] > 100 and w['h'] > 100 for w in j['layout']['windows'] if w['name'] == 'Inspector overlay']")" = "[True]" ] ||
        die "no inspector overlay at $size: $(json s.json "[w['name'] for w in j['layout']['windows']]")"
    done
    # Normal mode has the inspector in its controls column, not as an overlay.
    studio --gen classroom:cities8 --block 2 --size 1280x720 --advance-phases 3 --select 7:2 --stats-json n.json ||
      die "studio exited $?"
    [ "$(json n.json "[w for w in j['layout']['windows'] if w['name'] == 'Inspector overlay']")" = "[]" ] ||
      die "an inspector overlay in normal mode"
    ;;
  *) die "unknown case $case_name" ;;
esac
exit 0
