#!/usr/bin/env bash
# skip_summary.py on a JUnit file in ctest's layout: gtest skips by their message, scripts' exit 77 by their
# "SKIP:" line (else their last line), a skip without a reason named as such, run tests not counted as skipped.
set -uo pipefail
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
gtest_skip() {  # name, message
  printf '<testcase name="%s" status="notrun"><skipped message="SKIP_REGULAR_EXPRESSION_MATCHED"/><system-out>[ RUN      ] %s\n/src/t.cpp:19: Skipped\n%s\n\n[  SKIPPED ] %s (0 ms)\n[  SKIPPED ] 1 test, listed below:\n</system-out></testcase>\n' "$1" "$1" "$2" "$1"
}
script_skip() {  # name, output
  printf '<testcase name="%s" status="notrun"><skipped message="SKIP_RETURN_CODE=77"/><system-out>%s</system-out></testcase>\n' "$1" "$2"
}
{
  echo '<?xml version="1.0" encoding="UTF-8"?><testsuite name="(empty)" tests="8">'
  gtest_skip Cuda.A "no CUDA device"
  gtest_skip Cuda.B "no CUDA device"
  gtest_skip Cli.C ""
  script_skip studio.desktop $'checking the entry\nSKIP: desktop-file-validate not installed\ncleaning up'
  script_skip studio.egl $'built without EGL\n'
  echo '<testcase name="Engine.D" status="run"><system-out>[  PASSED  ] 1 test</system-out></testcase>'
  echo '<testcase name="Engine.E" status="fail"><failure message=""/><system-out>Skipped\n</system-out></testcase>'
  echo '<testcase name="Off" status="notrun"><skipped message="Disabled"/><system-out></system-out></testcase>'
  echo '</testsuite>'
} > "$dir/junit.xml"
expected="2 of 8 tests ran, 6 skipped:
  2 skipped: no CUDA device
  1 skipped: built without EGL
  1 skipped: desktop-file-validate not installed
  1 skipped: disabled
  1 skipped: no reason given (GTEST_SKIP() without a message)"
out=$(python3 "$(dirname "$0")/skip_summary.py" "$dir/junit.xml") || { echo "FAIL: exit $?: $out"; exit 1; }
if [ "$out" != "$expected" ]; then
  echo "FAIL: the summary differs"; diff <(echo "$expected") <(echo "$out"); exit 1
fi
echo "skip summary: ok"
