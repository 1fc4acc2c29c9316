#!/usr/bin/env bash
# Colours that keep their meaning, and marks that stay visible (colours_check). One case per call.
# Environment (set by CMake): STUDIO, COLOURS_CHECK, ASSETS (colormaps), WORK (scratch).
set -uo pipefail
source "$(dirname "$0")/case_env.sh"  # case_name, work (the current directory), HOME/XDG inside it, xvfb, die
studio() { xvfb -s "-screen 0 1280x800x24" "$STUDIO" --no-history "$@" --quit; }

# A whole lesson's frames at granularity $3 of graph $1 with block $2 ($4: backend), colours checked.
lesson() {
  local dir="$1-$2-$3-$4"
  studio --gen "classroom:$1" --block "$2" --backend "$4" --overlays off --size 1280x720 \
    --export-frames "$dir" --granularity "$3" || die "$dir: studio exited $?"
  local plain=0
  [ "$4" = cpu-naive ] && plain=1
  "$COLOURS_CHECK" keep --frames "$dir" --gen "classroom:$1" --block "$2" --granularity "$3" --plain "$plain" \
    --lut "$ASSETS/viridis.txt" || die "$dir: an unchanged cell changed colour"
}

case "$case_name" in
  colours_keep_meaning)
    lesson textbook4 2 k cpu-blocked
    lesson textbook4 1 k cpu-naive
    lesson cities8 2 phase cpu-blocked
    lesson cities8 4 k cpu-blocked
    # --fix-colours off: each step's own range (the old default): the same check sees unchanged cells change.
    studio --gen classroom:textbook4 --block 2 --fix-colours off --overlays off --size 1280x720 --export-frames off \
      --granularity k || die "--fix-colours off: studio exited $?"
    if "$COLOURS_CHECK" keep --frames off --gen classroom:textbook4 --block 2 --granularity k --plain 0 \
      --lut "$ASSETS/viridis.txt"; then
      die "--fix-colours off kept every colour: the check above proves nothing"
    fi
    ;;
  selected_improved_mark)
    # Cell (7, 2) of cities8 goes from INF to 7 in round 0's phase 3: selected, it shows the selection ring
    # (light and dark) and the improved triangle (its hue, then its dark and light edge) together.
    studio --gen classroom:cities8 --block 2 --advance-phases 3 --select 7:2 --overlays on --heatmap-scale 32 \
      --heatmap-png sel.png || die "studio exited $?"
    for rgb in 0,158,115 0,0,0 255,255,255; do
      "$COLOURS_CHECK" cell --png sel.png --scale 32 --cell 7:2 --rgb "$rgb" --min 20 ||
        die "the selected improved cell lacks $rgb (ring or triangle hidden)"
    done
    # Overlays off: the same cell is its colormap colour only (the marks above are overlays, not the fill).
    studio --gen classroom:cities8 --block 2 --advance-phases 3 --select 7:2 --overlays off --heatmap-scale 32 \
      --heatmap-png off.png || die "studio exited $?"
    if "$COLOURS_CHECK" cell --png off.png --scale 32 --cell 7:2 --rgb 0,158,115 --min 1 2>/dev/null; then
      die "the triangle's hue without overlays: the check above proves nothing"
    fi
    ;;
  *)
    echo "unknown case $case_name" >&2
    exit 2
    ;;
esac
