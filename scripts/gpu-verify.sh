#!/usr/bin/env bash
# Verifies a change on a GPU machine in one command: builds everything once (engine, CLI, studio, tests), runs the
# whole `gpu` ctest label on GPU 0 alone and then on every visible GPU, the studio's GPU heatmap checks
# (scripts/gpu-studio.sh checks), and, when APSP_BASELINE names an older `apsp` binary, `apsp bench` of the old
# and the new binary alternately on the same graphs, so that "within noise of before" is measured in one run.
# Results and logs under $OUT (default ./gpu-out); a summary in $OUT/verify-summary.txt.
#
# Usage: scripts/gpu-verify.sh [build] [tests] [studio] [bench]   (default: all four)
# Environment: APSP_BASELINE (an `apsp` built from the commit to compare with), BENCH_ARGS (default:
#   --backend cuda-tuned:64,cuda-tuned:128 --n 16384 --repeat 3), APSP_GPU_DEBS (see scripts/gpu-studio.sh).
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1
# shellcheck source=scripts/gpu-common.sh
source scripts/gpu-common.sh
OUT=${OUT:-$PWD/gpu-out}
mkdir -p "$OUT"
SUMMARY=$OUT/verify-summary.txt
stages=("$@")
[ ${#stages[@]} -eq 0 ] && stages=(build tests studio bench)
want() { local s; for s in "${stages[@]}"; do [ "$s" = "$1" ] && return 0; done; return 1; }
log() { echo "== $(date -u +%H:%M:%S) $*" | tee -a "$SUMMARY"; }
status=0
B=${APSP_BUILD_DIR:-build-gpu}
export NCCL_NVLS_ENABLE=0 NCCL_DEBUG=${NCCL_DEBUG:-WARN}
GPUS=$(nvidia-smi -L 2> /dev/null | grep -c '^GPU' || true)
log "gpu-verify: stages ${stages[*]}; ${GPUS:-0} GPU(s)"
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total,driver_version --format=csv,noheader >> "$SUMMARY" 2>&1

DEBS=${APSP_GPU_DEBS:-.gpu-debs}
# shellcheck disable=SC1091
[ -f "$DEBS/setup.sh" ] && source "$DEBS/setup.sh"

if want build; then
  apsp_gpu_cmake_args
  log "configure + build everything"
  start=$(date +%s)
  { cmake -B "$B" -G Ninja -DCMAKE_CUDA_ARCHITECTURES=90 -DCMAKE_BUILD_TYPE=Release "${APSP_GPU_CMAKE_ARGS[@]}" &&
    ninja -C "$B" -j"$(nproc)"; } > "$OUT/verify-build.log" 2>&1 || { log "BUILD FAILED"; tail -40 "$OUT/verify-build.log"; exit 1; }
  log "built in $(( $(date +%s) - start )) s"
fi

# ctest's label gpu: the CUDA tests and the studio's GPU cases. $1 names the run, the rest is the environment.
gpu_label() {
  local name=$1; shift
  log "ctest -L gpu ($name)"
  (cd "$B" && env "$@" ctest -L gpu -j4 --timeout 600 --output-on-failure) > "$OUT/verify-gpu-$name.log" 2>&1
  local rc=$?
  grep -E "tests passed|tests failed|\(Failed\)|\(Timeout\)|Not Run" "$OUT/verify-gpu-$name.log" | head -20 | tee -a "$SUMMARY"
  echo "  skipped: $(grep -c 'Skipped' "$OUT/verify-gpu-$name.log")" | tee -a "$SUMMARY"
  [ $rc -eq 0 ] || { log "gpu label ($name) rc=$rc"; status=1; }
}

if want tests; then
  gpu_label one-gpu CUDA_VISIBLE_DEVICES=0
  [ "${GPUS:-0}" -ge 2 ] && gpu_label all-gpus NCCL_NVLS_ENABLE=0
fi

if want studio; then
  log "scripts/gpu-studio.sh checks"
  APSP_BUILD_DIR=$B OUT=$OUT bash scripts/gpu-studio.sh checks > "$OUT/verify-studio.log" 2>&1 || status=1
  tail -12 "$OUT/verify-studio.log" | tee -a "$SUMMARY"
fi

if want bench; then
  read -r -a args <<< "${BENCH_ARGS:---backend cuda-tuned:64,cuda-tuned:128 --n 16384 --repeat 3}"
  for round in 1 2; do
    for which in baseline new; do
      bin=$B/app/cli/apsp
      if [ $which = baseline ]; then
        [ -n "${APSP_BASELINE:-}" ] || continue
        bin=$APSP_BASELINE
      fi
      log "apsp bench ($which, pass $round): ${args[*]}"
      "$bin" bench "${args[@]}" --csv "$OUT/verify-bench-$which.csv" 2>&1 | tee -a "$OUT/verify-bench.log" | tail -4 |
        tee -a "$SUMMARY"
    done
  done
fi

log "done, status $status"
exit $status
