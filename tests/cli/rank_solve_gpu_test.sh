#!/usr/bin/env bash
# One process per GPU, end to end (label gpu): two `apsp solve` processes (APSP_RANK=0/1, APSP_WORLD_SIZE=2,
# a rendezvous on 127.0.0.1 and a free port) write one .bin / .npy whose SHA-256 must equal one-GPU cuda-tuned's,
# on a gnm graph and on the course graphs, i32 and i16. Exit 77 (skip) with the reason where fewer than 2 GPUs.
# Usage: rank_solve_gpu_test.sh APSP TESTDATA_DIR WORK_DIR
set -uo pipefail
APSP=$1
DATA=$2/course-hw3
WORK=$3
gpus=$("$APSP" info --device 2>/dev/null | grep -c '^GPU ')
if [ "${gpus:-0}" -lt 2 ]; then
  echo "skipped: two ranks need 2 GPUs, $("$APSP" info --device 2>&1 | head -1 | cut -c1-120) (${gpus:-0} listed)"
  exit 77
fi
rm -rf "$WORK" && mkdir -p "$WORK"
export XDG_DATA_HOME=$WORK/data-home NCCL_NVLS_ENABLE=0
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
failures=0
# check NAME OUT_EXT GRAPH_ARGS... : two ranks against one process on one GPU.
check() {
  local name=$1 ext=$2
  shift 2
  local one=$WORK/$name.one.$ext two=$WORK/$name.two.$ext port
  port=$(free_port)
  if ! timeout 300 "$APSP" solve "$@" --backend cuda-tuned --block 128 -q -o "$one" > "$WORK/$name.one.log" 2>&1; then
    echo "FAIL $name: the one-GPU solve failed: $(head -3 "$WORK/$name.one.log")"; failures=$((failures + 1)); return
  fi
  local r
  for r in 0 1; do
    APSP_RANK=$r APSP_WORLD_SIZE=2 APSP_RENDEZVOUS=127.0.0.1:$port timeout 300 \
      "$APSP" solve "$@" --backend cuda-tuned --block 128 -v -o "$two" > "$WORK/$name.rank$r.log" 2>&1 &
    eval "pid$r=\$!"
  done
  local s0=0 s1=0
  wait "$pid0" || s0=$?
  wait "$pid1" || s1=$?
  if [ "$s0" -ne 0 ] || [ "$s1" -ne 0 ]; then
    echo "FAIL $name: ranks exited $s0 / $s1: $(head -3 "$WORK/$name.rank0.log") | $(head -3 "$WORK/$name.rank1.log")"
    failures=$((failures + 1)); return
  fi
  if ! grep -q '^rank 1: read ' "$WORK/$name.rank1.log"; then
    echo "FAIL $name: rank 1 printed no phases"; failures=$((failures + 1)); return
  fi
  local a b
  a=$(sha256sum < "$one" | cut -c1-64)
  b=$(sha256sum < "$two" | cut -c1-64)
  if [ "$a" != "$b" ]; then echo "FAIL $name: SHA-256 $b (2 ranks) != $a (one GPU)"; failures=$((failures + 1)); return; fi
  if ls "$WORK"/*.ranks-* > /dev/null 2>&1; then echo "FAIL $name: a temporary was left"; failures=$((failures + 1)); return; fi
  echo "ok   $name $a"
}
for dtype in i32 i16; do
  check "gnm-$dtype" bin --gen gnm:n=1000,m=8000,seed=3,w=1:100 --dtype "$dtype"
  check "gnm-npy-$dtype" npy --gen gnm:n=777,m=5000,seed=4,w=1:9 --dtype "$dtype"
  for g in "$DATA"/*; do
    case $g in *.sha256 | *.md) continue ;; esac
    # i16 only where the distances fit (the one-GPU solve refuses the others the same way).
    if [ "$dtype" = i16 ] && ! timeout 120 "$APSP" solve "$g" --backend cuda-tuned --dtype i16 -q > /dev/null 2>&1; then
      continue
    fi
    check "$(basename "$g")-$dtype" bin "$g" --dtype "$dtype"
  done
done
# A rank given another graph is refused on both ranks, and nothing is written.
port=$(free_port)
APSP_RANK=0 APSP_WORLD_SIZE=2 timeout 120 "$APSP" solve --gen gnm:n=300,m=900,seed=1 --backend cuda-tuned \
  --rendezvous 127.0.0.1:"$port" -o "$WORK/mismatch.bin" > "$WORK/mismatch0.log" 2>&1 &
p0=$!
APSP_RANK=1 APSP_WORLD_SIZE=2 timeout 120 "$APSP" solve --gen gnm:n=300,m=900,seed=2 --backend cuda-tuned \
  --rendezvous 127.0.0.1:"$port" -o "$WORK/mismatch.bin" > "$WORK/mismatch1.log" 2>&1
s1=$?
wait "$p0"; s0=$?
if [ "$s0" -eq 0 ] || [ "$s1" -eq 0 ] || [ -e "$WORK/mismatch.bin" ] || ! grep -q 'another solve than rank 0' "$WORK/mismatch1.log"; then
  echo "FAIL mismatch: exits $s0 / $s1: $(cat "$WORK/mismatch0.log" "$WORK/mismatch1.log" | head -4)"; failures=$((failures + 1))
else
  echo "ok   mismatched ranks refused"
fi
[ "$failures" -eq 0 ] || { echo "$failures failed"; exit 1; }
echo "all ranks' outputs equal one-GPU cuda-tuned's"
