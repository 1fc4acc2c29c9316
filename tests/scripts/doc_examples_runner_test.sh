#!/usr/bin/env bash
# scripts/run-doc-examples on small Markdown fixtures: it runs sh blocks in order in one scratch directory with
# apsp on PATH and a private HOME, skips gpu blocks without a GPU and not-run blocks, and fails, naming
# document:line, the exit status and the output's tail, on a failing command, a command past its time limit, a
# not-run marker without a reason and a marker that is not followed by a sh block.
# Environment (set by CMake): APSP, SOURCE (the repository).
set -uo pipefail
runner="$SOURCE/scripts/run-doc-examples"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
cd "$tmp" || exit 1
run() { python3 "$runner" --apsp "$APSP" --work "$tmp/scratch" "$@" > out.txt 2>&1; }

cat > good.md <<'MD'
# A document that follows the convention

```sh
# a comment line is not a command
apsp gen --model ring --n 8 -o ring.el
test "$HOME" = "$(dirname "$PWD")/home" && test -d "$XDG_DATA_HOME"
```

Text between blocks; the next block sees the file the first wrote.

```sh
apsp solve ring.el -o d.csv -q \
  --backend cpu-naive
test -s d.csv && echo "$PWD" > where.txt
```

<!-- example: gpu -->
```sh
echo ran-the-gpu-block; false
```

<!-- example: not-run: opens a window -->
```sh
false
```

```text
false (not a sh block)
```
MD
run --gpu no good.md || fail "a good document failed: $(cat out.txt)"
grep -q "4 commands ran, 0 failed" out.txt || fail "expected 4 commands to run: $(cat out.txt)"
grep -q "skipped  good.md:18: needs a CUDA GPU" out.txt || fail "the gpu block was not skipped: $(cat out.txt)"
grep -q "not run  good.md:23: opens a window" out.txt || fail "the not-run block was not reported: $(cat out.txt)"
grep -q "blocks skipped for want of a CUDA GPU: 1; blocks marked not-run: 1" out.txt || fail "$(cat out.txt)"
grep -q "scratch/good.md/work" "$tmp/scratch/good.md/work/where.txt" || fail "commands did not run in the scratch dir"
grep -q "ok       good.md:12: apsp solve ring.el" out.txt || fail "a continued command was not one command: $(cat out.txt)"

# With a GPU the gpu block runs (and here fails, as it should).
run --gpu yes good.md && fail "the gpu block did not run with --gpu yes: $(cat out.txt)"
grep -q "good.md:19: exit status 1: echo ran-the-gpu-block; false" out.txt || fail "$(cat out.txt)"
grep -q "| ran-the-gpu-block" out.txt || fail "no output tail: $(cat out.txt)"

# A failing command: document:line, exit status, output tail; the commands after it still run.
cat > failing.md <<'MD'
```sh
echo first
apsp solve --gen ring:n=8 --block 0 -o d.csv
echo after-the-failure
```
MD
run --gpu no failing.md && fail "a failing example passed: $(cat out.txt)"
grep -q "failing.md:3: exit status 2: apsp solve --gen ring:n=8 --block 0 -o d.csv" out.txt || fail "$(cat out.txt)"
grep -q "| .*--block" out.txt || fail "the output tail is missing: $(cat out.txt)"
grep -q "ok       failing.md:4: echo after-the-failure" out.txt || fail "$(cat out.txt)"

# A command that hangs is stopped at the time limit.
printf '```sh\nsleep 60\n```\n' > hang.md
run --gpu no --timeout 1 hang.md && fail "a hanging example passed: $(cat out.txt)"
grep -q "hang.md:2: timed out after 1 s: sleep 60" out.txt || fail "$(cat out.txt)"

# Markers: not-run needs a reason; a marker must sit right above a sh block; unknown markers are refused.
printf '<!-- example: not-run -->\n```sh\ntrue\n```\n' > no_reason.md
run --gpu no no_reason.md && fail "a not-run marker without a reason passed: $(cat out.txt)"
grep -q "no_reason.md:1: <!-- example: not-run --> needs a reason" out.txt || fail "$(cat out.txt)"
printf '<!-- example: gpu -->\n\n```sh\ntrue\n```\n' > detached.md
run --gpu no detached.md && fail "a detached marker passed: $(cat out.txt)"
grep -q "detached.md:1: example marker not immediately followed by a \`\`\`sh block" out.txt || fail "$(cat out.txt)"
printf '<!-- example: sometimes -->\n```sh\ntrue\n```\n' > unknown.md
run --gpu no unknown.md && fail "an unknown marker passed: $(cat out.txt)"
grep -q "unknown.md:1: unknown example marker 'sometimes'" out.txt || fail "$(cat out.txt)"
echo "ok"
