#!/usr/bin/env bash
# The headroom table in one run on a GPU machine: `apsp bench` and `apsp-studio --headless --stats-json` on the
# same configurations (cuda-tuned i32, n = 16384 B = 64 and n = 32768 B = 128, graph er:p=0.0005), the studio's
# heatmap update at a 2048 x 2048 view (now copied from the kernels' live minima), the SASS check of the phase-3
# kernels with and without the view fold, and optionally the large-n solves (n = 65536 i32 on 1 and 2 GPUs, the
# largest int16 n one GPU holds). Results under $OUT/headroom (default ./gpu-out/headroom), a summary in
# headroom.txt there.
#
# Usage: scripts/gpu-headroom.sh [build] [sass] [table] [large] [large-i16]   (default: build sass table)
#   build      configure + build apsp, apsp-studio and apsp_cuda_tests into $B (skip with a prebuilt $B)
#   sass       VIADDMNMX / other min / local memory per phase-3 instantiation (view fold on and off)
#   table      bench + studio for both configurations, then the JSON figures side by side
#   large      apsp bench at n = 65536 i32, B = 128, on 1 GPU and (when there are two) on 2 GPUs
#   large-i16  the largest int16 n that fits one GPU and the host (computed below), B = 128, one timed solve
#              (about 4-5 minutes at n ~ 200000: give it its own call)
# Environment: APSP_BUILD_DIR (default build-gpu), OUT, REPEAT (bench repeats, default 5).
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1
# shellcheck source=scripts/gpu-common.sh
source scripts/gpu-common.sh
OUT=${OUT:-$PWD/gpu-out}
H=$OUT/headroom
mkdir -p "$H"
SUMMARY=$H/headroom.txt
B=${APSP_BUILD_DIR:-build-gpu}
REPEAT=${REPEAT:-5}
stages=("$@")
[ ${#stages[@]} -eq 0 ] && stages=(build sass table)
want() { local s; for s in "${stages[@]}"; do [ "$s" = "$1" ] && return 0; done; return 1; }
log() { echo "== $(date -u +%H:%M:%S) $*" | tee -a "$SUMMARY"; }
export NCCL_NVLS_ENABLE=0 XDG_DATA_HOME=$H/data
APSP=$B/app/cli/apsp
STUDIO=$B/app/studio/apsp-studio
GPUS=$(nvidia-smi -L 2> /dev/null | grep -c '^GPU' || true)
G=er:p=0.0005,seed=1,w=1:100
status=0
log "gpu-headroom: stages ${stages[*]}; ${GPUS:-0} GPU(s)"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,memory.free,driver_version --format=csv,noheader >> "$SUMMARY" 2>&1

DEBS=${APSP_GPU_DEBS:-.gpu-debs}
# shellcheck disable=SC1091
[ -f "$DEBS/setup.sh" ] && source "$DEBS/setup.sh"

if want build; then
  apsp_gpu_cmake_args
  log "configure + build (apsp, apsp-studio, apsp_cuda_tests)"
  start=$(date +%s)
  { cmake -B "$B" -G Ninja -DCMAKE_CUDA_ARCHITECTURES=90 -DCMAKE_BUILD_TYPE=Release "${APSP_GPU_CMAKE_ARGS[@]}" &&
    ninja -C "$B" -j"$(nproc)" apsp apsp-studio apsp_cuda_tests; } > "$H/build.log" 2>&1 ||
    { log "BUILD FAILED"; tail -40 "$H/build.log"; exit 1; }
  log "built in $(( $(date +%s) - start )) s"
fi

if want sass; then
  log "SASS of the phase-3 kernels: the view fold adds mins only after the loop (its epilogue)"
  cuobjdump -sass "$B/engine/libapsp_engine.a" > "$H/sass.txt" 2>&1
  # Per instantiation: VIADDMNMX count, other mins (IMNMX/VIMNMX), local memory. The fold-off kernels must show 0
  # other mins; the fold-on ones a few dozen (the epilogue's), the same VIADDMNMX count and no local memory.
  awk '/Function :/{name=$3} /VIADDMNMX/{c[name]++} /IMNMX|VIMNMX/{m[name]++} /STL|LDL/{l[name]++}
       END{for (k in c) printf "%6d VIADDMNMX %6d other-min %4d local-mem  %s\n", c[k], m[k], l[k], k}' "$H/sass.txt" |
    c++filt | grep tuned_independent | cut -c1-220 | tee -a "$SUMMARY"
  # The k loop itself (from the backward branch that encloses the VIADDMNMX to its target; scripts/sass-k-loop.awk):
  # VIADDMNMX the only min there, no local memory. Mins before or after it (the fold's epilogue) do not count.
  awk -f scripts/sass-k-loop.awk "$H/sass.txt" | c++filt | cut -c1-200 | tee -a "$SUMMARY"
fi

if want table; then
  for cfg in 16384:64 32768:128; do
    n=${cfg%%:*} b=${cfg##*:}
    log "apsp bench cuda-tuned:$b n = $n (--repeat $REPEAT)"
    "$APSP" bench --backend cuda-tuned:$b --n "$n" --graph "$G" --repeat "$REPEAT" --warmup 1 --csv "$H/bench-$n.csv" \
      > "$H/bench-$n.txt" 2>&1 || status=1
    tee -a "$SUMMARY" < "$H/bench-$n.txt"
    log "apsp-studio run to the end, n = $n B = $b, 2048 x 2048 view (view on, then off), measure mode"
    "$STUDIO" --headless --gen "er:n=$n,p=0.0005,seed=1,w=1:100" --backend cuda-tuned --block "$b" --view-budget 2048 \
      --run-to-end --stats-view-off --measure --stats-json "$H/studio-$n.json" --log-file "$H/studio-$n.log" \
      > /dev/null 2>&1 || { log "studio rc $?"; status=1; }
  done
  log "table: bench vs studio (interactive run, device span, view updates)"
  python3 - "$H" <<'PY' | tee -a "$SUMMARY"
import csv, json, sys, os
h = sys.argv[1]
# wall: the session's last run to the end (with --stats-view-off a view-on repeat), with its own device figures;
# first: the --run-to-end run itself (the first solve of the process, after the load's warm-up).
print("| n, B | bench median | studio last run (wall) | wall / bench | first run | device span | ms_independent bench / studio | measure | view on / off | heatmap update median (reduce) |")
print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
for n in (16384, 32768):
    try:
        row = next(csv.DictReader(l for l in open(os.path.join(h, f"bench-{n}.csv")) if not l.startswith("#")))
        s = json.load(open(os.path.join(h, f"studio-{n}.json")))
    except Exception as e:
        print(f"| {n} | missing: {e} |"); continue
    bench = float(row["median_ms"]); solve = s["solve"]; last = solve.get("last_run") or {}
    wall = last.get("wall_ms") or solve.get("last_run_to_end_ms") or 0
    first = solve.get("first_run_ms") or 0
    meas = (solve.get("measure_ms") or {}).get("median")
    upd = s.get("heatmap_update", {}); tot = upd.get("total", upd)
    red = upd.get("gpu_reduce", {})
    print(f"| {n}, {row['block']} | {bench:.1f} ms | {wall:.1f} ms | {wall / bench:.3f} | {first:.1f} ms | {last.get('device_span_ms', 0):.1f} ms "
          f"| {float(row['ms_independent']):.1f} / {last.get('ms_independent', 0):.1f} | {meas} | {solve.get('on_off_ratio')} "
          f"| {tot.get('median_ms')} ({red.get('median_ms')}) ms |")
PY
fi

if want large; then
  for g in 1 2; do
    [ "$g" -gt "${GPUS:-0}" ] && { log "large: $g GPUs asked, ${GPUS:-0} visible: skipped"; continue; }
    log "apsp bench n = 65536 i32 B = 128 on $g GPU(s) (17 GB matrix; warm-up + 1 timed solve)"
    "$APSP" bench --backend cuda-tuned:128 --gpus "$g" --n 65536 --graph "$G" --repeat 1 --warmup 1 \
      --csv "$H/bench-65536-g$g.csv" > "$H/bench-65536-g$g.txt" 2>&1 || status=1
    tee -a "$SUMMARY" < "$H/bench-65536-g$g.txt"
  done
fi

if want large-i16; then
  # The largest int16 n: the device matrix (side^2 x 2 bytes, side = n padded to 256) plus 2 panel sets
  # (128 x side x (4 + 2) bytes each) within 97 % of the free GPU memory, and on the host the input matrix plus
  # the final range check's copy (int16 may leave its range at such n, so bench reads the result back: 2 x n^2 x
  # 2 bytes) within 80 % of the available memory; rounded down to a multiple of 256. Both limits are printed:
  # on a host with less memory than the GPU the host one decides.
  free_mib=$(nvidia-smi --query-gpu=memory.free --format=csv,noheader,nounits -i 0 | head -1)
  avail_kib=$(awk '/MemAvailable/ {print $2}' /proc/meminfo)
  n=$(python3 -c "
import math
gpu = $free_mib * 2**20 * 0.97
host = $avail_kib * 1024 * 0.80
g = int(math.sqrt(gpu / 2)) // 256 * 256
while g > 0 and g * g * 2 + 2 * 128 * g * 6 > gpu: g -= 256
h = int(math.sqrt(host / 4)) // 256 * 256
print(min(g, h), g, h)")
  read -r n n_gpu n_host <<< "$n"
  log "largest int16 n here: $n (GPU alone: $n_gpu with $free_mib MiB free; host: $n_host with $((avail_kib / 1024)) MiB available)"
  # er draws every pair (n <= 65536): G(n, m) with 8 edges per vertex instead, as sparse as er:p=0.0005 at 16384.
  "$APSP" bench --backend cuda-tuned:128 --dtype i16 --n "$n" --graph "gnm:m=$((8 * n)),seed=1,w=1:100" --repeat 1 --warmup 0 \
    --csv "$H/bench-i16-max.csv" > "$H/bench-i16-max.txt" 2>&1
  rc=$?
  tee -a "$SUMMARY" < "$H/bench-i16-max.txt"
  [ $rc -eq 4 ] && log "n = $n did not fit (exit 4): lower it by a few percent and call large-i16 again"
  [ $rc -eq 0 ] || status=1
fi

log "done, status $status"
exit $status
