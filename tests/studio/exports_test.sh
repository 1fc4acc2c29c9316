#!/usr/bin/env bash
# Lecture-note exports: GIF frames equal to the screenshots, a labelled heatmap PNG, the screenshot and frames
# of a solve stopped by a negative cycle. One case per call. Environment (set by CMake): STUDIO, SLIDES_CHECK
# (slides_check; empty without giflib), EXPORTS_CHECK (exports_check), WORK (scratch).
set -uo pipefail
source "$(dirname "$0")/case_env.sh"  # case_name, work (the current directory), HOME/XDG inside it, xvfb, die
studio() { xvfb -s "-screen 0 1920x1080x24" "$STUDIO" --no-history "$@"; }
need_gif() { [ -n "${SLIDES_CHECK:-}" ] || { echo "SKIP: built without giflib (slides_check)"; exit 77; }; }

case "$case_name" in
  exports_gif_exact)
    # Thousands of colours a frame (antialiased text, the colour bar): every GIF frame, drawn as a viewer
    # draws it, equals the PNG frame of the same step, and frame 0 the screenshot, at both projector sizes.
    need_gif
    for size in 1280x720 1920x1080; do
      studio --gen classroom:textbook4 --size "$size" --export-frames "f$size" --gif "$size.gif" --granularity phase \
        --screenshot "shot$size.png" --quit || die "studio exited $? ($size)"
      "$SLIDES_CHECK" gif --gif "$size.gif" --frames 7 --pngs "f$size" || die "GIF frames differ from the PNGs ($size)"
      "$SLIDES_CHECK" same --a "shot$size.png" --b "f$size/frame_0000.png" || die "frame 0 is not the screenshot ($size)"
    done
    ;;
  exports_negative_cycle)
    # The slide of the cycle: the screenshot and the frames are written, the exit status stays 3 with its
    # one line; the distances of a stopped solve are no result and are not written.
    studio --gen classroom:negcycle4 --advance 1 --screenshot x.png --distances d.bin --log-file log.txt \
      --explain-json e.json --quit 2>err.txt
    rc=$?
    [ "$rc" = 3 ] || die "exit status $rc, expected 3: $(cat err.txt)"
    [ "$(grep -c 'negative cycle' err.txt)" = 1 ] || die "expected the cycle once on stderr: $(cat err.txt)"
    [ -s x.png ] && head -c 8 x.png | od -An -tx1 | grep -q "89 50 4e 47 0d 0a 1a 0a" || die "x.png is not a PNG"
    [ ! -e d.bin ] || die "the distances of a stopped solve were written"
    # The cycle reaches the inspector and the graph view without a selected cell.
    grep -q '"negative_cycle_found": *true' e.json || die "the inspector does not know the cycle: $(cat e.json)"
    grep -q -- "--distances d.bin: not written: the solve stopped at a negative cycle" log.txt ||
      die "no log line about --distances: $(cat log.txt)"
    # Slides from the start: a frame per phase up to and including the step that found the cycle.
    studio --gen classroom:negcycle4 --export-frames fr --granularity phase --quit 2>err.txt
    rc=$?
    [ "$rc" = 3 ] || die "slides: exit status $rc, expected 3: $(cat err.txt)"
    [ "$(grep -c 'negative cycle' err.txt)" = 1 ] || die "slides: expected the cycle once on stderr: $(cat err.txt)"
    [ "$(ls fr | wc -l)" -ge 2 ] || die "slides: expected frames up to the cycle, got: $(ls fr)"
    if [ -n "${SLIDES_CHECK:-}" ]; then  # the stopping step has its own frame, after the one before it
      "$SLIDES_CHECK" differ --a "fr/$(ls fr | tail -2 | head -1)" --b "fr/$(ls fr | tail -1)" ||
        die "the last frame does not show the stopping step"
    fi
    ;;
  exports_heatmap_labels)
    # The figure: vertex numbers on both axes, every cell's value printed in it, the colour bar; the same bytes
    # on a second run. Without the flag the PNG stays the bare matrix (n * scale pixels square).
    flags="--gen classroom:textbook4 --advance all --overlays off --heatmap-scale 32 --quit"
    studio $flags --heatmap-png plain.png || die "studio exited $?"
    studio $flags --heatmap-png labelled.png --heatmap-labels || die "studio exited $? (labels)"
    studio $flags --heatmap-png again.png --heatmap-labels || die "studio exited $? (labels, again)"
    "$EXPORTS_CHECK" labels --labelled labelled.png --plain plain.png --scale 32 || exit 1
    cmp -s labelled.png again.png || die "two runs gave different labelled PNGs"
    # A view of tile minima has no vertex per row: refused in one line, exit 2.
    studio --gen "er:n=300,p=0.02,seed=1" --view-budget 64 --heatmap-png t.png --heatmap-labels --quit 2>err.txt
    rc=$?
    [ "$rc" = 2 ] || die "tiled view: exit status $rc, expected 2: $(cat err.txt)"
    grep -q -- "--heatmap-labels: the view shows tile minima" err.txt || die "tiled view: $(cat err.txt)"
    # A sparse solve's rows are its sources, not vertices 0..S-1: refused the same way.
    studio --gen gnm:n=16,m=40,seed=1 --backend cpu-dijkstra --sources 0:4 --heatmap-png s.png --heatmap-labels \
      --quit 2>err.txt
    rc=$?
    [ "$rc" = 2 ] && grep -q -- "--heatmap-labels: a sparse solve" err.txt || die "sparse: exit $rc: $(cat err.txt)"
    ;;
  *) die "unknown case $case_name" ;;
esac
