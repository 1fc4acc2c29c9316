#!/usr/bin/env bash
# Multi-GPU cuda-tuned on a GPU machine (Ubuntu + CUDA 13 + NCCL, see ../shared/docs/gpu-server.md): build,
# run the multi-GPU tests (both communication paths), and the strong-scaling benchmark
#   apsp bench --backend cuda-tuned:B --gpus 1,2,4 --n 32768,49152 --repeat 2      (B = 128 and 64)
# with the parallel efficiency t(1) / (g * t(g)) per row. Everything goes under $OUT (default ./gpu-out),
# with a short summary at the end of $OUT/multi-summary.txt.
#
# Usage: scripts/gpu-multi.sh [STAGE...]
#   stages: build tests bench128 bench64 (the default, in this order), and optionally
#           memcheck   compute-sanitizer memcheck on the peer-copy and emulated setups (small graphs)
#           bench-peer n = 32768, B = 128 over the peer-copy path (APSP_MULTI_GPU_COMM=peer)
#           bench-nola n = 32768, B = 128 without look-ahead (APSP_CUDA_LOOKAHEAD=0)
#   Each stage should fit a 10-minute command on an H200 host, not all of them together: under such a limit
#   run  scripts/gpu-multi.sh build tests,  then  scripts/gpu-multi.sh bench128,  then  ... bench64
#   (the build directory and $OUT/multi-summary.txt carry over). GPU counts above the visible ones are
#   dropped from --gpus.
# Environment: OUT, APSP_BUILD_DIR (default build-gpu; a folder of prebuilt binaries in the same layout works
#   without the build stage), APSP_GPU_COUNTS (default "1,2,4" filtered),
#   APSP_SIZES (default "32768,49152"), TEST_TIMEOUT (s for the multi-GPU tests, default 420; the single-GPU
#   cuda-tuned subset gets 180), BENCH_TIMEOUT (s per bench run, default 540), NCCL_DEBUG (default WARN).
#   NCCL_NVLS_ENABLE is forced to 0 (no NVLink multicast).
# Build dependencies missing on a bare server (GoogleTest, CLI11, nlohmann-json) come from
# .gpu-debs/deps/*.deb when present (extracted under /tmp, nothing installed), as in scripts/gpu-bench.sh.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1
# shellcheck source=scripts/gpu-common.sh
source scripts/gpu-common.sh
OUT=${OUT:-$PWD/gpu-out}
mkdir -p "$OUT"
SUMMARY=$OUT/multi-summary.txt
stages=("$@")
[ ${#stages[@]} -eq 0 ] && stages=(build tests bench128 bench64)
for s in "${stages[@]}"; do
  case $s in build | tests | memcheck | bench128 | bench64 | bench-peer | bench-nola) ;;
    *) echo "unknown stage '$s' (build tests memcheck bench128 bench64 bench-peer bench-nola)" >&2; exit 2 ;;
  esac
done
want() { local s; for s in "${stages[@]}"; do [ "$s" = "$1" ] && return 0; done; return 1; }
log() { echo "== $(date -u +%H:%M:%S) $*" | tee -a "$SUMMARY"; }
status=0

B=${APSP_BUILD_DIR:-build-gpu}
TESTS=$B/tests/cuda/apsp_cuda_tests
ENGINE_TESTS=$B/tests/engine/apsp_engine_tests
CLI=$B/app/cli/apsp
export NCCL_DEBUG=${NCCL_DEBUG:-WARN}
export NCCL_NVLS_ENABLE=0
TEST_TIMEOUT=${TEST_TIMEOUT:-420}
BENCH_TIMEOUT=${BENCH_TIMEOUT:-540}

GPUS=$(nvidia-smi -L 2> /dev/null | grep -c '^GPU' || true)
GPUS=${GPUS:-0}
# --gpus list: the requested counts that this machine has.
gpu_counts() {
  local want_counts=${APSP_GPU_COUNTS:-1,2,4} out="" g
  for g in ${want_counts//,/ }; do [ "$g" -le "$GPUS" ] && out="${out:+$out,}$g"; done
  echo "${out:-1}"
}

log "gpu-multi: stages ${stages[*]}; $GPUS GPU(s) visible; build dir $B; out $OUT"

{
  nvidia-smi --query-gpu=index,name,clocks.sm,clocks.max.sm,memory.total,power.draw --format=csv
  nvidia-smi topo -m
  ls /usr/include/nccl.h /usr/local/cuda/include/nccl.h 2> /dev/null
} > "$OUT/multi-machine.txt" 2>&1
head -6 "$OUT/multi-machine.txt" | tee -a "$SUMMARY"

if want build; then
  apsp_gpu_cmake_args
  extra=("${APSP_GPU_CMAKE_ARGS[@]}")
  log "configure + build (apsp_cuda_tests apsp_engine_tests apsp)"
  start=$(date +%s)
  { cmake -B "$B" -G Ninja -DCMAKE_CUDA_ARCHITECTURES=90 -DAPSP_BUILD_STUDIO=OFF "${extra[@]}" &&
    ninja -C "$B" -j"$(nproc)" apsp_cuda_tests apsp_engine_tests apsp; } > "$OUT/multi-build.log" 2>&1 ||
    { log "BUILD FAILED (tail of $OUT/multi-build.log)"; tail -40 "$OUT/multi-build.log" | tee -a "$SUMMARY"; exit 1; }
  grep -E "APSP_WITH_NCCL|NCCL" "$B/CMakeCache.txt" | grep -i "nccl_lib" | tee -a "$SUMMARY"
  log "built in $(($(date +%s) - start)) s"
fi

# Runs a gtest binary with a filter under a timeout; appends the verdict lines to the summary.
run_gtest() {
  local name=$1 bin=$2 filter=$3 limit=$4
  shift 4
  log "$name: $bin --gtest_filter='$filter'"
  timeout "$limit" "$@" "$bin" --gtest_brief=1 --gtest_filter="$filter" > "$OUT/$name.log" 2>&1
  local rc=$?
  grep -E "^\[  (PASSED|FAILED|SKIPPED) *\] [0-9]+ tests?|^\[  FAILED  \] [A-Za-z]|tests? ran|ERROR SUMMARY" "$OUT/$name.log" |
    head -40 | tee -a "$SUMMARY"
  grep -E "Failure|error:|NCCL WARN|what\(\)" "$OUT/$name.log" | head -20 | tee -a "$SUMMARY"
  if [ $rc -eq 124 ]; then log "$name TIMED OUT after $limit s (a hang: see $OUT/$name.log)"; status=1;
  elif [ $rc -ne 0 ]; then log "$name FAILED rc=$rc"; status=1; fi
  return 0
}

if want tests; then
  [ -x "$TESTS" ] || { log "no $TESTS: run the build stage first"; exit 1; }
  run_gtest multi-band-split "$ENGINE_TESTS" 'BandSplit.*' 60
  # Every multi-GPU setup this machine has (2 / 4 GPUs x NCCL / peer, and 3 bands emulated on GPU 0), then
  # the single-GPU cuda-tuned tests once, since the factory now dispatches on --gpus.
  run_gtest multi-gpu-tests "$TESTS" '*MultiGpu*' "$TEST_TIMEOUT"
  run_gtest multi-single-tuned "$TESTS" '*cuda_tuned*:CudaView.*:CudaSolver.*' 180
fi

if want memcheck; then
  # NCCL's own kernels are not for the sanitizer; the peer path and the emulated bands run every solver
  # kernel on bands (shifted views included).
  run_gtest multi-memcheck "$TESTS" \
    'Setups/MultiGpu.EveryRoundEqualsSingleGpu/*peer:Setups/MultiGpu.ViewTilesAndValuesEqualSingleGpuAtEveryRound/*peer:Setups/MultiGpu.MixedGranularitiesReachTheFinalResult/*peer' \
    "$TEST_TIMEOUT" compute-sanitizer --tool memcheck --error-exitcode 99
fi

clocks_start() {
  nvidia-smi --query-gpu=index,clocks.sm,power.draw --format=csv,noheader,nounits -lms 500 > /tmp/apsp-multi-clocks.csv 2> /dev/null &
  CLOCKS=$!
}
clocks_stop() {
  kill "$CLOCKS" 2> /dev/null
  wait "$CLOCKS" 2> /dev/null
  awk -F, '$2 > 1000 {n[$1]++; c[$1]+=$2; p[$1]+=$3} END {for (g in n) printf "GPU %d busy: mean SM clock %.0f MHz, mean power %.0f W over %d samples\n", g, c[g]/n[g], p[g]/n[g], n[g]}' \
    /tmp/apsp-multi-clocks.csv | sort | tee -a "$SUMMARY"
}

# Strong scaling: one apsp bench run; prints efficiency = t(1 GPU) / (g * t(g)) per (n, B).
bench() {
  local tag=$1 block=$2 sizes=$3
  shift 3
  [ -x "$CLI" ] || { log "no $CLI: run the build stage first"; exit 1; }
  local counts csv=$OUT/scaling-$tag.csv
  counts=$(gpu_counts)
  log "bench $tag: $* $CLI bench --backend cuda-tuned:$block --block $block --gpus $counts --n $sizes --repeat 2"
  clocks_start
  env "$@" timeout "$BENCH_TIMEOUT" "$CLI" bench --backend "cuda-tuned:$block" --block "$block" --gpus "$counts" \
    --n "$sizes" --repeat 2 --csv "$csv" > "$OUT/bench-$tag.log" 2>&1
  local rc=$?
  clocks_stop
  tee -a "$SUMMARY" < "$OUT/bench-$tag.log"
  if [ $rc -ne 0 ]; then log "bench $tag FAILED rc=$rc"; status=1; return 0; fi
  # CSV: "# key: value" context lines, then the header and columns backend,gpus,n,block,dtype,median_ms,...
  printf "%-8s %5s %6s %12s %10s %10s\n" n B gpus "median ms" speed-up efficiency | tee -a "$SUMMARY"
  awk -F, '/^#/ {next} !header {header = 1; next} {t[$3 "," $2] = $6; if ($2 == 1) one[$3] = $6; ns[$3] = 1; gs[$2] = 1}
    END {
      for (n in ns) for (g in gs) if ((n "," g) in t) {
        s = (n in one) ? one[n] / t[n "," g] : 0
        printf "%-8s %5s %6s %12.1f %10.2f %9.1f%%\n", n, B, g, t[n "," g], s, (n in one) ? 100 * s / g : 0
      }
    }' B="$block" "$csv" | sort -k1,1n -k3,3n | tee -a "$SUMMARY"
}

SIZES=${APSP_SIZES:-32768,49152}
if want bench128; then bench b128 128 "$SIZES"; fi
if want bench64; then bench b64 64 "$SIZES"; fi
if want bench-peer; then bench b128-peer 128 32768 APSP_MULTI_GPU_COMM=peer; fi
if want bench-nola; then bench b128-nolookahead 128 32768 APSP_CUDA_LOOKAHEAD=0; fi

log "done, status $status"
exit $status
