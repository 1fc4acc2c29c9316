#!/usr/bin/env bash
# The tuning lab's figures on a GPU machine, in one run (docs/performance.md "Tuning lab"): the sweep of cuda-tuned
# over B x GPUs x dtype at n = 16384 with its charts, the studio's run to the end and its measure mode against
# `apsp bench` for the same configurations (n = 16384 B = 64, n = 32768 B = 128), and a 2-GPU timeline.
# Expects a build in $B (scripts/gpu-verify.sh build makes one). Results under $OUT (default ./gpu-out).
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1
OUT=${OUT:-$PWD/gpu-out}
B=${APSP_BUILD_DIR:-build-gpu}
mkdir -p "$OUT/lab"
L=$OUT/lab
export NCCL_NVLS_ENABLE=0 XDG_DATA_HOME=$L/data
APSP=$B/app/cli/apsp
STUDIO=$B/app/studio/apsp-studio
GPUS=$(nvidia-smi -L 2> /dev/null | grep -c '^GPU' || true)
gpus=1; [ "${GPUS:-0}" -ge 2 ] && gpus=1,2
G=er:p=0.0005,seed=1,w=1:100
echo "== sweep" | tee "$L/lab.txt"
"$APSP" bench --backend cuda-tuned --block 32,64,128 --gpus $gpus --dtype i32,i16 --n 16384 --repeat 3 --warmup 1 \
  --graph "$G" --csv "$L/sweep.csv" --chart "$L/sweep.png" --chart-csv "$L/sweep-charts.csv" 2>&1 | tee -a "$L/lab.txt"
for cfg in 16384:64 32768:128; do
  n=${cfg%%:*} b=${cfg##*:}
  echo "== bench n = $n B = $b" | tee -a "$L/lab.txt"
  "$APSP" bench --backend cuda-tuned:$b --n $n --graph "$G" --repeat 5 --warmup 1 2>&1 | tee -a "$L/lab.txt"
  echo "== studio n = $n B = $b" | tee -a "$L/lab.txt"
  "$STUDIO" --headless --gen "er:n=$n,p=0.0005,seed=1,w=1:100" --backend cuda-tuned --block $b --view-budget 2048 \
    --run-to-end --measure --stats-json "$L/studio-$n.json" --log-file "$L/studio-$n.log" > /dev/null 2>&1
  echo "studio rc $?" | tee -a "$L/lab.txt"
  python3 -c "import json,sys; s=json.load(open(sys.argv[1]))['solve']; print('first_run_ms', s.get('first_run_ms'), 'last_run_to_end_ms', s.get('last_run_to_end_ms'), 'measure', s.get('measure_ms'), 'interactive_over_measure', s.get('interactive_over_measure'))" "$L/studio-$n.json" 2>&1 | tee -a "$L/lab.txt"
done
if [ "${GPUS:-0}" -ge 2 ]; then
  echo "== 2-GPU trace" | tee -a "$L/lab.txt"
  "$APSP" solve --gen "er:n=16384,p=0.0005,seed=1,w=1:100" --backend cuda-tuned --block 128 --gpus 2 \
    --trace "$L/trace-2gpu.json" --timings-csv "$L/trace-2gpu.csv" 2>&1 | tee -a "$L/lab.txt"
fi
"$APSP" runs list 2>&1 | tail -5 | tee -a "$L/lab.txt"
