#!/usr/bin/env bash
# The sparse solvers' GPU figures in one run (docs/performance.md "Sparse solvers", docs/sparse.md "auto"): the crossover table (average
# out-degree 2, 8, 32, 128 at n = 16384: every sparse solver against cuda-tuned), the CPU constants of auto's cost
# model (cpu-blocked's rate at n = 4096 on this host), and the report's knob study of cuda-dijkstra (threads per
# block x concurrent kernels) on a graph of about a million vertices from 1024 sources, with its chart.
# Expects a build in $B (scripts/gpu-verify.sh build makes one). Results under $OUT/crossover (default ./gpu-out).
#
# Usage: scripts/gpu-crossover.sh [STAGE...]   stages: table cpu knobs (default: all)
#   CROSSOVER_FULL_SOURCES: sparse solvers timed on all sources (default: the fast ones; cuda-dijkstra and
#   cpu-dijkstra on --sources 0:$PARTIAL, their time scaled to all sources in the table and marked so).
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1
OUT=${OUT:-$PWD/gpu-out}
B=${APSP_BUILD_DIR:-build-gpu}
C=$OUT/crossover
mkdir -p "$C"
export XDG_DATA_HOME=$C/data
APSP=$B/app/cli/apsp
stages=("$@")
[ ${#stages[@]} -eq 0 ] && stages=(table cpu knobs)
want() { local s; for s in "${stages[@]}"; do [ "$s" = "$1" ] && return 0; done; return 1; }
N=16384
PARTIAL=${PARTIAL:-1024}
# Sparse solvers this build has, available here, the slow per-source ones apart.
sparse=$("$APSP" info --backends | awk '/\[sparse\]/ && $2 == "available" {print $1}')
fast=$(echo "$sparse" | grep -v -x -e cuda-dijkstra -e cpu-dijkstra | paste -sd, -)
slow=$(echo "$sparse" | grep -x -e cuda-dijkstra -e cpu-dijkstra | paste -sd, -)
echo "sparse solvers: $(echo $sparse)" | tee "$C/summary.txt"

if want table; then
  for d in 2 8 32 128; do
    m=$((N * d))
    G="gnm:m=$m,seed=1,w=1:100"
    echo "== degree $d (m = $m): cuda-tuned and ${fast:-no fast sparse solver} on all sources" | tee -a "$C/summary.txt"
    "$APSP" bench --backend "cuda-tuned:128${fast:+,$fast}" --n $N --graph "$G" --repeat 3 --warmup 1 --no-history \
      --csv "$C/table-d$d-all.csv" 2>&1 | tee -a "$C/summary.txt"
    if [ -n "$slow" ]; then
      echo "== degree $d: $slow on --sources 0:$PARTIAL" | tee -a "$C/summary.txt"
      timeout 300 "$APSP" bench --backend "$slow" --n $N --graph "$G" --sources 0:$PARTIAL --repeat 1 --warmup 0 \
        --no-history --csv "$C/table-d$d-partial.csv" 2>&1 | tee -a "$C/summary.txt"
    fi
  done
fi

if want cpu; then
  echo "== cpu-blocked's rate on this host (auto's CPU constant)" | tee -a "$C/summary.txt"
  nproc | sed 's/^/cores: /' | tee -a "$C/summary.txt"
  "$APSP" bench --backend cpu-blocked --n 4096 --block 64 --repeat 3 --warmup 1 --graph "gnm:m=32768,seed=1,w=1:100" \
    --no-history --csv "$C/cpu-blocked.csv" 2>&1 | tee -a "$C/summary.txt"
fi

if want knobs; then
  V=1048576
  G="gnm:m=$((V * 8)),seed=1,w=1:10"
  TPB=${TPB:-64,96,128,192,256,384,512,768}
  K=${K:-1,2,4,8,16,32,64}
  echo "== knob study: cuda-dijkstra on n = $V, $G, 1024 sources, tpb $TPB x K $K" | tee -a "$C/summary.txt"
  timeout ${KNOB_TIMEOUT:-480} "$APSP" bench --backend cuda-dijkstra --n $V --graph "$G" --sources 0:1024 \
    --threads-per-block "$TPB" --concurrent "$K" --repeat 1 --warmup 0 --no-history \
    --csv "$C/knobs.csv" --chart "$C/knobs.png" --chart-kind knobs 2>&1 | tee -a "$C/summary.txt"
fi
