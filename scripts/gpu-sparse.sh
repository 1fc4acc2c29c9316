#!/usr/bin/env bash
# On a GPU machine (Ubuntu + CUDA 13, see ../shared/docs/gpu-server.md): build, test and measure the sparse
# GPU solvers, cuda-batched-bf above all (at least 3x faster than cuda-tuned on
# er:n=16384,p=0.0005, all sources, in one apsp bench run). Everything is written under $OUT (default ./gpu-out).
#
# Usage: scripts/gpu-sparse.sh [STAGE...]
#   stages: build tests sanitize target timings sweep million target-dijkstra (default: all, in this order)
#   build     apsp and apsp_cuda_tests in build-gpu
#   tests     the gpu tests of both sparse GPU solvers (CudaBatchedBf.*, CudaDijkstra.*)
#   sanitize  compute-sanitizer memcheck on the small cuda-batched-bf tests, racecheck on one (shared memory)
#   target    apsp bench: cuda-tuned and cuda-batched-bf on the target graph, all sources, one run (ratios are to
#             cuda-tuned, the first variant), then the same with huge pages for the result
#   target-dijkstra  the same run with cuda-dijkstra as the third variant (all 16384 sources one by one: minutes,
#             so last and in a stage of its own)
#   timings   where cuda-batched-bf's time goes on the target graph (solve() vs its rows, per-batch times)
#   sweep     cuda-batched-bf's knobs on the target graph: --batch x --chunk x --threads-per-block
#   million   2^20 vertices, 8 * 2^20 edges, 1024 sources: cuda-batched-bf vs cuda-dijkstra vs cpu-dijkstra
set -uo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/gpu-common.sh
source scripts/gpu-common.sh
OUT=${OUT:-$PWD/gpu-out}
mkdir -p "$OUT"
stages=("$@")
[ ${#stages[@]} -eq 0 ] && stages=(build tests sanitize target timings sweep million target-dijkstra)
want() { local s; for s in "${stages[@]}"; do [ "$s" = "$1" ] && return 0; done; return 1; }
log() { echo "== $(date -u +%H:%M:%S) $*" | tee -a "$OUT/sparse-summary.txt"; }
status=0

B=build-gpu
TESTS=$B/tests/cuda/apsp_cuda_tests
APSP=$B/app/cli/apsp
TARGET_GRAPH='er:p=0.0005,seed=1,w=1:100'  # with --n 16384: average out-degree about 8, m about 134k

if want build; then
  nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,memory.total --format=csv >> "$OUT/sparse-summary.txt" 2>&1
  apsp_gpu_cmake_args
  extra=("${APSP_GPU_CMAKE_ARGS[@]}")
  log "configure + build"
  start=$(date +%s)
  { cmake -B $B -G Ninja -DCMAKE_CUDA_ARCHITECTURES=90 -DAPSP_BUILD_STUDIO=OFF "${extra[@]}" &&
    ninja -C $B -j"$(nproc)" apsp apsp_cuda_tests; } > "$OUT/sparse-build.log" 2>&1 ||
    { log "BUILD FAILED"; tail -40 "$OUT/sparse-build.log"; exit 1; }
  log "built in $(( $(date +%s) - start )) s"
fi

if want tests; then
  log "gpu tests: CudaBatchedBf.* CudaDijkstra.*"
  "$TESTS" --gtest_brief=1 --gtest_filter='CudaBatchedBf.*:CudaDijkstra.*' > "$OUT/sparse-tests.log" 2>&1
  rc=$?
  grep -E "^\[  (PASSED|FAILED|SKIPPED) |tests ran|cuda-batched-bf er:" "$OUT/sparse-tests.log" | tee -a "$OUT/sparse-summary.txt"
  grep -E "FAILED|Failure|error" "$OUT/sparse-tests.log" | head -30 | tee -a "$OUT/sparse-summary.txt"
  [ $rc -eq 0 ] || { log "TESTS FAILED rc=$rc"; status=1; }
fi

if want sanitize; then
  small='CudaBatchedBf.EqualsCpuBlockedOnEveryRowOfSmallGraphs:CudaBatchedBf.ManyZeroWeightsAndLongPaths:CudaBatchedBf.ReportsOneSamplePerBatch:CudaBatchedBf.DistancesBeyondInt32AreARangeError:CudaBatchedBf.StopsWhenAskedAndSolvesAgainAfterwards'
  for tool in memcheck racecheck; do
    filter=$small; [ $tool = racecheck ] && filter=CudaBatchedBf.ReportsOneSamplePerBatch
    log "compute-sanitizer --tool $tool ($filter)"
    timeout 500 compute-sanitizer --tool $tool --error-exitcode 99 "$TESTS" --gtest_brief=1 --gtest_filter="$filter" \
      > "$OUT/sparse-sanitize-$tool.log" 2>&1
    rc=$?
    grep -E "ERROR SUMMARY|RACECHECK SUMMARY|^\[  (PASSED|FAILED)" "$OUT/sparse-sanitize-$tool.log" | tee -a "$OUT/sparse-summary.txt"
    [ $rc -eq 0 ] || { log "$tool rc=$rc"; status=1; }
  done
fi

if want target; then
  log "target: apsp bench cuda-tuned, cuda-batched-bf; n=16384, $TARGET_GRAPH, all sources"
  timeout 300 "$APSP" bench --backend cuda-tuned,cuda-batched-bf --n 16384 --block 64 \
    --graph "$TARGET_GRAPH" --sources all --warmup 1 --repeat 3 --csv "$OUT/sparse-target.csv" 2>&1 |
    tee "$OUT/sparse-target.log" | tee -a "$OUT/sparse-summary.txt"
  [ "${PIPESTATUS[0]}" -eq 0 ] || { log "target bench rc=${PIPESTATUS[0]} (124: timed out)"; status=1; }
  # A sparse row times the whole solve(), the host's serial allocation and fill of the 1 GiB result included;
  # glibc's hugetlb tunable (glibc >= 2.35) backs it with transparent huge pages: 512 page faults instead of 262144.
  log "target, the sparse solver only, with GLIBC_TUNABLES=glibc.malloc.hugetlb=1 (huge pages for the result)"
  GLIBC_TUNABLES=glibc.malloc.hugetlb=1 timeout 300 "$APSP" bench --backend cuda-tuned,cuda-batched-bf --n 16384 \
    --block 64 --graph "$TARGET_GRAPH" --sources all --warmup 1 --repeat 3 2>&1 | tee -a "$OUT/sparse-target.log" |
    tee -a "$OUT/sparse-summary.txt"
fi

if want timings; then
  log "timings: cuda-batched-bf on the target graph (solve() vs solve_rows, per batch)"
  for tunables in "" glibc.malloc.hugetlb=1; do
    echo "GLIBC_TUNABLES=$tunables" | tee -a "$OUT/sparse-summary.txt"
    GLIBC_TUNABLES=$tunables "$TESTS" --gtest_filter='CudaBatchedBf.TargetGraphAllSourcesTimings' 2>&1 |
      grep -E "cuda-batched-bf er:|OK|FAILED" | tee -a "$OUT/sparse-summary.txt"
  done
fi

if want sweep; then
  log "sweep: cuda-batched-bf --batch x --chunk x --threads-per-block on the target graph (S 0 = automatic)"
  timeout 550 "$APSP" bench --backend cuda-batched-bf --n 16384 --graph "$TARGET_GRAPH" --sources all \
    --batch 0,256,512,1024,2048,4096 --chunk 32,64,128 --threads-per-block 128,256 --warmup 1 --repeat 3 2>&1 |
    tee "$OUT/sparse-sweep.log" | tee -a "$OUT/sparse-summary.txt"
fi

if want million; then
  log "million: gnm n=2^20, m=2^23, 1024 sources"
  timeout 550 "$APSP" bench --backend cuda-batched-bf,cuda-dijkstra,cpu-dijkstra --n 1048576 \
    --graph 'gnm:m=8388608,seed=3,w=1:20' --sources 0:1024 --batch 0,512 --warmup 1 --repeat 2 2>&1 |
    tee "$OUT/sparse-million.log" | tee -a "$OUT/sparse-summary.txt"
fi

if want target-dijkstra; then
  log "target-dijkstra: apsp bench cuda-tuned, cuda-batched-bf, cuda-dijkstra in one run; n=16384, all sources"
  # cuda-dijkstra last: rows are printed as they finish, so a timeout still leaves the first two.
  timeout 580 "$APSP" bench --backend cuda-tuned,cuda-batched-bf,cuda-dijkstra --n 16384 --block 64 \
    --graph "$TARGET_GRAPH" --sources all --warmup 1 --repeat 2 2>&1 |
    tee "$OUT/sparse-target-dijkstra.log" | tee -a "$OUT/sparse-summary.txt"
  [ "${PIPESTATUS[0]}" -eq 0 ] || { log "target-dijkstra bench rc=${PIPESTATUS[0]} (124: timed out)"; status=1; }
fi

log "done, status $status"
exit $status
