#!/usr/bin/env bash
# On a GPU server (Ubuntu + CUDA 13, no GUI libraries; see ../shared/docs/gpu-server.md): build apsp-studio with
# CUDA, then check the GPU heatmap path headless through NVIDIA EGL — the device-side encoder against the host
# encoder, --heatmap-png of cuda-tuned (interop) against cpu-blocked pixel for pixel, and the --stats-json
# statistics at n = 16384 and 32768. Results under $OUT (default ./gpu-out).
#
# Carry .gpu-debs: ../shared/gpu/fetch-debs.sh .gpu-debs (base set and setup.sh) plus, in .gpu-debs/deps, the
# build-only packages: apt-get download libgtest-dev googletest libgmock-dev libcli11-dev nlohmann-json3-dev.
# With the x11 set (fetch-debs.sh --x11) the GLFW window also runs on a virtual display (stage window). The
# folder of packages is APSP_GPU_DEBS (default .gpu-debs); APSP_BUILD_DIR may hold prebuilt binaries.
# Usage: scripts/gpu-studio.sh [build] [checks] [stats] [window]   (default: build checks stats)
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1
# shellcheck source=scripts/gpu-common.sh
source scripts/gpu-common.sh
OUT=${OUT:-$PWD/gpu-out}
mkdir -p "$OUT"
stages=("$@")
[ ${#stages[@]} -eq 0 ] && stages=(build checks stats)
want() { local s; for s in "${stages[@]}"; do [ "$s" = "$1" ] && return 0; done; return 1; }
log() { echo "== $(date -u +%H:%M:%S) $*" | tee -a "$OUT/studio-summary.txt"; }
status=0
B=${APSP_BUILD_DIR:-build-gpu}

DEBS=${APSP_GPU_DEBS:-.gpu-debs}
[ -f "$DEBS/setup.sh" ] || { echo "no $DEBS/setup.sh: fetch the base set with ../shared/gpu/fetch-debs.sh" >&2; exit 2; }
# shellcheck disable=SC1091
source "$DEBS/setup.sh"

if want build; then
  apsp_gpu_cmake_args
  extra=("${APSP_GPU_CMAKE_ARGS[@]}")
  log "configure + build (apsp, apsp-studio, studio checks)"
  { cmake -B "$B" -G Ninja -DCMAKE_CUDA_ARCHITECTURES=90 "${extra[@]}" &&
    ninja -C "$B" -j"$(nproc)" apsp apsp-studio studio_image_check device_view_check; } > "$OUT/studio-build.log" 2>&1 ||
    { log "BUILD FAILED"; tail -30 "$OUT/studio-build.log"; exit 1; }
fi

export STUDIO=$PWD/$B/app/studio/apsp-studio APSP=$PWD/$B/app/cli/apsp CHECK=$PWD/$B/tests/studio/studio_image_check
export ASSETS=$PWD/assets/colormaps WORK=/tmp/apsp-studio-work

if want checks; then
  log "device-side view encoder vs host encoder (every variant, dtype, view size, round)"
  "$B/tests/studio/device_view_check" > "$OUT/device-view.log" 2>&1 || status=1
  tail -3 "$OUT/device-view.log" | tee -a "$OUT/studio-summary.txt"
  for t in gpu_interop_identical gpu_stats; do
    log "studio test $t (headless EGL)"
    bash tests/studio/studio_test.sh "$t" > "$OUT/$t.log" 2>&1
    rc=$?
    tail -4 "$OUT/$t.log" | tee -a "$OUT/studio-summary.txt"
    [ $rc -eq 0 ] || { log "$t rc=$rc"; status=1; }
  done
fi

if want stats; then
  log "statistics: cuda-tuned n = 16384 (block 64) and 32768 (block 128), 2048 x 2048 view"
  env -u DISPLAY "$STUDIO" --headless --gen "er:n=16384,p=0.0005,seed=1,w=1:100" --backend cuda-tuned --block 64 \
    --view-budget 2048 --run-to-end --stats-view-off --stats-json "$OUT/stats16k.json" --log-file "$OUT/log16k.txt" ||
    status=1
  timeout 120 env -u DISPLAY "$STUDIO" --headless --gen "er:n=32768,p=0.0002,seed=1,w=1:100" --backend cuda-tuned \
    --block 128 --view-budget 2048 --run-to-end --stats-json "$OUT/stats32k.json" --log-file "$OUT/log32k.txt" || status=1
  python3 - "$OUT" <<'PY' | tee -a "$OUT/studio-summary.txt"
import json, os, sys
for f in ("stats16k.json", "stats32k.json"):
    p = os.path.join(sys.argv[1], f)
    if not os.path.exists(p):
        print(f, "missing"); continue
    j = json.load(open(p)); u = j["heatmap_update"]; fr = j["frame"]; s = j["solve"]
    print(f"{f}: {j['heatmap_path']} | {j['device']} n={j['n']}")
    print(f"  frame median {fr['median_ms']:.2f} p95 {fr['p95_ms']:.2f} max {fr['max_ms']:.2f} ms (target median <= 16.7)")
    print(f"  heatmap update median {u['median_ms']:.3f} p95 {u['p95_ms']:.3f} ms (target <= 1 ms)")
    if s.get("on_off_ratio"):
        print(f"  solve view on / off = {s['on_off_ratio']:.4f} (target <= 1.05)")
PY
fi

if want window; then
  if [ -n "${DISPLAY:-}" ]; then
    log "windowed app on the virtual display (NVIDIA GLX): interop and pixel identity"
    "$STUDIO" --gen "er:n=1000,p=0.004,seed=7,w=1:1000" --backend cuda-tuned --block 64 --advance all --overlays off \
      --heatmap-png "$OUT/window-gpu.png" --screenshot "$OUT/window-shot.png" --log-file "$OUT/window.log" --quit ||
      status=1
    "$STUDIO" --gen "er:n=1000,p=0.004,seed=7,w=1:1000" --backend cpu-blocked --block 64 --advance all --overlays off \
      --heatmap-png /tmp/window-cpu.png --quit || status=1
    grep -E "GLFW|heatmap path" "$OUT/window.log" | tee -a "$OUT/studio-summary.txt"
    if cmp "$OUT/window-gpu.png" /tmp/window-cpu.png; then
      log "window: identical to the CPU image"
    else
      log "window: images differ"
      status=1
    fi
    log "windowed statistics: cuda-tuned n = 16384 (block 64), 2048 x 2048 view, played to the end"
    timeout 120 "$STUDIO" --gen "er:n=16384,p=0.0005,seed=1,w=1:100" --backend cuda-tuned --block 64 --view-budget 2048 \
      --run-to-end --stats-view-off --stats-json "$OUT/window-stats16k.json" --log-file "$OUT/window16k.log" --quit ||
      status=1
    python3 - "$OUT/window-stats16k.json" <<'PY' | tee -a "$OUT/studio-summary.txt"
import json, sys
j = json.load(open(sys.argv[1])); u = j["heatmap_update"]; fr = j["frame"]; s = j["solve"]
print(f"window: {j['heatmap_path']} | {j['platform']}")
print(f"  frame median {fr['median_ms']:.2f} p95 {fr['p95_ms']:.2f} ms; update median {u['median_ms']:.3f} ms; "
      f"view on / off {s.get('on_off_ratio') or 0:.4f}")
PY
  else
    log "window: no DISPLAY (carry the x11 set: fetch-debs.sh --x11)"; status=1
  fi
fi

log "done, status $status"
exit $status
