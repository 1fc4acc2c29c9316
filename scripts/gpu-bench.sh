#!/usr/bin/env bash
# On a GPU machine (Ubuntu + CUDA 13, see ../shared/docs/gpu-server.md): build the CUDA backends, run the
# "gpu" tests, compute-sanitizer memcheck + racecheck on small graphs for every variant, check the SASS for
# VIADDMNMX, and benchmark. Everything is written under $OUT (default ./gpu-out).
#
# Usage: scripts/gpu-bench.sh [STAGE...]   stages: build tests sass sanitize bench bench-full cli (default: all)
#   Build dependencies missing on a bare server (GoogleTest, CLI11, nlohmann-json) are taken from Debian
#   packages in .gpu-debs/deps/*.deb when present (extracted under /tmp, nothing installed); course test data
#   from .gpu-debs/testdata when ../shared is not there.
set -uo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/gpu-common.sh
source scripts/gpu-common.sh
OUT=${OUT:-$PWD/gpu-out}
mkdir -p "$OUT"
stages=("$@")
[ ${#stages[@]} -eq 0 ] && stages=(build tests sass sanitize bench bench-full cli)
want() { local s; for s in "${stages[@]}"; do [ "$s" = "$1" ] && return 0; done; return 1; }
log() { echo "== $(date -u +%H:%M:%S) $*" | tee -a "$OUT/summary.txt"; }
status=0

B=build-gpu
TESTS=$B/tests/cuda/apsp_cuda_tests
BENCH=$B/tests/cuda/apsp_cuda_bench

if want build; then
  nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,memory.total,power.draw,temperature.gpu --format=csv >> "$OUT/summary.txt" 2>&1
  apsp_gpu_cmake_args
  extra=("${APSP_GPU_CMAKE_ARGS[@]}")
  log "configure + build"
  start=$(date +%s)
  { cmake -B $B -G Ninja -DCMAKE_CUDA_ARCHITECTURES=90 -DAPSP_BUILD_STUDIO=OFF "${extra[@]}" &&
    ninja -C $B -j"$(nproc)" apsp_cuda_tests apsp_cuda_bench; } > "$OUT/build.log" 2>&1 || { log "BUILD FAILED"; tail -40 "$OUT/build.log"; exit 1; }
  log "built in $(( $(date +%s) - start )) s"
fi

if want tests; then
  log "gpu tests"
  "$TESTS" --gtest_brief=1 > "$OUT/gpu-tests.log" 2>&1
  rc=$?
  grep -E "^\[  (PASSED|FAILED|SKIPPED) |tests ran" "$OUT/gpu-tests.log" | tee -a "$OUT/summary.txt"
  grep -E "FAILED|Failure|error" "$OUT/gpu-tests.log" | head -30 | tee -a "$OUT/summary.txt"
  [ $rc -eq 0 ] || { log "TESTS FAILED rc=$rc"; status=1; }
fi

if want sass; then
  log "SASS: VIADDMNMX per kernel (cuobjdump)"
  cuobjdump -sass $B/engine/libapsp_engine.a > /tmp/apsp-sass.txt 2>&1
  awk '/Function :/{name=$3} /VIADDMNMX/{c[name]++} /IMNMX|VIMNMX/{m[name]++} /STL|LDL/{l[name]++} END{for (k in c) printf "%6d VIADDMNMX %6d other-min %4d local-mem  %s\n", c[k], m[k], l[k], k}' /tmp/apsp-sass.txt |
    sort -rn | c++filt | cut -c1-200 | tee -a "$OUT/summary.txt"
  # Phase 3's k loop itself: VIADDMNMX the only min, no local memory (scripts/sass-k-loop.awk).
  awk -f scripts/sass-k-loop.awk /tmp/apsp-sass.txt | c++filt | cut -c1-200 | tee -a "$OUT/summary.txt"
fi

if want sanitize; then
  small='AllVariants/CudaStepping.EveryRoundMatchesRestrictedFloydWarshall/*:AllVariants/CudaStepping.MixedGranularities*:CudaView.*:AllVariants/CudaCourseCases.*'
  # racecheck only looks at shared memory and is slow: every kernel shape once is enough there.
  race='AllVariants/CudaStepping.EveryRoundMatchesRestrictedFloydWarshall/*:CudaView.*'
  for tool in memcheck racecheck; do
    filter=$small; [ $tool = racecheck ] && filter=$race
    log "compute-sanitizer --tool $tool (every variant, block size and dtype; small graphs)"
    timeout 300 compute-sanitizer --tool $tool --error-exitcode 99 "$TESTS" --gtest_brief=1 --gtest_filter="$filter" > "$OUT/sanitize-$tool.log" 2>&1
    rc=$?
    grep -E "ERROR SUMMARY|RACECHECK SUMMARY|^\[  (PASSED|FAILED)" "$OUT/sanitize-$tool.log" | tee -a "$OUT/summary.txt"
    [ $rc -eq 0 ] || { log "$tool rc=$rc"; status=1; }
  done
fi

clocks_start() { nvidia-smi --query-gpu=clocks.sm,power.draw,temperature.gpu --format=csv,noheader,nounits -lms 200 > /tmp/apsp-clocks.csv 2>/dev/null & CLOCKS=$!; }
clocks_stop() {
  kill "$CLOCKS" 2>/dev/null; wait "$CLOCKS" 2>/dev/null
  sort -t, -k1 -n /tmp/apsp-clocks.csv | awk -F, '$1 > 1000 {a[n++]=$1; p+=$2} END {if (n) printf "SM clock while busy (MHz): min %d median %d max %d over %d samples; mean power %.0f W\n", a[0], a[int(n/2)], a[n-1], n, p/n}' | tee -a "$OUT/summary.txt"
}

if want bench; then
  clocks_start
  log "bench i32 n=8192 (naive baseline) and n=16384"
  "$BENCH" --backend cuda-naive:64,cuda-blocked:64,cuda-tuned:32,cuda-tuned:64,cuda-tuned:128 --n 8192 --repeat 3 --csv "$OUT/bench.csv" 2>&1 | tee -a "$OUT/bench.log" | tail -7
  "$BENCH" --backend cuda-blocked:64,cuda-tuned:64,cuda-tuned:128 --n 16384 --repeat 3 --csv "$OUT/bench.csv" 2>&1 | tee -a "$OUT/bench.log" | tail -4
  "$BENCH" --backend cuda-blocked:64,cuda-tuned:64,cuda-tuned:128 --n 16384 --dtype i16 --repeat 3 --csv "$OUT/bench.csv" 2>&1 | tee -a "$OUT/bench.log" | tail -4
  log "same, cuda-tuned without look-ahead (APSP_CUDA_LOOKAHEAD=0)"
  APSP_CUDA_LOOKAHEAD=0 "$BENCH" --backend cuda-tuned:64,cuda-tuned:128 --n 16384 --dtype i32,i16 --repeat 3 2>&1 | tee -a "$OUT/bench.log" | tail -5
  clocks_stop
fi

if want bench-full; then
  clocks_start
  log "bench n=32768 i32 and i16"
  "$BENCH" --backend cuda-blocked:64,cuda-tuned:64,cuda-tuned:128 --n 32768 --repeat 2 --csv "$OUT/bench.csv" 2>&1 | tee -a "$OUT/bench.log" | tail -4
  "$BENCH" --backend cuda-blocked:64,cuda-tuned:64,cuda-tuned:128 --n 32768 --dtype i16 --repeat 2 --csv "$OUT/bench.csv" 2>&1 | tee -a "$OUT/bench.log" | tail -4
  log "n=32768, cuda-tuned without look-ahead (APSP_CUDA_LOOKAHEAD=0)"
  APSP_CUDA_LOOKAHEAD=0 "$BENCH" --backend cuda-tuned:64,cuda-tuned:128 --n 32768 --dtype i32 --repeat 2 2>&1 | tee -a "$OUT/bench.log" | tail -3
  clocks_stop
fi

if want cli; then
  if ninja -C $B -j"$(nproc)" apsp >> "$OUT/build.log" 2>&1 && [ -x $B/app/cli/apsp ]; then
    log "apsp info --device / apsp bench"
    $B/app/cli/apsp info --device > "$OUT/apsp-cli.log" 2>&1
    $B/app/cli/apsp bench --backend cuda-naive,cuda-blocked,cuda-tuned --n 8192 --block 64 --repeat 2 \
      --csv /tmp/apsp-bench0.csv >> "$OUT/apsp-cli.log" 2>&1
    $B/app/cli/apsp bench --backend cuda-blocked,cuda-tuned --n 16384,32768 --block 64 --repeat 2 \
      --csv /tmp/apsp-bench.csv >> "$OUT/apsp-cli.log" 2>&1; cat /tmp/apsp-bench.csv >> "$OUT/apsp-cli.log"; tail -30 "$OUT/apsp-cli.log"
  else
    log "apsp CLI not built (see build.log)"
  fi
fi

log "done, status $status"
exit $status
