#!/usr/bin/env bash
# Plain Floyd–Warshall said in k, and the row/column-k brackets on every k-step, through apsp-studio's slide
# frames (--export-frames --granularity k): each frame is checked by k_bracket_check, and the log's caption line
# of each frame ("slides: frame F: done: k = ...") for the words it uses.
# One case per call. Environment (set by CMake): STUDIO, K_BRACKET_CHECK, WORK (scratch).
set -uo pipefail
source "$(dirname "$0")/case_env.sh"  # case_name, work (the current directory), HOME/XDG inside it, xvfb, die
# A generous guard: a run that hangs fails with exit 124 instead of stalling the suite.
SIZE=1280x720
studio() { xvfb -s "-screen 0 1920x1200x24" timeout 300 "$STUDIO" --no-history --size "$SIZE" "$@" --quit; }

# An unbroken run of bracket pixels along a row or column of the image: a bracket crosses at least one whole
# cell (about 100 px for this 4-vertex matrix at 1280 x 720), the graph view's k rings and the key's swatch
# run for about 30 px at most.
MIN_RUN=60

# export_k BACKEND BLOCK DIR [FLAGS...]: every k-step of textbook4 as frames, the log panel's lines in DIR.log.
export_k() {
  local backend=$1 block=$2 dir=$3
  shift 3
  studio --gen classroom:textbook4 --backend "$backend" --block "$block" --presentation "$@" --export-frames "$dir" \
    --granularity k --log-file "$dir.log" > "$dir.out" 2>&1 || die "$backend B = $block: studio exited $? ($(tail -3 "$dir.out"))"
}

# caption F LOG: the title the log gave frame F.
caption() { grep -o "slides: frame $1: .*" "$2" | head -1; }

case "$case_name" in
  plain_brackets_every_k)
    # cpu-naive at B = 1 (every k-step ends a round) and B = 2 (every other one does): frame t shows k = t - 1,
    # with brackets on row and column k, and its title says "k = t - 1", never a round. With a selected cell (the
    # lesson's command) its rings sit on row and column k; without one the brackets run from edge to edge of the
    # matrix, which places them: row k and column k exactly.
    export_k cpu-naive 1 bare
    for t in 1 2 3 4; do
      "$K_BRACKET_CHECK" --png "$(printf "bare/frame_%04d.png" $t)" --min-run $MIN_RUN --n 4 --k $((t - 1)) ||
        die "cpu-naive B = 1 without a selection: frame $t"
    done
    for block in 1 2; do
      export_k cpu-naive $block "naive$block" --select 3:0
      frames=$(ls "naive$block" | wc -l)
      [ "$frames" -eq 5 ] || die "cpu-naive B = $block: $frames frames, expected 5 (the start and 4 k-steps)"
      for t in 1 2 3 4; do
        k=$((t - 1))
        f=$(printf "naive%d/frame_%04d.png" $block $t)
        "$K_BRACKET_CHECK" --png "$f" --min-run $MIN_RUN || die "cpu-naive B = $block, k = $k: $f"
        title=$(caption $t "naive$block.log")
        case "$title" in
          *"done: k = $k |"*) ;;
          *) die "cpu-naive B = $block frame $t: title '$title' does not say 'done: k = $k'" ;;
        esac
        case "$title" in
          *round*|*pivot*|*phase*) die "cpu-naive B = $block frame $t: title '$title' speaks of rounds or blocks" ;;
        esac
      done
      grep -q "slides: frame 0: start | next: k = 0" "naive$block.log" || die "cpu-naive B = $block: frame 0 caption"
    done
    ;;
  plain_brackets_blocked)
    # cpu-blocked at B = 2: 12 k-steps (2 rounds x 3 phases x 2 k); the second k of each phase ends it. Its
    # brackets cross only the blocks the phase read (two cells, cut by the block outlines), so a larger window
    # and no selection (whose rings would sit on row and column k) keep them long enough to tell from the rings.
    SIZE=1920x1080
    export_k cpu-blocked 2 blocked
    frames=$(ls blocked | wc -l)
    [ "$frames" -eq 13 ] || die "cpu-blocked: $frames frames, expected 13"
    for t in $(seq 1 12); do
      round=$(((t - 1) / 6)) && k=$((round * 2 + (t - 1) % 2))
      f=$(printf "blocked/frame_%04d.png" $t)
      "$K_BRACKET_CHECK" --png "$f" --min-run $MIN_RUN || die "cpu-blocked, k-step $t (k = $k): $f"
      title=$(caption $t blocked.log)
      case "$title" in
        *"k = $k |"*) ;;
        *) die "cpu-blocked k-step $t: title '$title' does not say 'k = $k'" ;;
      esac
    done
    ;;
  *)
    die "unknown case $case_name"
    ;;
esac
echo "PASS $case_name"
