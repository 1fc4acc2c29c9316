#!/usr/bin/env bash
# scripts/sass-k-loop.awk on hand-written SASS in cuobjdump's layout: the k loop is found by its backward branch,
# a min inside it is reported, mins and local memory before or after it are not. Fails with a message on any
# mismatch.
set -euo pipefail
awk_file="$(dirname "$0")/../../scripts/sass-k-loop.awk"
sass=$(mktemp)
trap 'rm -f "$sass"' EXIT
line() { printf '        /*%04x*/                   %s ;   /* 0x0000000000000000 */\n' "$1" "$2"; }
{
  echo "        Function : _ZN4apsp4cuda24tuned_independent_kernelILb0EEEv"
  line 0x0000 "STL [R1], R2"
  line 0x0010 "VIADDMNMX R3, R4, R5, R3, PT"   # before the loop: not in it
  line 0x0020 "LDS.128 R8, [R2]"
  line 0x0030 "VIADDMNMX R10, R8, R9, R10, PT"
  line 0x0040 "VIADDMNMX R11, R8, R9, R11, PT"
  line 0x0050 "@P0 BRA 0x20"
  line 0x0060 "LDL R2, [R1]"
  line 0x0070 "VIMNMX R12, R10, R11, PT"         # the epilogue's fold
  line 0x0080 "VIADDMNMX R13, R3, -R4, 0x4, PT"  # index arithmetic after the loop
  line 0x0090 "EXIT"
  echo "        Function : _ZN4apsp4cuda24tuned_independent_kernelILb1EEEv"
  line 0x0000 "VIADDMNMX R10, R8, R9, R10, PT"
  line 0x0010 "IMNMX R12, R10, R11, PT"          # a stray min inside the loop
  line 0x0020 "LDL R2, [R1+0x4]"
  line 0x0030 "VIADDMNMX R11, R8, R9, R11, PT"
  line 0x0040 "@!P1 BRA 0x0"
  line 0x0050 "EXIT"
  echo "        Function : _ZN4apsp4cuda24tuned_independent_kernelILb2EEEv"
  line 0x0000 "VIADDMNMX R10, R8, R9, R10, PT"   # straight-line code: no loop to check
  line 0x0010 "EXIT"
  echo "        Function : _ZN4apsp4cuda13other_kernelEv"
  line 0x0000 "IMNMX R1, R2, R3, PT"
  line 0x0010 "BRA 0x0"
} > "$sass"
out=$(awk -f "$awk_file" "$sass")
echo "$out"
expect() { grep -qF -- "$1" <<< "$out" || { echo "FAIL: expected a line with: $1"; exit 1; }; }
expect "k loop 0x20..0x50: 2 VIADDMNMX (of 4), 0 other mins, 0 local-memory  _ZN4apsp4cuda24tuned_independent_kernelILb0EEEv"
expect "k loop 0x0..0x40: 2 VIADDMNMX (of 2), 1 other mins, 1 local-memory  _ZN4apsp4cuda24tuned_independent_kernelILb1EEEv"
expect "k loop not found (no backward branch around a VIADDMNMX)  _ZN4apsp4cuda24tuned_independent_kernelILb2EEEv"
[ "$(wc -l <<< "$out")" -eq 3 ] || { echo "FAIL: only tuned_independent_kernel functions are reported"; exit 1; }
echo "ok"
