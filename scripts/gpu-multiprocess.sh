#!/usr/bin/env bash
# One process per GPU against one process driving them all, on one GPU host: at n = N (default 65536) on
# gnm:n=N,m=8N,seed=1,w=1:100 with cuda-tuned, block 128, runs twice each
#   apsp solve ... --gpus G                                  (one process, G GPUs)
#   G x  APSP_RANK=r APSP_WORLD_SIZE=G apsp solve ...        (G processes, one GPU each, rendezvous on 127.0.0.1)
# and prints their compute times (rank 0's summary line) and the efficiency ratio (best one-process compute over
# best G-process compute; 1.0 means no loss), then writes each result once and compares its SHA-256 with one-GPU
# cuda-tuned's. Raw figures in $OUT/multiprocess.csv, logs under $OUT.
# Usage: scripts/gpu-multiprocess.sh [N [G]]
# Environment: OUT (default ./gpu-out), APSP_BUILD_DIR (default build-gpu; its app/cli/apsp), APSP_SHA (default 1;
#   0 skips the three n x n outputs, 16 GiB each at n = 65536), WORK (where those go, default $OUT/mp-work).
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1
N=${1:-65536}
G=${2:-4}
OUT=${OUT:-$PWD/gpu-out}
WORK=${WORK:-$OUT/mp-work}
APSP=${APSP_BUILD_DIR:-build-gpu}/app/cli/apsp
mkdir -p "$OUT" "$WORK"
export NCCL_NVLS_ENABLE=0 NCCL_DEBUG=${NCCL_DEBUG:-WARN} XDG_DATA_HOME=$WORK/data-home
CSV=$OUT/multiprocess.csv
SPEC="gnm:n=$N,m=$((8 * N)),seed=1,w=1:100"
COMMON=(--gen "$SPEC" --backend cuda-tuned --block 128)
[ -x "$APSP" ] || { echo "no $APSP (build first, or set APSP_BUILD_DIR)" >&2; exit 2; }
have=$("$APSP" info --device 2>/dev/null | grep -c '^GPU ')
[ "${have:-0}" -ge "$G" ] || { echo "$G GPUs asked, ${have:-0} listed" >&2; exit 2; }
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
# The compute time of a summary line ("... compute 4.83 s, ..."), in ms.
compute_ms() {
  sed -n 's/.*: compute \([0-9.]*\) \(ms\|s\|min\),.*/\1 \2/p' "$1" | tail -1 |
    awk '{ v = $1; if ($2 == "s") v *= 1000; else if ($2 == "min") v *= 60000; printf "%.1f", v }'
}
one_process() {  # LOG [ARGS...]
  local log=$1; shift
  timeout 580 "$APSP" solve "${COMMON[@]}" --gpus "$G" "$@" > "$log" 2>&1
}
ranks() {  # LOG_PREFIX [ARGS...]: G processes; rank 0's log holds the summary
  local prefix=$1; shift
  local port r status=0 pids=()
  port=$(free_port)
  for ((r = 0; r < G; r++)); do
    APSP_RANK=$r APSP_WORLD_SIZE=$G APSP_RENDEZVOUS=127.0.0.1:$port timeout 580 \
      "$APSP" solve "${COMMON[@]}" -v "$@" > "$prefix.rank$r.log" 2>&1 &
    pids+=($!)
  done
  for r in "${pids[@]}"; do wait "$r" || status=1; done
  return $status
}
echo "mode,run,n,gpus,compute_ms,wall_s" > "$CSV"
best_one="" best_ranks=""
for run in 1 2; do
  t=$(date +%s.%N)
  one_process "$OUT/mp-one-process-$run.log" || { echo "one-process run $run failed:"; tail -3 "$OUT/mp-one-process-$run.log"; exit 1; }
  wall=$(awk -v a="$t" -v b="$(date +%s.%N)" 'BEGIN { printf "%.2f", b - a }')
  ms=$(compute_ms "$OUT/mp-one-process-$run.log")
  echo "one-process,$run,$N,$G,$ms,$wall" >> "$CSV"
  echo "one process x $G GPUs, run $run: compute $ms ms (wall $wall s)"
  best_one=$(echo "$ms ${best_one:-$ms}" | awk '{ print ($1 < $2 ? $1 : $2) }')
  t=$(date +%s.%N)
  ranks "$OUT/mp-ranks-$run" || { echo "$G-rank run $run failed:"; tail -3 "$OUT/mp-ranks-$run".rank*.log; exit 1; }
  wall=$(awk -v a="$t" -v b="$(date +%s.%N)" 'BEGIN { printf "%.2f", b - a }')
  ms=$(compute_ms "$OUT/mp-ranks-$run.rank0.log")
  echo "processes,$run,$N,$G,$ms,$wall" >> "$CSV"
  echo "$G processes x 1 GPU, run $run: compute $ms ms (wall $wall s)"
  grep -h '^rank ' "$OUT/mp-ranks-$run".rank*.log | sed 's/^/  /'
  best_ranks=$(echo "$ms ${best_ranks:-$ms}" | awk '{ print ($1 < $2 ? $1 : $2) }')
done
ratio=$(echo "$best_one $best_ranks" | awk '{ printf "%.3f", $1 / $2 }')
echo "efficiency of $G processes against one process x $G GPUs (best compute): $ratio"
echo "ratio,best,$N,$G,$ratio," >> "$CSV"
if [ "${APSP_SHA:-1}" != 0 ]; then
  timeout 580 "$APSP" solve "${COMMON[@]}" -q -o "$WORK/one-gpu.bin" > "$OUT/mp-one-gpu.log" 2>&1 ||
    { echo "one-GPU solve failed"; tail -3 "$OUT/mp-one-gpu.log"; exit 1; }
  ranks "$OUT/mp-ranks-out" -o "$WORK/ranks.bin" || { echo "$G-rank solve with output failed"; exit 1; }
  a=$(sha256sum < "$WORK/one-gpu.bin" | cut -c1-64)
  b=$(sha256sum < "$WORK/ranks.bin" | cut -c1-64)
  echo "sha,one-gpu,$N,1,$a," >> "$CSV"
  echo "sha,processes,$N,$G,$b," >> "$CSV"
  rm -f "$WORK/one-gpu.bin" "$WORK/ranks.bin"
  if [ "$a" = "$b" ]; then echo "SHA-256 equal to one-GPU cuda-tuned's: $a"; else echo "SHA-256 DIFFERS: $b (ranks) vs $a (one GPU)"; exit 1; fi
fi
echo "raw figures: $CSV"
