#!/usr/bin/env bash
# The ladder's GPU figures in one run (docs/performance.md, "The optimization ladder" and "Hardware counters"): the ladder table at
# n = 8192 and 16384 (i32 and i16), the counter table of cuda-blocked and cuda-tuned phases at n = 16384 beside the
# modeled bytes with its roofline PNG, and cuda-simple's DRAM bytes at n = 4096 against its byte model.
# Expects a build in $B with CUPTI (scripts/gpu-verify.sh build makes one). Results under $OUT/ladder.
#
# Usage: scripts/gpu-ladder.sh [STAGE...]   stages: ladder counters (default: both)
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1
OUT=${OUT:-$PWD/gpu-out}
B=${APSP_BUILD_DIR:-build-gpu}
L=$OUT/ladder
mkdir -p "$L"
export XDG_DATA_HOME=$L/data
APSP=$B/app/cli/apsp
stages=("$@")
[ ${#stages[@]} -eq 0 ] && stages=(ladder counters)
want() { local s; for s in "${stages[@]}"; do [ "$s" = "$1" ] && return 0; done; return 1; }
G=er:p=0.0005,seed=1,w=1:100

if want ladder; then
  for n in 8192 16384; do
    for d in i32 i16; do
      # One timed run after one warm-up at 16384: cuda-simple alone streams tens of TB there.
      reps=3; [ $n = 16384 ] && reps=1
      echo "== ladder n = $n $d" | tee -a "$L/summary.txt"
      "$APSP" bench --ladder --n $n --block 64 --dtype $d --graph "$G" --repeat $reps --warmup 1 --no-history \
        --csv "$L/ladder-$n-$d.csv" --chart "$L/ladder-$n-$d.png" 2>&1 | tee -a "$L/summary.txt"
    done
  done
  echo "== cuda-blocked phase 2: split against one CTA (n = 16384, B = 64)" | tee -a "$L/summary.txt"
  for p in split one-cta; do
    "$APSP" bench --backend cuda-blocked --n 16384 --block 64 --phase2 $p --graph "$G" --repeat 3 --warmup 1 \
      --no-history 2>&1 | tail -3 | tee -a "$L/summary.txt"
  done
fi

if want counters; then
  echo "== counters: cuda-simple and cuda-naive at n = 4096 (their byte models)" | tee -a "$L/summary.txt"
  "$APSP" profile --gen "er:n=4096,p=0.05,seed=1" --backend cuda-simple,cuda-naive --rounds 1 \
    --csv "$L/counters-4096.csv" 2>&1 | tee -a "$L/summary.txt"
  echo "== counters: cuda-blocked and cuda-tuned at n = 16384, every 64th round" | tee -a "$L/summary.txt"
  "$APSP" profile --gen "er:n=16384,p=0.0005,seed=1,w=1:100" --backend cuda-blocked,cuda-tuned --block 64 \
    --rounds every:64 --csv "$L/counters-16384.csv" --roofline "$L/roofline.png" 2>&1 | tee -a "$L/summary.txt"
fi
