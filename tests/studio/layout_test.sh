#!/usr/bin/env bash
# The studio's layout and type at a projector's sizes, read back from --stats-json "layout": type sizes, the
# heatmap's cell side and the type of its numbers, each window's place, type and whether its contents fit.
# One case per call. Environment (set by CMake): STUDIO, CHECK (studio_image_check), WORK (scratch), HAVE_EGL.
set -uo pipefail
source "$(dirname "$0")/case_env.sh"  # case_name, work (the current directory), HOME/XDG inside it, xvfb, die
here=$(cd "$(dirname "$0")" && pwd)
# Offscreen through EGL where built with it (fast, any size); else a window on a virtual screen larger than
# every size tried.
studio() {
  if [ -n "${HAVE_EGL:-}" ]; then "$STUDIO" --headless --no-history "$@"
  else xvfb -s "-screen 0 2000x1200x24" "$STUDIO" --no-history "$@" --quit; fi
}

# The rules, on one stats file: ARGS size scale mode n.
check() {
  python3 - "$@" <<'PY'
import json, sys
path, size, scale, mode, n = sys.argv[1], sys.argv[2], float(sys.argv[3]), sys.argv[4], int(sys.argv[5])
w, h = (int(v) for v in size.split("x"))
l = json.load(open(path))["layout"]
where = f"{size} scale {scale} {mode} n={n}"
def fail(msg):
    print(f"FAIL ({where}): {msg}\n{json.dumps(l, indent=1)}"); sys.exit(1)
wins = {x["name"]: x for x in l["windows"]}
for x in l["windows"]:
    if x["clipped"]: fail(f"{x['name']}: contents past its edges")
    if x["x"] < -0.5 or x["y"] < -0.5 or x["x"] + x["w"] > w + 0.5 or x["y"] + x["h"] > h + 0.5:
        fail(f"{x['name']} outside the display")
if "Distance matrix" not in wins: fail("no heatmap window")
if l["presentation"] != (mode == "presentation"): fail("wrong mode")
def lines(px, k): return px * (2.4 + 1.35 * k)  # ui/layout.cpp panel_height_for_lines
if mode == "presentation":
    # The back row: 20 px type at 720 p whatever the UI scale; every panel shown in it.
    if l["text_px"] < 20: fail(f"type {l['text_px']} px")
    for x in l["windows"]:
        if x["font_px"] < 20: fail(f"{x['name']} in {x['font_px']} px type")
    if "Per round" in wins or "Log" in wins: fail("side panels in presentation")
    for name in ("Graph", "Pseudocode"):
        if name not in wins: fail(f"no {name} window")
    if wins["Graph"]["h"] < lines(l["text_px"], 11) - 1: fail("graph view below its lines")
    if n <= 16:
        if l["cell_px"] < 32: fail(f"cells of {l['cell_px']:.1f} px")
        if not l["numbers_drawn"] or l["cell_number_px"] < 16: fail(f"numbers {l['cell_number_px']} px")
else:
    px = l["text_px"]
    if px < 16.5 * scale: fail(f"type {px} px at scale {scale}")
    # Normal mode shares the window with the side panels: 32 px cells with numbers up to n = 8, and numbers up
    # to n = 16 on a window of 1280 x 720 UI units (a 640 x 360 one, 720 p at scale 2, only keeps everything
    # unclipped: presentation mode is for that).
    if w / scale < 700: pass
    elif n <= 8 and (l["cell_px"] < 32 or not l["numbers_drawn"]): fail(f"cells {l['cell_px']:.1f} px, numbers {l['numbers_drawn']}")
    elif w / scale >= 1280 and not l["numbers_drawn"]: fail(f"no numbers in {l['cell_px']:.1f} px cells")
    # A window that holds three columns: the teaching layout with every panel usable (the plots give way).
    if w / scale >= 1280:
        if "Per round" in wins: fail("plots beside a classroom graph")
        if wins.get("Graph", {}).get("h", 0) < lines(px, 11) - 1: fail("the graph view below its lines")
        if wins.get("Pseudocode", {}).get("h", 0) < lines(px, 10) - 1: fail("the pseudocode below its listing")
print(f"ok {where}: type {l['text_px']} px, cells {l['cell_px']:.1f} px, numbers {l['cell_number_px']} px")
PY
}

case "$case_name" in
  layout_projector)
    # 720 p and 1080 p, UI scale 1, 1.5 and 2, normal and presentation, n = 8 and 16 (the classroom sizes).
    for size in 1280x720 1920x1080; do
      for scale in 1 1.5 2; do
        for mode in normal presentation; do
          flags=""; [ "$mode" = presentation ] && flags="--presentation"
          studio --gen classroom:cities8 --block 2 --advance 1 --advance-phases 2 --select 5:2 --size "$size" \
            --scale "$scale" $flags --stats-json s8.json || die "studio exited $? ($size $scale $mode)"
          check s8.json "$size" "$scale" "$mode" 8 || exit 1
          studio --gen "er:n=16,p=0.2,seed=2,w=1:30" --block 4 --advance 1 --select 5:2 --size "$size" \
            --scale "$scale" $flags --stats-json s16.json || die "studio exited $? ($size $scale $mode)"
          check s16.json "$size" "$scale" "$mode" 16 || exit 1
        done
      done
    done
    ;;
  layout_fit)
    # Nothing past a fixed window's edges (the Fit button, the INF legend, the plots and their legends) with a
    # graph too large for the graph view, windows inside the display; presentation hides the side panels.
    for setup in "1920x1080 2" "1280x720 1" "1024x768 1"; do
      set -- $setup
      for mode in normal presentation; do
        flags=""; expect="Distance matrix,Per round"; absent=""
        if [ "$mode" = presentation ]; then flags="--presentation"; expect="Distance matrix"; absent="Per round"; fi
        studio --gen "er:n=120,p=0.05,seed=1,w=1:99" --block 32 --advance 1 --size "$1" --scale "$2" $flags \
          --stats-json s.json || die "studio exited $? ($setup $mode)"
        "$CHECK" layout --json s.json --expect "$expect" ${absent:+--absent "$absent"} || die "clipped at $setup, $mode"
        # cities8: vertex numbers on the axes and numbers in the cells, the most crowded heatmap panel.
        studio --gen classroom:cities8 --block 4 --advance 1 --size "$1" --scale "$2" $flags --stats-json c.json ||
          die "studio exited $? ($setup $mode)"
        "$CHECK" layout --json c.json --expect "Distance matrix" || die "clipped at $setup, $mode (cities8)"
      done
    done
    ;;
  layout_font_scale)
    # --font-scale multiplies the type: 30 px presentation type at 720 p, 25.5 px in normal mode.
    studio --gen classroom:cities8 --size 1280x720 --presentation --font-scale 1.5 --stats-json p.json ||
      die "studio exited $?"
    python3 -c "import json,sys; l=json.load(open('p.json'))['layout']; sys.exit(0 if l['text_px'] == 30 and l['font_scale'] == 1.5 else 1)" ||
      die "presentation type with --font-scale 1.5: $(cat p.json)"
    studio --gen classroom:cities8 --size 1280x720 --font-scale 1.5 --stats-json n.json || die "studio exited $?"
    python3 -c "import json,sys; l=json.load(open('n.json'))['layout']; sys.exit(0 if l['text_px'] == 26 else 1)" ||
      die "normal type with --font-scale 1.5: $(cat n.json)"
    "$STUDIO" --headless --no-history --gen classroom:cities8 --font-scale 0.1 2> err.txt
    rc=$?
    [ "$rc" = 2 ] || die "--font-scale 0.1 exited $rc, expected 2"
    grep -q -- "--font-scale" err.txt || die "the message does not name --font-scale: $(cat err.txt)"
    ;;
  *)
    die "unknown case $case_name"
    ;;
esac
