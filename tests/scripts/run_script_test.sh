#!/usr/bin/env bash
# scripts/run in a copy of the scripts with stand-ins for scripts/setup, cmake, nvidia-smi and the two
# programs (a real ninja runs a tiny fake build.ninja): without a GPU it configures with CUDA off and no
# architecture; with one, AUTO and `native`; it builds only apsp and apsp-studio, says how many steps are
# left and about how long they take (and "up to date" on the second run); without a display it writes the
# demo under build/demo and says where, leaving nothing else in the work tree; with a display it opens the
# window (no --quit). Fails with a message on any mismatch.
set -euo pipefail
src="$(cd "$(dirname "$0")/../.." && pwd)"
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

mkdir -p "$t/repo/scripts" "$t/bin"
cp "$src/scripts/run" "$src/scripts/build-estimate" "$t/repo/scripts/"
printf '#!/bin/sh\nexit 0\n' > "$t/repo/scripts/setup"
chmod +x "$t/repo/scripts/setup"
printf '#!/bin/sh\necho 2\n' > "$t/bin/nproc"

# cmake: the configure writes a small Ninja manifest (two programs from two objects, and the regeneration edge
# CMake always adds); the build runs ninja on it and puts stand-ins for the programs in place.
cat > "$t/bin/cmake" <<'EOF'
#!/usr/bin/env bash
echo "cmake $*" >> "$STUB_LOG"
if [ "$1" = --build ]; then
  ninja -C build apsp apsp-studio >/dev/null || exit 1
  mkdir -p build/app/studio build/app/cli
  cp "$STUB_STUDIO" build/app/studio/apsp-studio
  printf '#!/bin/sh\n' > build/app/cli/apsp
  chmod +x build/app/studio/apsp-studio build/app/cli/apsp
  exit 0
fi
mkdir -p build
[ -f build/build.ninja ] && exit 0
cat > build/build.ninja <<'NINJA'
rule touch
  command = touch $out
rule VERIFY_GLOBS
  command = [ -f $out ] || touch $out
  restat = 1
rule RERUN_CMAKE
  command = touch build.ninja
  generator = 1
build always: phony
build verify_globs: VERIFY_GLOBS | always
build engine.o: touch
build cli.o: touch
build studio.o: touch
build tests.o: touch
build apsp: phony cli.o engine.o
build apsp-studio: phony studio.o engine.o
build all_tests: phony tests.o
build build.ninja: RERUN_CMAKE verify_globs
  pool = console

NINJA
EOF
# The studio: records its arguments and writes the screenshot it was asked for.
cat > "$t/studio" <<'EOF'
#!/usr/bin/env bash
echo "studio $*" >> "$STUB_LOG"
while [ $# -gt 0 ]; do
  case $1 in --screenshot|--heatmap-png|--timings-csv) : > "$2"; shift ;; esac
  shift
done
EOF
chmod +x "$t/bin/"* "$t/studio"
export STUB_LOG="$t/log" STUB_STUDIO="$t/studio"

# Runs scripts/run in a fresh copy of the repository with the nvidia-smi given as $1 (a script body).
run() {
  rm -rf "$t/work" && cp -r "$t/repo" "$t/work" && : > "$t/log" && sleep 1 && touch "$t/copied"
  printf '#!/bin/sh\n%s\n' "$1" > "$t/bin/nvidia-smi" && chmod +x "$t/bin/nvidia-smi"
  shift
  (cd "$t/work" && env "$@" PATH="$t/bin:/usr/bin:/bin" scripts/run) > "$t/out" 2>&1 || fail "scripts/run exited $?: $(cat "$t/out")"
}
configure() { grep -m1 '^cmake -S' "$t/log"; }

# No GPU (the driver is missing): CUDA off, no architecture cached; only the two programs; the demo headless.
run 'echo "NVIDIA-SMI has failed because it could not communicate with the NVIDIA driver"; exit 9' \
  -u DISPLAY -u WAYLAND_DISPLAY
configure | grep -q -- '-DAPSP_CUDA=OFF' || fail "no GPU: not configured with CUDA off: $(configure)"
configure | grep -q 'CUDA_ARCHITECTURES' && fail "no GPU: an architecture was set: $(configure)"
grep -q '^cmake --build build .*--target apsp apsp-studio$' "$t/log" || fail "not built as the two targets: $(cat "$t/log")"
grep -q 'without CUDA kernels (no GPU found): 3 steps, about [0-9]* min with 2 jobs on an idle machine' "$t/out" ||
  fail "no estimate of the 3 steps left: $(cat "$t/out")"
grep -q '^studio --headless .*--screenshot build/demo/window.png' "$t/log" || fail "demo not rendered: $(cat "$t/log")"
grep -q -- '--quit' "$t/log" || fail "the headless demo did not quit"
[ -f "$t/work/build/demo/window.png" ] || fail "no build/demo/window.png"
grep -q "the demo is in $t/work/build/demo/" "$t/out" || fail "the demo's place not said: $(cat "$t/out")"
left=$(cd "$t/work" && find . -path ./build -prune -o -type f -newer "$t/copied" -print)
[ -z "$left" ] || fail "files left in the work tree outside build/: $left"

# Run again on the built tree: nothing left to build, and it says so.
(cd "$t/work" && : > "$t/log" && env -u DISPLAY -u WAYLAND_DISPLAY PATH="$t/bin:/usr/bin:/bin" scripts/run) > "$t/out" 2>&1 ||
  fail "second run exited $?"
grep -q 'apsp apsp-studio up to date' "$t/out" || fail "an up-to-date build not said: $(cat "$t/out")"

# nvidia-smi without any GPU: CUDA off.
run 'echo "No devices were found"; exit 6' -u DISPLAY -u WAYLAND_DISPLAY
configure | grep -q -- '-DAPSP_CUDA=OFF' || fail "no device listed: not configured with CUDA off: $(configure)"

# A GPU and a display: kernels for this GPU only, and the window stays open (no --quit, no --headless).
run 'echo "GPU 0: NVIDIA H100 80GB HBM3 (UUID: GPU-0)"' DISPLAY=:99
configure | grep -q -- '-DAPSP_CUDA=AUTO -DCMAKE_CUDA_ARCHITECTURES=native' ||
  fail "GPU: not configured for the native architecture: $(configure)"
grep -q 'with CUDA kernels for this machine.s GPU: 3 steps' "$t/out" || fail "GPU: no estimate: $(cat "$t/out")"
studio_call=$(grep '^studio' "$t/log")
[ "$studio_call" = "studio " ] || fail "with a display the studio was not opened as is: '$studio_call'"
echo "ok"
