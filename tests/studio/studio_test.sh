#!/usr/bin/env bash
# One apsp-studio scenario per call: runs the app like a user or a batch job would, then checks its files.
# Environment (set by CMake): STUDIO, APSP, CHECK (studio_image_check), ASSETS (assets/colormaps), WORK (scratch).
set -uo pipefail
case_name=$1
work="$WORK/$case_name"
rm -rf "$work" && mkdir -p "$work/config" && cd "$work" || exit 1
export XDG_CONFIG_HOME="$work/config"  # settings must never leak between tests or into the user's
export XDG_DATA_HOME="$work/config/data"  # nor the run history (inside config/: tests list the work directory)

# Under a virtual X display with Mesa's software GL, as in CI.
# A virtual X display per call (xvfb.sh); the auth file lives in the test's own directory.
export APSP_TEST_XAUTH="$work/config/Xauthority"
source "$(dirname "$0")/xvfb.sh"
studio() { xvfb -s "-screen 0 1600x1000x24" "$STUDIO" --fix-colours off "$@"; }  # checks: each view's own range
die() { echo "FAIL: $*" >&2; exit 1; }
# No GPU here: `apsp info --device` lists none (it says why instead: one of NO_GPU_REASONS, from gpu_absence.h).
# The listing is read whole before grep looks at it: `grep -q` stops at the first match, apsp then dies of SIGPIPE
# on a long listing and pipefail would call a machine with a GPU one without.
no_gpu() { local devices; devices=$("$APSP" info --device); ! grep -q "^GPU [0-9]*:" <<<"$devices"; }
NO_GPU_REASONS="no CUDA-capable GPU found|no usable CUDA GPU|the NVIDIA driver is too old"

SPEC="er:n=200,p=0.015,seed=3,w=1:100"  # 200 is not a multiple of the block: padding is exercised

case "$case_name" in
  screenshot)
    studio --gen "$SPEC" --block 32 --advance 2 --screenshot shot.png --quit || die "studio exited $?"
    "$CHECK" screenshot --png shot.png --lut "$ASSETS/viridis.txt" || exit 1
    ;;
  heatmap_all)
    "$APSP" solve --gen "$SPEC" --backend cpu-naive -o d.bin -q || die "apsp solve failed"
    studio --gen "$SPEC" --block 32 --advance all --overlays off --heatmap-png h.png --quit || die "studio exited $?"
    "$CHECK" heatmap --png h.png --lut "$ASSETS/viridis.txt" --distances d.bin || exit 1
    ;;
  heatmap_tiled)
    # n = 200 over a 64 x 64 texture budget: each pixel is the minimum of its (3 or 4 cells wide) tile.
    "$APSP" solve --gen "$SPEC" --backend cpu-naive -o d.bin -q || die "apsp solve failed"
    studio --gen "$SPEC" --view-budget 64 --advance all --overlays off --heatmap-png h.png --screenshot shot.png \
      --quit || die "studio exited $?"
    "$CHECK" heatmap --png h.png --lut "$ASSETS/viridis.txt" --distances d.bin --budget 64 || exit 1
    ;;
  heatmap_round1)
    studio --gen "$SPEC" --block 16 --advance 1 --overlays off --colormap turbo --heatmap-png h.png --quit ||
      die "studio exited $?"
    "$CHECK" heatmap --png h.png --lut "$ASSETS/turbo.txt" --gen "$SPEC" --block 16 --rounds 1 --expect-partial yes || exit 1
    ;;
  overlays_phase2)
    # --advance 1 then two phases: the step just done is phase 2 of round 1 (0-based), and the overlays show it:
    # every cell's centre keeps its colour at 8 px per cell, the outlines sit on the blocks of round 1.
    studio --gen "$SPEC" --block 32 --advance 1 --advance-phases 2 --overlays on --heatmap-scale 8 \
      --heatmap-png on.png --quit || die "studio exited $?"
    "$CHECK" cells --png on.png --scale 8 --lut "$ASSETS/viridis.txt" --gen "$SPEC" --block 32 --rounds 1 \
      --phases 2 --min-overlay-px 1000 || exit 1
    "$CHECK" align --png on.png --scale 8 --n 200 --block 32 --round 1 --phase 2 || exit 1
    ;;
  overlays_phase3)
    # A finished round: the picture shows the round just done (round 2, phase 3), not the next round's pivot.
    studio --gen "$SPEC" --block 32 --advance 2 --advance-phases 3 --overlays on --heatmap-scale 8 \
      --heatmap-png on.png --quit || die "studio exited $?"
    "$CHECK" cells --png on.png --scale 8 --lut "$ASSETS/viridis.txt" --gen "$SPEC" --block 32 --rounds 3 \
      --min-overlay-px 1000 || exit 1
    "$CHECK" align --png on.png --scale 8 --n 200 --block 32 --round 2 --phase 3 || exit 1
    ;;
  timings_csv)
    studio --gen "$SPEC" --block 64 --advance all --timings-csv t.csv --quit || die "studio exited $?"
    "$CHECK" timings --csv t.csv --rounds 4 || exit 1
    ;;
  # --- The run history (history panel helper) ---
  history_gui)
    # A batch run to the end appends one "gui" record; its timings CSV names it; --no-history appends nothing.
    runs="$XDG_DATA_HOME/apsp-studio/runs.jsonl"
    studio --gen "$SPEC" --block 64 --advance all --timings-csv t.csv --stats-json s.json --quit || die "studio exited $?"
    [ -f "$runs" ] || die "no runs file"
    [ "$(wc -l < "$runs")" = 1 ] || die "expected one record: $(cat "$runs")"
    grep -q '"source":"gui"' "$runs" || die "not a gui record: $(cat "$runs")"
    grep -q '"n":200' "$runs" || die "n missing: $(cat "$runs")"
    id=$(sed 's/.*"id":"\([^"]*\)".*/\1/' "$runs")
    grep -q "^# run_id: $id\$" t.csv || die "the CSV does not name run $id: $(head -3 t.csv)"
    grep -q "\"run_id\": \"$id\"" s.json || grep -q "\"run_id\":\"$id\"" s.json || die "stats JSON lacks the run id"
    "$CHECK" timings --csv t.csv --rounds 4 || exit 1
    studio --gen "$SPEC" --block 64 --advance all --no-history --quit || die "studio exited $?"
    APSP_HISTORY=off studio --gen "$SPEC" --block 64 --advance all --quit || die "studio exited $?"
    [ "$(wc -l < "$runs")" = 1 ] || die "an opted-out run was recorded"
    # The CLI reads what the studio wrote.
    "$APSP" runs show "$id" | grep -q "source:    gui" || die "apsp runs show does not find the gui run"
    echo "ok: run $id"
    ;;
  history_compare)
    # --compare A B opens the History panel comparing two runs of the history (verdicts as apsp runs compare);
    # an id the history lacks is a usage error naming the flag.
    "$APSP" bench --backend cpu-blocked --block 32 --n 64 --repeat 3 --threads 1 >/dev/null || die "bench failed"
    "$APSP" bench --backend cpu-blocked --block 32 --n 64 --repeat 3 --threads 1 >/dev/null || die "bench failed"
    runs="$XDG_DATA_HOME/apsp-studio/runs.jsonl"
    a=$(sed -n '1s/.*"id":"\([^"]*\)".*/\1/p' "$runs")
    b=$(sed -n '2s/.*"id":"\([^"]*\)".*/\1/p' "$runs")
    [ -n "$a" ] && [ -n "$b" ] || die "no two runs: $(cat "$runs")"
    studio --gen "$SPEC" --size 1280x800 --compare "$a" "$b" --no-history --screenshot shot.png --quit ||
      die "studio exited $?"
    [ -s shot.png ] || die "no screenshot"
    studio --gen "$SPEC" --compare nosuchrun "$b" --no-history --quit 2>err.txt
    status=$?
    [ "$status" = 2 ] || die "--compare with an unknown id exited $status, expected 2"
    grep -q -- "--compare: no run 'nosuchrun'" err.txt || die "no message naming --compare: $(cat err.txt)"
    ;;
  timings_csv_ksteps)
    # k-steps of one phase are one row of the timing CSV: k_steps counts them, ms/updates/bytes add up.
    studio --gen "$SPEC" --backend cpu-blocked --block 32 --advance 1 --advance-k 5 --timings-csv t.csv --quit ||
      die "studio exited $?"
    rows=$(grep -c '^cpu-blocked,32,1,pivot,0,' t.csv)
    [ "$rows" = 1 ] || die "$rows rows for round 1 phase pivot: $(cat t.csv)"
    k=$(grep '^cpu-blocked,32,1,pivot,0,' t.csv | cut -d, -f9)
    [ "$k" = 5 ] || die "k_steps $k, expected 5: $(grep ',1,pivot,' t.csv)"
    ! grep -q 'e+' t.csv || die "a number in exponent form: $(grep 'e+' t.csv | head -1)"
    echo "ok: one row, k_steps $k"
    ;;
  bad_file_cli)
    printf '\x05\x00' > bad.bin  # truncated header
    for extra in "--quit" ""; do
      studio bad.bin $extra --screenshot never.png 2> err.txt >/dev/null
      rc=$?
      [ "$rc" = 2 ] || die "exit status $rc, expected 2 (args: $extra)"
      [ "$(wc -l < err.txt)" = 1 ] || die "expected one line on stderr, got: $(cat err.txt)"
      grep -q "bad.bin" err.txt || die "message does not name the file: $(cat err.txt)"
      [ ! -e never.png ] || die "a window was opened for a bad file"
    done
    echo "ok: $(cat err.txt)"
    ;;
  bad_file_gui)
    printf '\x05\x00' > bad.bin
    studio --gen "$SPEC" --gui-open bad.bin --screenshot after.png --log-file log.txt --quit ||
      die "the app did not keep running after a bad file (exit $?)"
    grep -q "error: .*bad.bin" log.txt || die "the log has no error naming bad.bin: $(cat log.txt)"
    grep -q "n = 200" log.txt || die "the earlier graph was not loaded"
    "$CHECK" screenshot --png after.png --lut "$ASSETS/viridis.txt" || exit 1
    ;;
  headless_egl)
    [ -n "${HAVE_EGL:-}" ] || { echo "built without EGL"; exit 77; }
    "$APSP" solve --gen "$SPEC" --backend cpu-naive -o d.bin -q || die "apsp solve failed"
    env -u DISPLAY "$STUDIO" --headless --gen "$SPEC" --advance all --overlays off --heatmap-png h.png \
      --screenshot shot.png --log-file log.txt --fix-colours off || die "headless run exited $?"
    grep -q "EGL headless" log.txt || die "log does not name the EGL path"
    "$CHECK" heatmap --png h.png --lut "$ASSETS/viridis.txt" --distances d.bin || exit 1
    "$CHECK" screenshot --png shot.png --lut "$ASSETS/viridis.txt" || exit 1
    ;;
  settings_persist)
    # First run through the GUI path (no --quit): choices are saved under $XDG_CONFIG_HOME/apsp-studio.
    studio --gen "$SPEC" --block 16 --colormap magma --frames 4 || die "first run exited $?"
    cfg="$XDG_CONFIG_HOME/apsp-studio"
    [ -f "$cfg/settings.json" ] || die "no settings.json"
    [ -f "$cfg/imgui.ini" ] || die "no imgui.ini"
    grep -q '"colormap": "magma"' "$cfg/settings.json" || die "colormap not saved: $(cat "$cfg/settings.json")"
    grep -q '"block": 16' "$cfg/settings.json" || die "block not saved"
    # Second run without flags: the same graph, block and colormap come back.
    studio --frames 4 --overlays off --heatmap-png h.png || die "second run exited $?"
    "$CHECK" heatmap --png h.png --lut "$ASSETS/magma.txt" --gen "$SPEC" --block 16 --rounds 0 || exit 1
    ;;
  play_gui)
    # The interactive path: Play at 240 rounds/s until the solve ends; the timings then hold every round.
    studio --gen "$SPEC" --block 32 --play --rps 240 --frames 30 --timings-csv t.csv --overlays off \
      --heatmap-png h.png --log-file log.txt || die "studio exited $?"
    "$CHECK" timings --csv t.csv --rounds 7 || exit 1
    "$APSP" solve --gen "$SPEC" --backend cpu-naive -o d.bin -q || die "apsp solve failed"
    "$CHECK" heatmap --png h.png --lut "$ASSETS/viridis.txt" --distances d.bin || exit 1
    grep -q "frames while playing" log.txt || die "no frame-time summary in the log"
    ;;
  asset_graph)
    # A classroom file from assets/graphs, given on the command line: negative edges, INF quarter, padding.
    g="$ASSETS/../graphs/two_islands.txt"
    "$APSP" solve "$g" --backend cpu-naive -o d.bin -q || die "apsp solve failed"
    studio "$g" --block 4 --advance all --overlays off --colormap gray --heatmap-png h.png --quit ||
      die "studio exited $?"
    "$CHECK" heatmap --png h.png --lut "$ASSETS/gray.txt" --distances d.bin --min-codes 4 || exit 1
    ;;
  negative_cycle)
    # Batch: exit 3 with the cycle. GUI: playing stops at the error, reported once, and the app keeps running.
    studio --gen classroom:name=negcycle4 --advance all --quit 2> err.txt
    rc=$?
    [ "$rc" = 3 ] || die "exit status $rc, expected 3"
    grep -q "negative cycle" err.txt || die "no cycle on stderr: $(cat err.txt)"
    studio --gen classroom:name=negcycle4 --play --rps 60 --frames 30 --log-file log.txt || die "GUI run exited $?"
    [ "$(grep -c 'error: .*negative cycle' log.txt)" = 1 ] || die "expected the cycle once in the log: $(cat log.txt)"
    ;;
  range_error)
    # Every weight fits int16 but path distances reach 511 * 100 > 8191. `apsp solve` exits 2 with a
    # RangeError; the studio must stop at the same check on every path, never show "finished" with reachable
    # pairs drawn as unreachable.
    R="path:n=512,w=50:100"
    "$APSP" solve --gen "$R" --dtype i16 --block 32 -o d.bin 2> cli.txt
    [ "$?" = 2 ] || die "apsp solve did not refuse the graph: $(cat cli.txt)"
    for steps in "--advance all" "--advance 15 --advance-phases 3" "--advance 15 --advance-phases 2 --advance-k 32"; do
      studio --gen "$R" --dtype i16 --block 32 $steps --screenshot p.png --quit 2> err.txt >/dev/null
      rc=$?
      [ "$rc" = 2 ] || die "exit status $rc, expected 2 as apsp solve ($steps): $(cat err.txt)"
      grep -q "leaves the i16 range" err.txt || die "no RangeError on stderr ($steps): $(cat err.txt)"
      [ ! -e p.png ] || die "a batch run that stopped at a RangeError wrote its outputs ($steps)"
    done
    # Loading: a weight int16 cannot hold is refused before a solver exists, as by apsp solve.
    studio --gen "ring:n=8,w=20000:20000" --dtype i16 --quit 2> err.txt >/dev/null
    [ "$?" = 2 ] || die "a weight outside int16 was loaded: $(cat err.txt)"
    # The GUI: the solve stops with the error in the log, once, and the window keeps running.
    studio --gen "$R" --dtype i16 --block 32 --run-to-end --frames 40 --log-file log.txt || die "GUI run exited $?"
    [ "$(grep -c 'error: .*leaves the i16 range' log.txt)" = 1 ] || die "expected the RangeError once: $(cat log.txt)"
    # The same graph in int32 solves.
    studio --gen "$R" --dtype i32 --block 32 --advance all --quit || die "int32 run exited $?"
    ;;
  screenshot_button)
    # The button / F12 path: the next free apsp-studio-NNNN.png in the working directory.
    cp /dev/null apsp-studio-0001.png
    studio --gen "$SPEC" --gui-screenshot --frames 8 || die "studio exited $?"
    [ -s apsp-studio-0002.png ] || die "apsp-studio-0002.png not written: $(ls)"
    [ ! -s apsp-studio-0001.png ] || die "an existing screenshot was overwritten"
    "$CHECK" screenshot --png apsp-studio-0002.png --lut "$ASSETS/viridis.txt" || exit 1
    ;;
  keys)
    # The keyboard shortcuts of a real window, typed through XTEST on the virtual display.
    command -v xdotool > /dev/null || { echo "SKIP: xdotool not installed (scripts/setup installs it)"; exit 77; }
    xvfb -s "-screen 0 1600x1000x24" bash "$0" keys_on_display || exit 1
    ;;
  keys_on_display)
    # Runs inside xvfb-run (called by the keys case): xdotool and the app share the display.
    "$STUDIO" --gen "er:n=64,p=0.1,seed=1,w=1:9" --block 16 --size 1280x800 --log-file keys.log &
    pid=$!
    wid=""
    for _ in $(seq 100); do
      wid=$(xdotool search --onlyvisible --name "APSP Studio" 2> /dev/null | head -1)
      [ -n "$wid" ] && break
      sleep 0.1
    done
    [ -n "$wid" ] || { kill "$pid"; die "no APSP Studio window appeared"; }
    # The window can be listed a moment before X lets it take the focus (BadMatch): retry, as a loaded CI
    # machine may need.
    focused=0
    for _ in $(seq 30); do
      xdotool windowfocus --sync "$wid" 2> /dev/null && { focused=1; break; }
      sleep 0.2
    done
    [ $focused = 1 ] || { kill "$pid"; die "could not focus the window"; }
    sleep 1
    # Quick taps (50 ms): on a loaded machine a software-rendered frame takes longer, so the press and release
    # land inside one frame, which Dear ImGui 1.86 alone would lose (platform/key_taps.h keeps them).
    press() {
      local k
      for k in "$@"; do xdotool keydown "$k"; done
      sleep 0.05
      for k in $(printf '%s\n' "$@" | tac); do xdotool keyup "$k"; done
      sleep 0.35
    }
    press Right
    press shift Right
    press F12
    press f
    press r
    press space
    press space
    sleep 0.5
    kill -TERM "$pid"
    wait "$pid"
    rc=$?
    # SIGTERM closes the window as the close button does, then exits 128 + 15 (README "Exit codes").
    [ "$rc" = 143 ] || die "studio exited $rc after SIGTERM (expected a clean close, status 143)"
    for line in "key Right: step one phase" "key Shift+Right: step one round" "key F12: screenshot" \
                "key F: fit the view" "key R: reset" "key Space: play / pause"; do
      grep -q "$line" keys.log || die "'$line' missing from the log: $(cat keys.log)"
    done
    [ -s apsp-studio-0001.png ] || die "F12 wrote no apsp-studio-0001.png: $(ls)"
    "$CHECK" screenshot --png apsp-studio-0001.png --lut "$ASSETS/viridis.txt" || exit 1
    ;;
  plots_screenshot)
    # The live plots after a few rounds: each phase's colour in the time bars and in the GB/s lines.
    studio --gen "er:n=400,p=0.01,seed=5,w=1:100" --block 32 --advance 6 --screenshot shot.png --quit ||
      die "studio exited $?"
    "$CHECK" plots --png shot.png || exit 1
    "$CHECK" screenshot --png shot.png --lut "$ASSETS/viridis.txt" || exit 1
    ;;
  distances_export)
    # Byte for byte what `apsp solve` writes, in both binary formats, after the whole solve.
    "$APSP" solve --gen "$SPEC" --backend cpu-naive -o d.bin -q || die "apsp solve failed"
    "$APSP" solve --gen "$SPEC" --backend cpu-naive -o d.npy -q || die "apsp solve failed"
    studio --gen "$SPEC" --block 32 --advance all --distances s.bin --quit || die "studio exited $?"
    studio --gen "$SPEC" --block 32 --advance all --distances s.npy --quit || die "studio exited $?"
    cmp d.bin s.bin || die "course binary differs from apsp solve's"
    cmp d.npy s.npy || die ".npy differs from apsp solve's"
    # Not finished: the file holds the state after one round, not the solution.
    studio --gen "$SPEC" --block 32 --advance 1 --distances r1.bin --quit || die "studio exited $?"
    ! cmp -s d.bin r1.bin || die "after one round the distances already equal the solution"
    [ "$(stat -c %s r1.bin)" = "$(stat -c %s d.bin)" ] || die "partial export has the wrong size"
    ls -a | grep -q '\.tmp' && die "a temporary file was left behind: $(ls -a)"
    echo "ok: distances identical"
    ;;
  stats_json)
    # Big enough that the solve spans several frames (frame times are taken while solving).
    studio --gen "er:n=1200,p=0.01,seed=3,w=1:100" --block 32 --run-to-end --stats-view-off --stats-json s.json \
      --log-file log.txt --quit || die "studio exited $?"
    "$CHECK" stats --json s.json --expect-solve yes --expect-frames yes --path "host upload" --backend cpu-blocked \
      --device cpu --n 1200 || exit 1
    grep -q "heatmap path: host upload (CPU backend cpu-blocked)" log.txt || die "the log does not say which path: $(cat log.txt)"
    # And the GUI path writes it at quit too.
    studio --gen "$SPEC" --block 32 --play --rps 240 --frames 20 --stats-json g.json || die "GUI run exited $?"
    "$CHECK" stats --json g.json --expect-frames yes --path "host upload" || exit 1
    ;;
  headless_no_device)
    # Neither an NVIDIA nor a Mesa EGL device: one clear line, exit 1, no crash.
    [ -n "${HAVE_EGL:-}" ] || { echo "built without EGL"; exit 77; }
    env -u DISPLAY __EGL_VENDOR_LIBRARY_FILENAMES=/nonexistent.json "$STUDIO" --headless --gen "$SPEC" \
      --screenshot never.png 2> err.txt
    rc=$?
    [ "$rc" = 1 ] || die "exit status $rc, expected 1: $(cat err.txt)"
    [ "$(wc -l < err.txt)" = 1 ] || die "expected one line on stderr, got: $(cat err.txt)"
    grep -q "NVIDIA EGL device or Mesa" err.txt || die "the message does not say what is missing: $(cat err.txt)"
    [ ! -e never.png ] || die "a screenshot was written without a context"
    echo "ok: $(cat err.txt)"
    ;;
  gpu_control)
    # The GPU-count control: greyed with the reason when fewer than 2 CUDA devices exist (always with a
    # single-device backend); the log names the state the panel shows at start-up.
    studio --gen "$SPEC" --backend cpu-blocked --log-file log.txt --quit || die "studio exited $?"
    grep -Eq "GPU count control greyed: (built without CUDA|$NO_GPU_REASONS|only one CUDA device|cpu-blocked runs on one device)" \
      log.txt || die "no greyed GPU-count control with a reason: $(grep -i gpu log.txt)"
    if no_gpu; then
      studio --gen "$SPEC" --log-file log2.txt --quit || die "studio exited $?"
      grep -Eq "GPU count control greyed: (built without CUDA|$NO_GPU_REASONS)" log2.txt ||
        die "no GPU but the control is not greyed for that reason: $(grep -i gpu log2.txt)"
    fi
    # A saved GPU count this machine cannot give falls back to 1 with a warning, and is saved as 1 again.
    gpus=$("$APSP" info --device | grep -c "^GPU [0-9]*:")
    if [ "$gpus" -lt 2 ]; then
      mkdir -p "$XDG_CONFIG_HOME/apsp-studio"
      printf '{"graph_kind": "gen", "graph": "%s", "block": 32, "gpus": 4}\n' "$SPEC" \
        > "$XDG_CONFIG_HOME/apsp-studio/settings.json"
      studio --frames 3 --log-file log3.txt || die "GUI run exited $?"
      grep -q "warning: saved GPU count: --gpus 4: .*; using 1" log3.txt ||
        die "no fallback warning for the saved GPU count: $(grep -i gpu log3.txt)"
      grep -q '"gpus": 1' "$XDG_CONFIG_HOME/apsp-studio/settings.json" ||
        die "GPU count not saved as 1: $(cat "$XDG_CONFIG_HOME/apsp-studio/settings.json")"
    fi
    echo "ok: $(grep 'GPU count control' log.txt)"
    ;;
  outputs_clash)
    # An output that names the graph file or another output is bad usage (exit 2, one line naming both
    # flags), before any window or file: the graph stays byte for byte, the other output is never written.
    printf '0 1 4\n1 2 5\n2 0 1\n' > g.txt
    cp g.txt g.orig
    for args in "g.txt --quit --distances g.txt" "g.txt --quit --distances f.json --stats-json f.json" \
                "g.txt --quit --screenshot s.png --heatmap-png ./s.png"; do
      studio $args 2> err.txt > /dev/null
      rc=$?
      [ "$rc" = 2 ] || die "exit status $rc, expected 2 ($args): $(cat err.txt)"
      [ "$(wc -l < err.txt)" = 1 ] || die "expected one line on stderr ($args), got: $(cat err.txt)"
      grep -q "name the same file" err.txt || die "the message does not say why ($args): $(cat err.txt)"
      cmp -s g.txt g.orig || die "the graph file changed ($args)"
      [ ! -e f.json ] && [ ! -e s.png ] || die "an output was written ($args)"
    done
    grep -q -- "--stats-json and --distances" <(studio g.txt --quit --distances f.json --stats-json f.json 2>&1) ||
      die "the message does not name both flags"
    studio g.txt --quit --distances d.bin --stats-json st.json || die "distinct outputs must run (exit $?)"
    echo "ok: $(cat err.txt)"
    ;;
  outputs_special)
    # An output that is a directory is bad usage before any work: exit 2, one line naming the flag and the path.
    # A FIFO nobody reads is refused when it is opened, without waiting for a reader: exit 2, one line per
    # output. The same status as apsp solve gives for the same outputs, from every output flag.
    printf '0 1 4\n1 2 5\n2 0 1\n' > g.txt
    mkdir d
    timeout -k 5 60 "$APSP" solve g.txt -o d -q 2> /dev/null
    [ "$?" = 2 ] || die "apsp solve -o DIR: expected exit 2"
    mkfifo cli.fifo
    timeout -k 5 60 "$APSP" solve g.txt -o cli.fifo -q 2> /dev/null
    [ "$?" = 2 ] || die "apsp solve -o FIFO: expected exit 2"
    flags="--distances --stats-json --screenshot --heatmap-png --timings-csv --trace --explain-json --log-file --gif"
    for flag in $flags; do
      timeout -k 5 60 env -u DISPLAY "$STUDIO" --headless g.txt --advance all $flag d 2> err.txt > /dev/null
      rc=$?
      [ "$rc" = 2 ] || die "$flag DIR: exit status $rc, expected 2 as apsp solve: $(cat err.txt)"
      [ "$(wc -l < err.txt)" = 1 ] || die "$flag DIR: expected one line, got: $(cat err.txt)"
      grep -q -- "$flag: 'd' is a directory" err.txt || die "$flag DIR: the message does not say why: $(cat err.txt)"
    done
    fifo_args=""
    for flag in $flags; do
      mkfifo "out${flag}"
      fifo_args="$fifo_args $flag out${flag}"
    done
    timeout -k 5 100 env -u DISPLAY "$STUDIO" --headless g.txt --advance all $fifo_args 2> err.txt > /dev/null
    rc=$?
    [ "$rc" != 124 ] && [ "$rc" != 137 ] || die "the studio waited for a reader of a FIFO output"
    [ "$rc" = 2 ] || die "FIFO outputs: exit status $rc, expected 2 as apsp solve: $(cat err.txt)"
    for flag in $flags; do
      [ "$(grep -c -- "^apsp-studio: .*$flag: out$flag: a FIFO with no reader" err.txt)" = 1 ] ||
        die "$flag FIFO: expected one line naming it: $(cat err.txt)"
      [ -p "out$flag" ] || die "$flag FIFO: replaced by a file"
    done
    echo "ok: $(head -1 err.txt)"
    ;;
  settings_fifo)
    # A settings.json (and Dear ImGui's imgui.ini beside it) that is a FIFO: the studio starts at once on the
    # defaults with one warning each in its log, never waiting for a writer, and leaves both FIFOs as they were.
    cfg="$XDG_CONFIG_HOME/apsp-studio"
    mkdir -p "$cfg" && mkfifo "$cfg/settings.json" "$cfg/imgui.ini"
    timeout -k 5 60 xvfb-run -a -n $((100 + RANDOM % 4000)) -f "$APSP_TEST_XAUTH" -s "-screen 0 1600x1000x24" "$STUDIO" --gen "$SPEC" \
      --frames 4 --log-file log.txt 2> err.txt > /dev/null
    rc=$?
    if [ "$rc" = 124 ] || [ "$rc" = 137 ]; then
      timeout 5 sh -c ": > '$cfg/settings.json'; : > '$cfg/imgui.ini'" 2> /dev/null  # release a blocked reader
      die "the studio blocked on a FIFO in its config directory"
    fi
    [ "$rc" = 0 ] || die "exit status $rc: $(cat err.txt)"
    [ "$(grep -c "settings.json: ignoring the settings: a FIFO, not a regular file; starting on the defaults" log.txt)" = 1 ] ||
      die "expected one warning for settings.json: $(grep -i 'warning\|error' log.txt)"
    [ "$(grep -c "imgui.ini is a FIFO, not a regular file; left alone" log.txt)" -ge 1 ] ||
      die "expected a warning for imgui.ini: $(grep -i 'warning\|error' log.txt)"
    grep -q "n = 200" log.txt || die "the --gen graph was not loaded: $(cat log.txt)"
    [ -p "$cfg/settings.json" ] && [ -p "$cfg/imgui.ini" ] || die "a FIFO was replaced: $(ls -l "$cfg")"
    echo "ok: $(grep -m1 'settings.json' log.txt)"
    ;;
  size_memory)
    # A screenshot larger than the memory left is refused before any graph is loaded or window made: exit 4 (the
    # memory row of the exit-code table), one line naming the size and the limit that binds (an address-space
    # limit here, whatever the machine's MemAvailable). Before, a 16384 x 16384 screenshot ran minutes unchecked.
    (ulimit -v 3000000; timeout -k 5 100 env -u DISPLAY "$STUDIO" --headless --gen "$SPEC" --size 16384x16384 \
      --screenshot x.png) 2> err.txt > /dev/null
    rc=$?
    [ "$rc" = 4 ] || die "exit status $rc, expected 4: $(cat err.txt)"
    [ "$(wc -l < err.txt)" = 1 ] || die "expected one line, got: $(cat err.txt)"
    grep -q "^apsp-studio: not enough memory for a 16384 x 16384 screenshot.*left under the address-space limit (ulimit -v)" \
      err.txt || die "the message does not name the size and the limit: $(cat err.txt)"
    [ ! -e x.png ] || die "a screenshot was written"
    echo "ok: $(cat err.txt)"
    ;;
  gpus_flag)
    # --gpus N like apsp solve --gpus: more GPUs than exist is bad usage (exit 2, one line), batch or GUI.
    gpus=$("$APSP" info --device | grep -c "^GPU [0-9]*:")
    [ "$gpus" -lt 2 ] || { echo "$gpus GPUs: --gpus 2 would run"; exit 77; }
    for extra in "--quit" ""; do
      studio --gen "$SPEC" --gpus 2 $extra --screenshot never.png 2> err.txt >/dev/null
      rc=$?
      [ "$rc" = 2 ] || die "exit status $rc, expected 2 (args: $extra)"
      [ "$(wc -l < err.txt)" = 1 ] || die "expected one line on stderr, got: $(cat err.txt)"
      grep -Eq "^apsp-studio: --gpus 2: (built without CUDA|$NO_GPU_REASONS|only one CUDA device)" err.txt ||
        die "the message does not say why: $(cat err.txt)"
      [ ! -e never.png ] || die "a window was opened"
    done
    studio --gen "$SPEC" --gpus 0 --quit 2> err0.txt; rc=$?
    [ "$rc" = 2 ] || die "--gpus 0: exit status $rc, expected 2"
    studio --gen "$SPEC" --gpus 1 --quit || die "--gpus 1 must run anywhere (exit $?)"
    echo "ok: $(cat err.txt)"
    ;;
  gpu_bands)
    # Row bands of a (synthetic) 2-GPU solve: n = 400 at B = 32 pads to 512 rows, 4 units of 128: GPU 0 owns rows
    # 0..255, GPU 1 rows 256..399. Overlays on: the strip, no tint; off: pixel-exact as always.
    G="er:n=400,p=0.01,seed=5,w=1:100"
    "$APSP" solve --gen "$G" --backend cpu-naive -o d.bin -q || die "apsp solve failed"
    studio --gen "$G" --block 32 --advance all --synthetic-gpus 2 --overlays off --heatmap-png off.png --quit ||
      die "studio exited $?"
    "$CHECK" heatmap --png off.png --lut "$ASSETS/viridis.txt" --distances d.bin || die "overlays off is not exact"
    studio --gen "$G" --block 32 --advance all --synthetic-gpus 2 --overlays on --heatmap-png on.png --quit ||
      die "studio exited $?"
    "$CHECK" bands --on on.png --off off.png --ends 256,400 || exit 1
    studio --gen "$G" --block 32 --advance all --synthetic-gpus 4 --overlays on --heatmap-png on4.png --quit ||
      die "studio exited $?"
    "$CHECK" bands --on on4.png --off off.png --ends 128,256,384,400 || exit 1
    studio --gen "$G" --block 32 --advance all --overlays on --heatmap-png one.png --quit || die "studio exited $?"
    "$CHECK" no_bands --png one.png || exit 1
    ;;
  gpu_plots)
    # The per-GPU timeline and the comm vs compute plot from synthetic 2-GPU samples, and the key under the
    # heatmap; the timings CSV keeps the real (one-device) samples.
    studio --gen "er:n=400,p=0.01,seed=5,w=1:100" --block 32 --advance 6 --synthetic-gpus 2 --screenshot shot.png \
      --timings-csv t.csv --quit || die "studio exited $?"
    "$CHECK" gpu_plots --png shot.png --gpus 2 || exit 1
    "$CHECK" screenshot --png shot.png --lut "$ASSETS/viridis.txt" || exit 1
    ! grep -q ",comm," t.csv || die "synthetic samples leaked into the timings CSV"
    ;;
  gpu_interop_identical)
    # GPU machine: headless EGL on the NVIDIA device, cuda-tuned through CUDA-GL interop; the heatmap must be
    # pixel-identical to the CPU backend's for the same graph and step, one pixel per cell and tiled.
    no_gpu && { echo "SKIP: $("$APSP" info --device)"; exit 77; }
    G="er:n=1000,p=0.004,seed=7,w=1:1000"
    for adv in 1 all; do
      for budget in 4096 256; do
        env -u DISPLAY "$STUDIO" --headless --gen "$G" --backend cuda-tuned --block 64 --advance $adv \
          --view-budget $budget --overlays off --heatmap-png gpu_${adv}_${budget}.png --log-file log_${adv}_${budget}.txt ||
          die "cuda-tuned run exited $?"
        grep -q "heatmap path: CUDA-GL interop" log_${adv}_${budget}.txt ||
          die "the interop path was not used: $(grep 'heatmap path' log_${adv}_${budget}.txt)"
        env -u DISPLAY "$STUDIO" --headless --gen "$G" --backend cpu-blocked --block 64 --advance $adv \
          --view-budget $budget --overlays off --heatmap-png cpu_${adv}_${budget}.png || die "cpu run exited $?"
        "$CHECK" same --a gpu_${adv}_${budget}.png --b cpu_${adv}_${budget}.png || die "advance $adv, budget $budget"
      done
    done
    "$APSP" solve --gen "$G" --backend cpu-naive -o d.bin -q || die "apsp solve failed"
    "$CHECK" heatmap --png gpu_all_4096.png --lut "$ASSETS/viridis.txt" --distances d.bin || exit 1
    ;;
  gpu_stats)
    # GPU machine: the statistics of a cuda-tuned run through interop are present and name the path.
    no_gpu && { echo "SKIP: $("$APSP" info --device)"; exit 77; }
    env -u DISPLAY "$STUDIO" --headless --gen "er:n=4096,p=0.001,seed=1,w=1:100" --backend cuda-tuned --block 64 \
      --view-budget 2048 --run-to-end --stats-view-off --stats-json s.json --log-file log.txt ||
      die "studio exited $?"
    "$CHECK" stats --json s.json --expect-solve yes --expect-frames yes --path "CUDA-GL interop" --backend cuda-tuned \
      --n 4096 || exit 1
    ;;
  flag_limits)
    # Every numeric flag is bounded (option_limits.h): out of range is one line naming the flag, exit 2, before
    # anything runs. NaN passed CLI11's float range check.
    for args in "--block 0" "--block 4097" "--gpus 65" "--advance 2147483647" "--advance-phases 10000001" \
                "--advance-k 99999999999" "--frames 0" "--frames 10000001" "--size 100000x100" "--size 800x600x" \
                "--scale nan" "--scale 5" "--rps nan" "--rps 1e9" "--view-budget 99999" "--synthetic-gpus 9"; do
      "$STUDIO" --headless --gen ring:n=8 $args --screenshot never.png 2> err.txt >/dev/null
      rc=$?
      [ "$rc" = 2 ] || die "$args: exit status $rc, expected 2: $(cat err.txt)"
      [ "$(wc -l < err.txt)" = 1 ] || die "$args: expected one line on stderr, got: $(cat err.txt)"
      grep -q -- "${args%% *}" err.txt || die "$args: the message does not name the flag: $(cat err.txt)"
      grep -q -- "(see apsp-studio --help)" err.txt || die "$args: the message does not point at the help: $(cat err.txt)"
      [ ! -e never.png ] || die "$args: the app ran"
    done
    # Through a file: with pipefail, grep -q leaving early made the studio's second write of --help fail (SIGPIPE).
    "$STUDIO" --help > help.txt || die "--help exited $?"
    grep -q -- "--block INT:INT in \[1 - 4096\]" help.txt || die "--help does not state the block range"
    "$STUDIO" --headless --gen ring:n=8 --block 4 --scale 1.5 --rps 2.5 --advance 1 --screenshot ok.png ||
      die "in-range flags exited $?"
    [ -s ok.png ] || die "no screenshot from in-range flags"
    echo "ok: $(cat err.txt)"
    ;;
  export_targets)
    # Exports through a symbolic link replace its target (the link stays); a character device is written
    # through, never replaced by a regular file (--timings-csv link.csv).
    echo old > target.csv
    ln -s target.csv link.csv
    studio --gen "$SPEC" --block 64 --advance all --timings-csv link.csv --quit || die "studio exited $?"
    [ -L link.csv ] || die "the link was replaced by a regular file"
    grep -q "^backend,block,round" target.csv || die "the link's target was not written: $(head -2 target.csv)"
    if mknod null c 1 3 2>/dev/null; then
      studio --gen "$SPEC" --block 64 --advance all --heatmap-png null --quit || die "studio exited $?"
      [ -c null ] || die "the character device was replaced: $(ls -l null)"
    fi
    echo "ok: $(ls -l link.csv)"
    ;;
  fault_full_disk)
    # Fault injection: a full disk at every export (APSP_FAULT=export_write, the same ENOSPC path as a
    # real one). Batch: one line per export naming the flag and the reason, exit 1, every old file unchanged and
    # no temporary left. GUI: the same lines, the window keeps running to its last frame, exit 0.
    outs="h.png t.csv d.bin s.png"
    for f in $outs; do echo "old $f" > "$f"; done
    APSP_FAULT=export_write studio --gen "$SPEC" --block 32 --advance all --heatmap-png h.png --timings-csv t.csv \
      --distances d.bin --screenshot s.png --quit 2> err.txt >/dev/null
    rc=$?
    [ "$rc" = 1 ] || die "exit status $rc, expected 1: $(cat err.txt)"
    for flag in --heatmap-png --timings-csv --distances --screenshot; do
      [ "$(grep -c -- "^apsp-studio: $flag: .*No space left on device" err.txt)" = 1 ] ||
        die "no one-line ENOSPC error for $flag: $(cat err.txt)"
    done
    [ "$(wc -l < err.txt)" = 4 ] || die "expected four lines on stderr, got: $(cat err.txt)"
    for f in $outs; do [ "$(cat "$f")" = "old $f" ] || die "$f was changed by a failed export"; done
    [ "$(ls -A | sort | tr '\n' ' ')" = "config d.bin err.txt h.png s.png t.csv " ] || die "left behind: $(ls -A)"
    # The GUI path: the first write of the first export fails; the run goes on, saves its settings and log.
    APSP_FAULT=export_write:1 studio --gen "$SPEC" --block 32 --frames 8 --heatmap-png h.png --log-file log.txt \
      2> gui_err.txt || die "GUI run exited $?: $(cat gui_err.txt)"
    grep -q "^apsp-studio: --heatmap-png: .*No space left on device" gui_err.txt || die "no error line: $(cat gui_err.txt)"
    [ "$(cat h.png)" = "old h.png" ] || die "h.png was changed by a failed export"
    [ -f "$XDG_CONFIG_HOME/apsp-studio/settings.json" ] || die "the run did not go on to save its settings"
    [ -s log.txt ] || die "the run did not go on to write its log"
    # A real full disk where a private mount namespace may mount a tmpfs (root here): filled to the last page.
    if mkdir mnt && unshare -m sh -c 'mount -t tmpfs -o size=256k tmpfs mnt' 2>/dev/null; then
      XVFB_FROM=$((100 + RANDOM % 4000))
      export STUDIO SPEC XVFB_FROM
      unshare -m sh -c '
        mount -t tmpfs -o size=256k tmpfs mnt || exit 9
        for f in h.png t.csv d.bin; do echo "old $f" > "mnt/$f"; done
        dd if=/dev/zero of=mnt/fill bs=4096 2>/dev/null
        xvfb-run -a -n "$XVFB_FROM" -f "$APSP_TEST_XAUTH" -s "-screen 0 1600x1000x24" "$STUDIO" --gen "$SPEC" --block 32 --advance all \
          --heatmap-png mnt/h.png --timings-csv mnt/t.csv --distances mnt/d.bin --quit 2> tmpfs_err.txt >/dev/null
        echo $? > tmpfs_rc.txt
        LC_ALL=C ls -A mnt | tr "\n" " " > tmpfs_ls.txt
        for f in h.png t.csv d.bin; do cp "mnt/$f" "tmpfs_after_$f"; done' || die "the tmpfs run failed to start"
      [ "$(cat tmpfs_rc.txt)" = 1 ] || die "tmpfs: exit status $(cat tmpfs_rc.txt): $(cat tmpfs_err.txt)"
      [ "$(grep -c "No space left on device" tmpfs_err.txt)" = 3 ] || die "tmpfs: expected 3 lines: $(cat tmpfs_err.txt)"
      [ "$(cat tmpfs_ls.txt)" = "d.bin fill h.png t.csv " ] || die "tmpfs: left behind: $(cat tmpfs_ls.txt)"
      for f in h.png t.csv d.bin; do [ "$(cat "tmpfs_after_$f")" = "old $f" ] || die "tmpfs: $f was changed"; done
      echo "ok: a real full tmpfs too"
    else
      echo "note: cannot mount a tmpfs here, the APSP_FAULT path only"
    fi
    echo "ok: $(head -1 err.txt)"
    ;;
  fault_config_dir)
    # An unwritable config directory (a regular file where its parent should be: ENOTDIR, which root cannot
    # write through either), then APSP_FAULT=config_write: the studio starts, runs, logs one warning, exits 0,
    # and a settings file that was there stays as it was.
    echo "not a directory" > blocker
    XDG_CONFIG_HOME="$work/blocker/config" studio --gen "$SPEC" --block 16 --frames 4 --log-file log.txt ||
      die "studio exited $? with an unwritable config directory"
    [ "$(grep -c "warning: could not save settings: .*Not a directory" log.txt)" = 1 ] ||
      die "expected one warning: $(grep -i 'warning\|error' log.txt)"
    [ "$(grep -c "] error:" log.txt)" = 0 ] || die "errors logged: $(grep "] error:" log.txt)"
    mkdir -p "$XDG_CONFIG_HOME/apsp-studio"
    echo '{"graph_kind": "gen", "graph": "ring:n=64", "block": 8}' > "$XDG_CONFIG_HOME/apsp-studio/settings.json"
    cp "$XDG_CONFIG_HOME/apsp-studio/settings.json" saved.json
    APSP_FAULT=config_write studio --block 16 --frames 4 --log-file log2.txt || die "studio exited $? (config_write)"
    [ "$(grep -c "warning: could not save settings: .*Permission denied" log2.txt)" = 1 ] ||
      die "expected one warning: $(grep -i 'warning\|error' log2.txt)"
    grep -q "n = 64" log2.txt || die "the saved graph was not loaded: $(cat log2.txt)"
    cmp -s saved.json "$XDG_CONFIG_HOME/apsp-studio/settings.json" || die "the saved settings were changed"
    ls -A "$XDG_CONFIG_HOME/apsp-studio" | grep -q tmp && die "a temporary was left: $(ls -A "$XDG_CONFIG_HOME/apsp-studio")"
    echo "ok: $(grep warning log.txt)"
    ;;
  gpu_fault_nccl)
    # GPU machine (headless EGL): a device allocation that fails mid-load (APSP_FAULT=device_alloc:3, the matrix
    # is on the GPU already) exits 4 with one line; with 2+ GPUs, NCCL initialization failing
    # (APSP_FAULT=nccl_init) is one line naming ncclCommInitAll and exit 1, as apsp solve. No output, no crash.
    no_gpu && { echo "SKIP: $("$APSP" info --device)"; exit 77; }
    APSP_FAULT=device_alloc:3 env -u DISPLAY "$STUDIO" --headless --gen "$SPEC" --backend cuda-tuned --block 32 \
      --advance all --heatmap-png never.png 2> oom.txt >/dev/null
    rc=$?
    [ "$rc" = 4 ] || die "device allocation failure: exit status $rc, expected 4: $(cat oom.txt)"
    [ "$(wc -l < oom.txt)" = 1 ] || die "expected one line: $(cat oom.txt)"
    grep -q "not enough memory for cuda-tuned" oom.txt || die "the line does not say what: $(cat oom.txt)"
    [ ! -e never.png ] || die "an output was written after the allocation failure"
    # apsp solve the same way (the CLI's own fault tests run without a GPU).
    APSP_FAULT=device_alloc:3 "$APSP" solve --gen "$SPEC" --backend cuda-tuned --block 32 -q -o never.bin 2> cli_oom.txt
    rc=$?
    [ "$rc" = 4 ] && [ "$(wc -l < cli_oom.txt)" = 1 ] || die "apsp solve: exit status $rc: $(cat cli_oom.txt)"
    [ ! -e never.bin ] || die "apsp solve wrote its output after the allocation failure"
    gpus=$("$APSP" info --device | grep -c "^GPU [0-9]*:")
    [ "$gpus" -ge 2 ] || { echo "ok: $(cat oom.txt); $gpus GPU(s): the NCCL part needs 2"; exit 0; }
    APSP_FAULT=nccl_init APSP_MULTI_GPU_COMM=nccl env -u DISPLAY "$STUDIO" --headless --gen "$SPEC" \
      --backend cuda-tuned --block 32 --gpus 2 --advance all --heatmap-png never.png 2> err.txt >/dev/null
    rc=$?
    grep -q "has no NCCL" err.txt && { echo "built without NCCL"; exit 77; }
    [ "$rc" = 1 ] || die "exit status $rc, expected 1: $(cat err.txt)"
    [ "$(wc -l < err.txt)" = 1 ] || die "expected one line: $(cat err.txt)"
    grep -q "ncclCommInitAll failed" err.txt || die "the line does not name NCCL's init: $(cat err.txt)"
    [ ! -e never.png ] || die "an output was written"
    APSP_FAULT=nccl_init APSP_MULTI_GPU_COMM=nccl "$APSP" solve --gen "$SPEC" --backend cuda-tuned --block 32 \
      --gpus 2 -q -o never.bin 2> cli_err.txt
    rc=$?
    [ "$rc" = 1 ] && [ "$(wc -l < cli_err.txt)" = 1 ] || die "apsp solve: exit status $rc: $(cat cli_err.txt)"
    grep -q "ncclCommInitAll failed" cli_err.txt || die "apsp solve: $(cat cli_err.txt)"
    [ ! -e never.bin ] || die "apsp solve wrote its output after the NCCL failure"
    echo "ok: $(cat oom.txt); $(cat err.txt)"
    ;;
  special_input_gui)
    # /dev/zero opened from the GUI used to be read until memory ran out; now one log line, at once,
    # and the earlier graph stays.
    # Capped, so that a build that still reads /dev/zero endlessly fails here instead of taking the machine's memory.
    timeout 60 bash -c "ulimit -v 8000000; $(declare -f xvfb studio); studio --gen '$SPEC' --gui-open /dev/zero --screenshot after.png --log-file log.txt --quit" ||
      die "the app did not end promptly after /dev/zero (exit $?)"
    grep -q "error: .*/dev/zero: is a character device" log.txt || die "no error naming /dev/zero: $(cat log.txt)"
    grep -q "n = 200" log.txt || die "the earlier graph was not kept: $(cat log.txt)"
    [ -f after.png ] || die "no screenshot"
    echo "ok: $(grep /dev/zero log.txt)"
    ;;
  remembered_special_input)
    # A settings file whose last graph is /dev/zero made start-up hang (8 GB after 90 s): the demo opens instead.
    studio --gen "$SPEC" --frames 2 || die "first run exited $?"
    cfg="$XDG_CONFIG_HOME/apsp-studio/settings.json"
    sed -i -e 's|"graph_kind": *"[a-z]*"|"graph_kind": "file"|' -e 's|"graph": *"[^"]*"|"graph": "/dev/zero"|' "$cfg"
    grep -q '"graph": "/dev/zero"' "$cfg" || die "could not point the settings at /dev/zero: $(cat "$cfg")"
    timeout 60 bash -c "ulimit -v 8000000; $(declare -f xvfb studio); studio --frames 4 --screenshot shot.png --log-file log.txt" ||
      die "start-up with a remembered /dev/zero did not end promptly (exit $?)"
    grep -q "/dev/zero" log.txt || die "the log does not say why the remembered graph was not loaded: $(cat log.txt)"
    grep -q "classroom:textbook4: n = 4" log.txt || die "the demo graph was not loaded instead: $(cat log.txt)"
    [ -f shot.png ] || die "no window was drawn"
    # A remembered FIFO that nobody writes to: not even opened, the window opens at once with the demo.
    mkfifo nobody.fifo
    sed -i -e 's|"graph_kind": *"[a-z]*"|"graph_kind": "file"|' \
      -e "s|\"graph\": *\"[^\"]*\"|\"graph\": \"$work/nobody.fifo\"|" "$cfg"
    grep -q "nobody.fifo" "$cfg" || die "could not point the settings at the FIFO: $(cat "$cfg")"
    timeout 30 bash -c "$(declare -f xvfb studio); studio --frames 4 --log-file fifo_log.txt" ||
      die "start-up with a remembered FIFO did not end promptly (exit $?)"
    grep -q "nobody.fifo is not a regular file" fifo_log.txt || die "no warning about the FIFO: $(cat fifo_log.txt)"
    grep -q "classroom:textbook4: n = 4" fifo_log.txt || die "the demo graph was not loaded instead: $(cat fifo_log.txt)"
    echo "ok"
    ;;
  huge_n_gui)
    # An 8-byte file whose one matrix fits but whose solve does not is refused before allocating,
    # without freezing the app (the load runs on the worker; the earlier graph stays).
    n=$(awk '/^MemAvailable:/ { printf "%d", sqrt($2 * 1024 * 0.7 / 4) }' /proc/meminfo)
    perl -e "print pack('l<l<', $n, 0)" > huge.bin
    [ "$(stat -c %s huge.bin)" = 8 ] || die "huge.bin is not 8 bytes"
    start=$(date +%s)
    timeout 60 bash -c "$(declare -f xvfb studio); studio --gen '$SPEC' --backend cpu-blocked --gui-open huge.bin --screenshot after.png --log-file log.txt --quit" ||
      die "the app did not end promptly after huge.bin (exit $?)"
    [ $(( $(date +%s) - start )) -lt 30 ] || die "refusing huge.bin took $(( $(date +%s) - start )) s"
    grep -q "error: .*not enough memory.*huge.bin" log.txt || die "no memory refusal naming huge.bin: $(cat log.txt)"
    grep -q "n = 200" log.txt || die "the earlier graph was not kept: $(cat log.txt)"
    echo "ok: n = $n refused"
    ;;
  signals_batch)
    # SIGTERM / SIGINT stop a --run-to-end solve after the round in progress: exit 143 / 130 like
    # `apsp solve`, no outputs, the old file kept. Before, the studio solved on to the end and exited 0.
    [ -n "${HAVE_EGL:-}" ] || { echo "built without EGL"; exit 77; }
    G="er:n=2048,p=0.01,seed=1"  # cpu-naive: about 0.3 s a round, 10 s in all
    for sig in TERM INT; do
      expected=$([ $sig = TERM ] && echo 143 || echo 130)
      echo old > d.bin
      env -u DISPLAY "$STUDIO" --headless --gen "$G" --backend cpu-naive --run-to-end --distances d.bin \
        --screenshot s.png 2> err.txt > /dev/null &
      pid=$!
      sleep 3
      kill -s $sig $pid
      sent=$(date +%s%N)
      wait $pid
      rc=$?
      took_ms=$((($(date +%s%N) - sent) / 1000000))
      [ "$rc" = "$expected" ] || die "studio: SIG$sig gave exit status $rc, expected $expected: $(cat err.txt)"
      [ "$took_ms" -lt 4000 ] || die "studio: the solve went on for $took_ms ms after SIG$sig"
      grep -q "interrupted by SIG$sig" err.txt || die "studio: stderr does not say why: $(cat err.txt)"
      [ "$(cat d.bin)" = old ] || die "studio: the old --distances file was replaced"
      [ ! -e s.png ] || die "studio: an interrupted run wrote its screenshot"
      "$APSP" solve --gen "$G" --backend cpu-naive -o d.bin -q 2> err.txt &
      pid=$!
      sleep 2
      kill -s $sig $pid
      wait $pid
      rc=$?
      [ "$rc" = "$expected" ] || die "apsp solve: SIG$sig gave exit status $rc, expected $expected: $(cat err.txt)"
      [ "$(cat d.bin)" = old ] || die "apsp solve: the old output was replaced"
      left=$(ls -A | grep -v -x -e config -e d.bin -e err.txt)
      [ -z "$left" ] || die "something was left beside the outputs: $left"
    done
    echo "ok: SIGTERM 143, SIGINT 130 in both programs"
    ;;
  exit_codes_match)
    # One table of exit codes (README "Exit codes", apsp::exit_status): the same failure gives the same
    # status from `apsp solve` and `apsp-studio`.
    printf '\x05\x00' > bad.bin                            # truncated header
    printf '\x40\x42\x0f\x00\x00\x00\x00\x00' > huge.bin  # n = 1000000, m = 0: refused for memory
    for case in "2|bad.bin" "2|--gen path:n=512,w=50:100 --dtype i16 --block 32" "3|--gen classroom:name=negcycle4" \
                "4|huge.bin" "2|--gen ring:n=8 --block 0" "2|--gen ring:n=8 --no-such-flag"; do
      expected=${case%%|*}
      args=${case#*|}
      "$APSP" solve $args -o o.bin -q 2> cli.txt > /dev/null
      cli=$?
      env -u DISPLAY "$STUDIO" --headless $args --advance all --screenshot never.png 2> studio.txt > /dev/null
      st=$?
      [ "$cli" = "$expected" ] || die "apsp solve $args: exit $cli, expected $expected: $(cat cli.txt)"
      [ "$st" = "$expected" ] || die "apsp-studio $args: exit $st, expected $expected as apsp: $(cat studio.txt)"
      # A negative cycle still gets its screenshot (the lesson's slide of the cycle; exports_test.sh checks it).
      [ "$expected" = 3 ] || [ ! -e never.png ] || die "apsp-studio $args: ran on after the failure"; rm -f never.png
    done
    ;;
  idle_render)
    # An idle window renders on input only, a playing one at the full rate.
    xvfb -s "-screen 0 1600x1000x24" bash "$0" idle_render_on_display || exit 1
    ;;
  idle_render_on_display)
    # Runs inside xvfb-run (called by idle_render): the process is the studio itself, its CPU time readable.
    cpu_ticks() { awk '{ print $14 + $15 }' "/proc/$1/stat"; }
    "$STUDIO" --gen "$SPEC" --block 32 --size 1280x800 --stats-json idle.json --log-file idle.log &
    pid=$!
    sleep 4  # start-up and the settle frames
    t0=$(cpu_ticks $pid)
    sleep 5
    t1=$(cpu_ticks $pid)
    kill -TERM $pid
    wait $pid
    rc=$?
    [ "$rc" = 143 ] || die "the idle studio exited $rc after SIGTERM, expected 143"
    hz=$(getconf CLK_TCK)
    pct=$(((t1 - t0) * 100 / (5 * hz)))
    echo "idle studio: $((t1 - t0)) ticks of CPU in 5 s ($pct % of a core)"
    # Before: about 26 % of a core at 10-14 fps under software GL.
    [ "$pct" -lt 10 ] || die "the idle studio used $pct % of a core"
    "$CHECK" stats --json idle.json --max-idle-fps 3 || exit 1
    # Playing: 75 rounds at 3 rounds/s, frames as fast as the GL renders them.
    "$STUDIO" --gen "er:n=600,p=0.01,seed=2,w=1:100" --block 8 --size 1280x800 --play --rps 3 \
      --stats-json play.json &
    pid=$!
    sleep 5
    kill -TERM $pid
    wait $pid
    "$CHECK" stats --json play.json --expect-frames yes --min-active-fps 5 || exit 1
    ;;
  version)
    # --version: the project's version, exit 0, no window and no settings touched; the same as apsp's.
    out=$("$STUDIO" --version) || die "--version exited $?"
    [ "$out" = "apsp-studio $("$APSP" --version | sed 's/^apsp //')" ] || die "unexpected: '$out'"
    [ ! -e "$XDG_CONFIG_HOME/apsp-studio" ] || die "--version touched the settings"
    echo "ok: $out"
    ;;
  # --- Sweep: the engine's sweep from --sweep SPEC, its CSV and charts ---------------------------
  sweep_batch)
    # A batch sweep: every combination of the lists is a row of the same CSV apsp bench writes, one best per n
    # (or a tie), the charts as a PNG, each n's best in the log; then a threads sweep.
    lists='backend=cpu-blocked,cpu-naive;block=8,16;n=48,64;repeat=2;warmup=1;threads=1'
    studio --gen ring:n=64 --sweep "$lists" --sweep-csv s.csv --sweep-chart s.png --log-file log.txt --quit ||
      die "studio exited $?"
    grep -q '^# version: ' s.csv && grep -q '^# graph: ' s.csv || die "no context comments: $(cat s.csv)"
    grep -v '^#' s.csv > rows.csv  # the context comments, then the header and a row per timed run
    [ "$(wc -l < rows.csv)" = 17 ] || die "expected a header and 2 x 2 x 2 x 2 rows: $(cat s.csv)"
    col() { head -1 rows.csv | tr , '\n' | grep -nx "$1" | cut -d: -f1; }
    repeat=$(col repeat)
    id=$(col run_id)
    [ -n "$repeat" ] && [ -n "$id" ] || die "no repeat or run_id column: $(head -1 rows.csv)"
    # Every configuration recorded in the run history, its id on each of its rows (as apsp bench does).
    runs="$XDG_DATA_HOME/apsp-studio/runs.jsonl"
    [ "$(grep -c '"source":"sweep"' "$runs")" = 8 ] || die "expected 8 sweep records: $(cat "$runs")"
    for run_id in $(awk -F, -v c="$id" 'NR > 1 {print $c}' rows.csv | sort -u); do
      grep -q "\"id\":\"$run_id\"" "$runs" || die "run id '$run_id' of the CSV is not in the history"
    done
    [ "$(awk -F, -v c="$id" 'NR > 1 {print $c}' rows.csv | sort -u | wc -l)" = 8 ] || die "not one id per configuration"
    for b in cpu-blocked cpu-naive; do for B in 8 16; do for n in 48 64; do
      grep -q "^$b,1,$n,$B,i32," s.csv || die "no row for $b B=$B n=$n"
    done; done; done
    # Columns: 21 is best, 20 spread_pct, 19 max_ms, 7 min_ms, 6 median_ms. Each n: one best row, or two or
    # more tied for it (their min..max intervals overlap), each in the log.
    for n in 48 64; do
      best=$(awk -F, -v n=$n -v r="$repeat" 'NR > 1 && $3 == n && $21 == "best" && $r == 1' rows.csv | wc -l)
      tied=$(awk -F, -v n=$n -v r="$repeat" 'NR > 1 && $3 == n && $21 == "tied" && $r == 1' rows.csv | wc -l)
      { [ "$best" = 1 ] && [ "$tied" = 0 ]; } || { [ "$best" = 0 ] && [ "$tied" -ge 2 ]; } ||
        die "not one best configuration nor a tie at n = $n: $(cat s.csv)"
      grep -Eq "sweep (best|tied for best) at n = $n: " log.txt || die "no best of n = $n in the log: $(cat log.txt)"
    done
    # Threads as an axis: a row per thread count, the column saying it.
    studio --gen ring:n=32 --sweep 'backend=cpu-blocked;block=8;n=32;repeat=1;warmup=0;threads=1,2' \
      --sweep-csv t.csv --quit || die "studio exited $? on a threads sweep"
    col=$(grep -v '^#' t.csv | head -1 | tr , '\n' | grep -nx threads | cut -d: -f1)
    [ -n "$col" ] || die "no threads column: $(cat t.csv)"
    [ "$(grep -v '^#' t.csv | awk -F, -v c=$col 'NR > 1 {print $c}' | tr '\n' ' ')" = "1 2 " ] ||
      die "expected a row with 1 thread and one with 2: $(cat t.csv)"

    awk -F, 'NR > 1 && !($7 <= $6 && $6 <= $19 && $20 >= 0) {bad = 1} END {exit bad}' rows.csv ||
      die "min <= median <= max or the spread does not hold: $(cat s.csv)"
    "$APSP" bench --backend cpu-blocked --block 8 --n 16 --repeat 1 --warmup 0 --csv b.csv > /dev/null || die "apsp bench failed"
    [ "$(head -1 rows.csv)" = "$(grep -v '^#' b.csv | head -1)" ] ||
      die "the studio's sweep CSV and apsp bench's differ in their columns"
    [ "$(od -An -c -N4 s.png | tr -d ' ')" = '211PNG' ] || die "--sweep-chart is not a PNG"
    [ "$(stat -c %s s.png)" -gt 5000 ] || die "--sweep-chart is suspiciously small"
    ;;
  sweep_bad_spec)
    # A bad spec is one line naming --sweep (exit 2) before any window; outputs without --sweep are bad usage;
    # a sweep with nothing to run says why and exits 2 as apsp bench does.
    for spec in 'block=8,x' 'colour=red' 'dtype=f64' 'n=' 'repeat=0'; do
      studio --sweep "$spec" --quit > out.txt 2>&1
      rc=$?
      [ "$rc" = 2 ] || die "--sweep '$spec' exited $rc"
      [ "$(wc -l < out.txt)" = 1 ] && grep -q -- "--sweep" out.txt || die "--sweep '$spec': $(cat out.txt)"
    done
    studio --sweep-csv x.csv --quit > out.txt 2>&1
    [ $? = 2 ] && grep -q -- "--sweep-csv" out.txt || die "--sweep-csv without --sweep: $(cat out.txt)"
    studio --gen ring:n=16 --sweep 'backend=cpu-blocked;gpus=2;n=16' --sweep-csv x.csv --quit > out.txt 2>&1
    rc=$?
    [ "$rc" = 2 ] && grep -q "nothing to run" out.txt || die "a sweep with nothing to run exited $rc: $(cat out.txt)"
    [ ! -e x.csv ] || die "a sweep with nothing to run wrote its CSV"
    ;;
  # ---- Timeline, thread count and measure mode ----
  trace_measure)
    # --trace writes the timeline (one complete slice per round and phase: 7 rounds x 3 at n = 200, B = 32);
    # --measure times the configuration as apsp bench does and --stats-json reports it with its spread.
    studio --gen "$SPEC" --block 32 --threads 1 --run-to-end --measure --trace t.json --stats-json s.json \
      --log-file log.txt --quit || die "studio exited $?"
    grep -q '"traceEvents"' t.json || die "no traceEvents in the trace"
    slices=$(grep -c '"cat": "compute"' t.json)
    [ "$slices" = 21 ] || die "expected 21 compute slices (7 rounds x 3 phases), got $slices"
    # The copy into the solver is the CPU's upload, a slice of its own.
    grep -q '"phase": "upload"' t.json || die "no upload slice in the trace"
    grep -q '"name": "CPU"' t.json || die "the CPU process is not named"
    grep -q '"threads": 1' t.json || die "the trace does not say --threads 1"
    grep -q '"measure_ms": {' s.json || die "no solve.measure_ms in the stats"
    for field in median min max spread_pct noisy runs_ms last_run_to_end_ms; do
      grep -q "\"$field\"" s.json || die "solve.$field missing from the stats"
    done
    grep -q "measure (as apsp bench, 1 warm-up + 3 runs)" log.txt || die "the log does not report the measure run"
    grep -q "wrote t.json (timeline of" log.txt || die "the log does not report the trace"
    grep -q '"samples": "the interactive run' t.json || die "the trace does not say which run it holds"
    # --measure=N: N timed runs; the timings CSV says its rows are the interactive run's, not the measure's.
    studio --gen "$SPEC" --block 32 --threads 1 --run-to-end --measure=4 --timings-csv m.csv --stats-json m.json \
      --log-file log4.txt --quit || die "studio --measure=4 exited $?"
    grep -q "measure (as apsp bench, 1 warm-up + 4 runs)" log4.txt || die "--measure=4: $(cat log4.txt)"
    grep -q '"repeat": 4' m.json || die "--measure=4: the stats do not say 4 runs"
    grep -q '^# samples: "the interactive run.*1 warm-up + 4 timed runs' m.csv ||
      die "no samples line: $(head -20 m.csv)"
    studio --gen "$SPEC" --measure=0 --quit 2>err.txt
    [ $? = 2 ] || die "--measure=0 was not refused with status 2"
    # --threads is bounded like apsp's: a usage error, before any window.
    studio --gen "$SPEC" --threads 100000 --quit 2>err.txt
    [ $? = 2 ] || die "--threads 100000 was not refused with status 2"
    echo "ok: $slices slices, measure in the stats"
    ;;
  # ---- The studio at bench speed: the run's own device figures in the stats ----
  run_times_stats)
    # solve.last_run: the run to the end as its samples time it, beside its wall time (n = 200, B = 32: 7 rounds).
    studio --gen "$SPEC" --block 32 --threads 1 --run-to-end --stats-json s.json --log-file log.txt --quit ||
      die "studio exited $?"
    last=$(sed -n '/"last_run": {/,/}/p' s.json) || die "no solve.last_run in the stats"
    echo "$last" | grep -q '"rounds": 7,' || die "solve.last_run.rounds is not 7: $last"
    for field in wall_ms device_span_ms wall_over_device_span device_busy_ms wall_over_device_busy ms_pivot ms_rowcol \
      ms_independent ms_full; do
      echo "$last" | grep -q "\"$field\"" || die "solve.last_run.$field missing: $last"
    done
    echo "$last" | grep -E '"ms_independent": 0(\.0)?,' && die "phase 3 took no time: $last"
    echo "$last" | grep -E '"device_span_ms": 0(\.0)?,' && die "the run spans no time: $last"
    # The phases cover at most their span: busy <= span, so wall / busy >= wall / span.
    num() { echo "$last" | sed -n "s/.*\"$1\": \([0-9.e+-]*\).*/\1/p"; }
    awk -v b="$(num device_busy_ms)" -v s="$(num device_span_ms)" 'BEGIN { exit !(b > 0 && b <= s * 1.000001) }' ||
      die "device_busy_ms is not within (0, device_span_ms]: $last"
    echo "ok: $(echo "$last" | tr -d ' \n')"
    ;;
  gpu_live_view_identical)
    # GPU machine: views whose texels are 4 x 4 and 8 x 8 cells, which cuda-tuned's kernels keep current
    # themselves, on one GPU and on two where there are two: pixel-identical to cpu-blocked's.
    no_gpu && { echo "SKIP: $("$APSP" info --device)"; exit 77; }
    G="er:n=1024,p=0.004,seed=7,w=1:1000"
    gpus_list=1
    # The devices CUDA sees: CUDA_VISIBLE_DEVICES where it is set (nvidia-smi lists every GPU of the host).
    visible=$(nvidia-smi -L 2> /dev/null | grep -c '^GPU')
    [ -n "${CUDA_VISIBLE_DEVICES:-}" ] && visible=$(echo "$CUDA_VISIBLE_DEVICES" | tr ',' '\n' | grep -c .)
    [ "$visible" -ge 2 ] && gpus_list="1 2"
    for gpus in $gpus_list; do
      for adv in 1 all; do
        for budget in 256 128; do
          env -u DISPLAY "$STUDIO" --headless --gen "$G" --backend cuda-tuned --block 64 --gpus $gpus --advance $adv \
            --view-budget $budget --overlays off --heatmap-png gpu_${gpus}_${adv}_${budget}.png \
            --log-file log_${gpus}_${adv}_${budget}.txt || die "cuda-tuned run exited $?"
          grep -q "heatmap path: CUDA-GL interop" log_${gpus}_${adv}_${budget}.txt ||
            die "the interop path was not used: $(grep 'heatmap path' log_${gpus}_${adv}_${budget}.txt)"
          env -u DISPLAY "$STUDIO" --headless --gen "$G" --backend cpu-blocked --block 64 --advance $adv \
            --view-budget $budget --overlays off --heatmap-png cpu_${adv}_${budget}.png || die "cpu run exited $?"
          "$CHECK" same --a gpu_${gpus}_${adv}_${budget}.png --b cpu_${adv}_${budget}.png ||
            die "$gpus GPU(s), advance $adv, budget $budget"
        done
      done
    done
    echo "ok: live-minima views identical ($gpus_list GPU(s))"
    ;;
  # --- Overlays, presentation, numbering ---
  overlays_tiled_ring)
    # n = 20 in a 16 x 16 view (texels of 1 or 2 cells), B = 3: outlines on the blocks' texel boundaries, no
    # L-shaped pivot; every texel's centre keeps its colour (gray colormap: INF is blue, hatching on it).
    G="ring:n=20"
    studio --gen "$G" --block 3 --view-budget 16 --advance 2 --colormap gray --overlays on --heatmap-scale 8 \
      --heatmap-png on.png --quit || die "studio exited $?"
    "$CHECK" cells --png on.png --scale 8 --lut "$ASSETS/gray.txt" --gen "$G" --block 3 --rounds 2 --budget 16 \
      --min-codes 4 --min-overlay-px 500 || exit 1
    "$CHECK" align --png on.png --scale 8 --n 20 --block 3 --budget 16 --round 1 --phase 3 || exit 1
    ;;
  overlays_tiled_grid)
    # n = 512 in a 100 x 100 view (5.12 cells per texel), B = 32, after phase 2 of round 2.
    G="grid:rows=16,cols=32"
    studio --gen "$G" --block 32 --view-budget 100 --advance 2 --advance-phases 2 --overlays on --heatmap-scale 8 \
      --heatmap-png on.png --quit || die "studio exited $?"
    "$CHECK" cells --png on.png --scale 8 --lut "$ASSETS/viridis.txt" --gen "$G" --block 32 --rounds 2 --phases 2 \
      --budget 100 --min-overlay-px 500 || exit 1
    "$CHECK" align --png on.png --scale 8 --n 512 --block 32 --budget 100 --round 2 --phase 2 || exit 1
    ;;
  heatmap_scale)
    # --heatmap-scale with overlays off: every pixel of each S x S cell is the colormap colour (the exact export,
    # enlarged); an image wider than the texture limit is refused with one line (exit 2).
    "$APSP" solve --gen "$SPEC" --backend cpu-naive -o d.bin -q || die "apsp solve failed"
    studio --gen "$SPEC" --advance all --overlays off --heatmap-scale 3 --heatmap-png h3.png --quit ||
      die "studio exited $?"
    studio --gen "$SPEC" --advance all --overlays off --heatmap-png h1.png --quit || die "studio exited $?"
    "$CHECK" heatmap --png h1.png --lut "$ASSETS/viridis.txt" --distances d.bin || exit 1
    "$CHECK" scaled --png h3.png --of h1.png --scale 3 || exit 1
    studio --gen "er:n=300,p=0.01,seed=3" --heatmap-scale 64 --heatmap-png big.png --quit 2> err.txt  # 19200 px
    rc=$?
    [ "$rc" = 2 ] || die "an oversized --heatmap-scale exited $rc, expected 2"
    grep -q "heatmap-scale" err.txt || die "the message does not name --heatmap-scale: $(cat err.txt)"
    ;;
  # ---- classroom: block suggestion, graph view, slides ------------------------------------------
  classroom_block)
    # Classroom graphs open with their own block unless --block is given; classroom:NAME is shorthand.
    studio --gen classroom:cities8 --log-file log.txt --quit || die "studio exited $?"
    grep -q "block 4," log.txt || die "cities8 did not open with block 4: $(cat log.txt)"
    studio "$ASSETS/../graphs/ring12.txt" --log-file log2.txt --quit || die "studio exited $?"
    grep -q "block 3," log2.txt || die "ring12.txt did not open with its '# block: 3': $(cat log2.txt)"
    studio --gen classroom:cities8 --block 8 --log-file log3.txt --quit || die "studio exited $?"
    grep -q "block 8," log3.txt || die "--block 8 did not win over the suggestion: $(cat log3.txt)"
    "$APSP" solve --gen classroom:textbook4 --backend cpu-blocked -o d.bin > out.txt || die "apsp solve failed"
    grep -q "block 2," out.txt || die "apsp solve did not take textbook4's block 2: $(cat out.txt)"
    "$APSP" solve --gen classroom:textbook4 --backend cpu-blocked --block 4 -o d4.bin > out4.txt || die "apsp solve failed"
    grep -q "block 4," out4.txt || die "apsp solve --block 4 did not win: $(cat out4.txt)"
    cmp -s d.bin d4.bin || die "the block changed the distances"
    ;;
  graph_view_screenshot)
    # The graph view beside the heatmap: k's rings in the heatmap's k hue (reddish purple, render/overlay_style.h;
    # a phase step draws no k brackets on the heatmap, so only the graph view has it) and the pivot hue.
    [ -n "${SLIDES_CHECK:-}" ] || { echo "SKIP: built without giflib (slides_check)"; exit 77; }
    studio --gen classroom:cities8 --advance-phases 1 --size 1600x1000 --screenshot g.png --quit || die "studio exited $?"
    "$CHECK" screenshot --png g.png --lut "$ASSETS/viridis.txt" || exit 1
    "$SLIDES_CHECK" colour --png g.png --rgb 220,80,0 --min 40 || die "no pivot marks"
    "$SLIDES_CHECK" colour --png g.png --rgb 204,120,166 --min 40 || die "no k marks in the graph view"
    studio --gen classroom:cities8 --advance-phases 1 --size 1600x1000 --graph-view off --screenshot off.png --quit ||
      die "studio exited $?"
    "$SLIDES_CHECK" colour --png off.png --rgb 204,120,166 --min 0 --max 0 || die "--graph-view off still draws k's rings"
    ;;
  graph_view_hidden)
    # n = 100 is drawn, n = 101 is not (one line says why in the controls).
    [ -n "${SLIDES_CHECK:-}" ] || { echo "SKIP: built without giflib (slides_check)"; exit 77; }
    studio --gen ring:n=100,w=1:9 --block 25 --screenshot a.png --quit || die "studio exited $?"
    # k's ring in the graph view (the heatmap draws k's hue only in k-step mode).
    "$SLIDES_CHECK" colour --png a.png --rgb 204,120,166 --min 40 || die "n = 100: no graph view"
    studio --gen ring:n=101,w=1:9 --block 25 --screenshot b.png --quit || die "studio exited $?"
    "$SLIDES_CHECK" colour --png b.png --rgb 204,120,166 --min 0 --max 0 || die "n = 101: graph view drawn"
    ;;
  slides_frames)
    # One PNG frame per step boundary: cities8 with B = 4 has 2 rounds x 3 phases = 6 phase steps -> 7 frames.
    [ -n "${SLIDES_CHECK:-}" ] || { echo "SKIP: built without giflib (slides_check)"; exit 77; }
    studio --gen classroom:cities8 --export-frames fr --granularity phase --screenshot first.png --quit ||
      die "studio exited $?"
    [ "$(ls fr | wc -l)" = 7 ] || die "expected 7 frames, got: $(ls fr)"
    [ -s fr/frame_0006.png ] && [ ! -e fr/frame_0007.png ] || die "frames not numbered frame_0000 .. frame_0006"
    "$SLIDES_CHECK" same --a first.png --b fr/frame_0000.png || die "frame 0 is not the screenshot at that step"
    "$SLIDES_CHECK" differ --a fr/frame_0000.png --b fr/frame_0001.png || die "a step did not change the frame"
    # At the end of the run the export has one frame: the screenshot of the finished solve.
    studio --gen classroom:cities8 --advance all --export-frames end --screenshot last.png --quit || die "studio exited $?"
    [ "$(ls end | wc -l)" = 1 ] || die "expected 1 frame at the end, got: $(ls end)"
    "$SLIDES_CHECK" same --a last.png --b end/frame_0000.png || die "last frame is not the screenshot at the end"
    # From the middle, per round: after --advance 1 one round is left -> 2 frames.
    studio --gen classroom:cities8 --advance 1 --export-frames mid --granularity round --quit || die "studio exited $?"
    [ "$(ls mid | wc -l)" = 2 ] || die "expected 2 frames from round 1, got: $(ls mid)"
    ;;
  slides_gif)
    # textbook4 (B = 2): 2 rounds x 3 phases x 2 k = 12 k-steps -> 13 frames; per round 3 frames.
    [ -n "${SLIDES_CHECK:-}" ] || { echo "SKIP: built without giflib (slides_check)"; exit 77; }
    studio --gen classroom:textbook4 --export-frames k --gif k.gif --granularity k --quit || die "studio exited $?"
    [ "$(ls k | wc -l)" = 13 ] || die "expected 13 k-step frames, got $(ls k | wc -l)"
    "$SLIDES_CHECK" gif --gif k.gif --frames 13 --pngs k || exit 1
    studio --gen classroom:textbook4 --gif r.gif --granularity round --quit || die "studio exited $?"
    "$SLIDES_CHECK" gif --gif r.gif --frames 3 || exit 1
    # The GUI path (the export panel's command) in a window: the same frames.
    studio --gen classroom:textbook4 --export-frames gui --gif gui.gif --granularity round --frames 200 ||
      die "GUI run exited $?"
    [ "$(ls gui | wc -l)" = 3 ] || die "GUI slides: expected 3 frames, got $(ls gui | wc -l)"
    "$SLIDES_CHECK" gif --gif gui.gif --frames 3 --pngs gui || exit 1
    ;;

  # --- sparse solvers in the studio ---
  sparse_cpu_dijkstra)
    # cpu-dijkstra on 16 sources, run to the end on the worker: the rows equal apsp solve's byte for byte, the
    # stats name the sparse run and its batches, the screenshot is taken.
    G="gnm:n=64,m=300,seed=1"
    "$APSP" solve --gen "$G" --backend cpu-dijkstra --sources 0:16 -o ref.npy -q || die "apsp solve failed"
    studio --gen "$G" --backend cpu-dijkstra --sources 0:16 --run-to-end --distances d.npy --stats-json s.json \
      --screenshot x.png --quit || die "studio exited $?"
    cmp d.npy ref.npy || die "the studio's rows differ from apsp solve's"
    [ -s x.png ] || die "no screenshot"
    python3 - s.json <<'PY' || die "stats: $(cat s.json)"
import json, sys
s = json.load(open(sys.argv[1]))["sparse"]
assert s["backend"] == "cpu-dijkstra", s
assert s["sources"] == "0:16" and s["sources_count"] == 16 and s["rows_done"] == 16, s
assert s["rows_by_solver"] == 16 and s["total_ms"] > 0, s
assert len(s["batches"]) >= 1 and sum(b["rows"] for b in s["batches"]) == 16, s
print("ok:", s["total_ms"], "ms,", len(s["batches"]), "batches")
PY
    ;;
  sparse_pending_rows)
    # Four sources finished by the teaching stepper, five vertices of the fifth settled: rows 0-3 are drawn,
    # rows 4-15 are "not yet computed" (LUT entry 257, grey 128,128,128 with overlays off), distinct from INF.
    G="gnm:n=64,m=300,seed=1"
    studio --gen "$G" --backend cpu-dijkstra --sources 0:16 --advance 4 --advance-phases 5 --overlays off \
      --heatmap-png h.png --distances part.npy --screenshot x.png --quit || die "studio exited $?"
    "$SPARSE_CHECK" rows --png h.png --rows 16 --cols 64 --done 4 --rgb 128,128,128 || exit 1
    # The rows written are the four done, equal to apsp solve's first four.
    "$APSP" solve --gen "$G" --backend cpu-dijkstra --sources 0:4 -o ref.npy -q || die "apsp solve failed"
    cmp part.npy ref.npy || die "the partial rows differ from apsp solve's"
    ;;
  sparse_wide)
    # 4 sources on n = 256: a 4 x 256 result, drawn 256 pixels wide and 4 tall (not forced square).
    G="gnm:n=256,m=1500,seed=1"
    studio --gen "$G" --backend cpu-dijkstra --sources 0:4 --advance all --overlays off --heatmap-png w.png \
      --stats-json s.json --screenshot x.png --quit || die "studio exited $?"
    "$SPARSE_CHECK" wide --png w.png || exit 1
    "$SPARSE_CHECK" rows --png w.png --rows 4 --cols 256 --done 4 --rgb 128,128,128 || exit 1
    python3 -c "import json; v=json.load(open('s.json'))['view']; assert (v['rows'], v['cols']) == (4, 256), v" ||
      die "view is not 4 x 256"
    ;;
  sparse_gpu_unavailable)
    # cuda-dijkstra without a device: one line saying why, a non-zero exit, no crash.
    studio --gen ring:n=10 --backend cuda-dijkstra --sources 0:2 --quit > out.txt 2>&1
    status=$?
    if [ $status -eq 0 ]; then echo "SKIP: cuda-dijkstra runs here"; exit 77; fi
    [ $status -lt 128 ] || die "crashed (exit $status): $(cat out.txt)"
    grep -q "cuda-dijkstra" out.txt || die "no message naming cuda-dijkstra: $(cat out.txt)"
    echo "ok (exit $status): $(grep cuda-dijkstra out.txt | head -1)"
    ;;
  sparse_graph_view)
    # n <= 100, stepping source 0: the graph view marks the settled vertices (filled, "improved" hue 0,158,115),
    # the frontier (dashed ring, row/column hue 87,181,232) and the source (k's hue 204,120,166); without the
    # graph view none of the settled hue is drawn.
    G="gnm:n=20,m=60,seed=1,w=1:9"
    studio --gen "$G" --backend cpu-dijkstra --sources 0:4 --advance-phases 6 --size 1600x1000 --screenshot g.png \
      --quit || die "studio exited $?"
    "$SPARSE_CHECK" colour --png g.png --rgb 0,158,115 --min 100 || die "no settled marks"
    "$SPARSE_CHECK" colour --png g.png --rgb 87,181,232 --min 30 || die "no frontier marks"
    "$SPARSE_CHECK" colour --png g.png --rgb 204,120,166 --min 30 || die "no source mark"
    studio --gen "$G" --backend cpu-dijkstra --sources 0:4 --advance-phases 6 --size 1600x1000 --graph-view off \
      --screenshot off.png --quit || die "studio exited $?"
    "$SPARSE_CHECK" colour --png off.png --rgb 0,158,115 --min 0 --max 0 || die "settled hue drawn without the graph view"
    ;;
  # ---- The optimization ladder ----
  ladder_flag)
    # --ladder N is the Sweep window's Ladder preset as a sweep: bad N or with --sweep is one line (exit 2);
    # without a GPU every step is skipped and the batch run says so (exit 2, nothing written); with one the
    # CSV has a row per step in ladder order.
    for args in "--ladder 0" "--ladder x" "--ladder 64 --sweep n=16"; do
      studio $args --quit > out.txt 2>&1
      rc=$?
      [ "$rc" = 2 ] || die "$args exited $rc"
      [ "$(wc -l < out.txt)" = 1 ] && grep -q -- "--ladder" out.txt || die "$args: $(cat out.txt)"
    done
    if no_gpu; then
      studio --gen ring:n=16 --ladder 64 --sweep-csv l.csv --quit > out.txt 2>&1
      rc=$?
      [ "$rc" = 2 ] && grep -q "nothing to run" out.txt || die "ladder without a GPU exited $rc: $(cat out.txt)"
      [ ! -e l.csv ] || die "a ladder with nothing to run wrote its CSV"
    else
      studio --gen ring:n=200 --ladder 200 --sweep-csv l.csv --sweep-chart l.png --quit || die "studio exited $?"
      grep -v '^#' l.csv > rows.csv
      # The layout of apsp bench --ladder --csv (one writer): a row per timed run of each step.
      [ "$(head -1 rows.csv | cut -d, -f1-2)" = step,backend ] || die "not the ladder CSV layout: $(head -1 rows.csv)"
      repeat=$(sed -n 's/^# repeat: //p' l.csv)
      [ "$(wc -l < rows.csv)" = $((1 + 8 * repeat)) ] || die "expected a header and 8 steps x $repeat: $(cat l.csv)"
      [ "$(sed -n 2p rows.csv | cut -d, -f2)" = cuda-simple ] && [ "$(tail -1 rows.csv | cut -d, -f2)" = cuda-tuned ] ||
        die "steps out of ladder order: $(cat rows.csv)"
      [ -s l.png ] || die "no chart PNG"
    fi
    ;;
  # ---- Hardware counters ----
  counters_unavailable)
    # Without a GPU (or CUPTI): the batch run writes its other outputs, says why on one line and exits 2; the
    # log has the line and the Counters tab (shown by --plots-tab counters) the message.
    if ! no_gpu; then echo "a CUDA device is present: skipped"; exit 0; fi
    studio --gen "$SPEC" --counters 0 --counters-csv c.csv --plots-tab counters \
      --screenshot shot.png --stats-json s.json --log-file log.txt --quit > out.txt 2>&1
    rc=$?
    [ "$rc" = 2 ] || die "--counters without a GPU exited $rc: $(cat out.txt)"
    [ "$(grep -c 'hardware counters unavailable' out.txt)" = 1 ] || die "not one line on stderr: $(cat out.txt)"
    grep -q 'counters: unavailable: ' log.txt || die "no log line: $(cat log.txt)"
    [ ! -e c.csv ] || die "a profile that did not run wrote its CSV"
    [ -s shot.png ] || die "no screenshot of the Counters tab"
    tr -d ' \n' < s.json > s.flat  # one line: the fields below are in the "counters" object
    grep -q '"counters":{[^}]*"status":"unavailable"' s.flat && grep -q '"counters":{[^}]*"phases":0' s.flat &&
      grep -q '"counters":{[^}]*"rounds":"0"' s.flat || die "stats: $(cat s.json)"
    studio --gen "$SPEC" --counters every:0 --quit > out.txt 2>&1
    [ $? = 2 ] && grep -q -- "--counters" out.txt || die "a bad --counters was not refused: $(cat out.txt)"
    studio --gen "$SPEC" --counters-csv c.csv --quit > out.txt 2>&1
    [ $? = 2 ] && grep -q -- "--counters-csv" out.txt || die "--counters-csv without --counters: $(cat out.txt)"
    ;;

  files_reported)
    # A batch run says on stdout what it wrote, one line per file (path and what it is), and nothing else. No
    # round ran: the timings hold the upload alone (on the CPU, the copy into the solver).
    studio --gen classroom:textbook4 --size 640x480 --screenshot shot.png --heatmap-png h.png --timings-csv t.csv \
      --stats-json s.json --quit > out.txt 2> err.txt || die "studio exited $?: $(cat err.txt)"
    for line in "wrote shot.png (640 x 480 screenshot)" "wrote h.png (4 x 4 heatmap, one texel per cell)" \
                "wrote t.csv (timings CSV, 1 rows)" "wrote s.json (the run's statistics, JSON)"; do
      grep -qxF "$line" out.txt || die "no line '$line' on stdout: $(cat out.txt)"
    done
    [ "$(wc -l < out.txt)" = 4 ] || die "four lines expected on stdout: $(cat out.txt)"
    # A run that writes nothing prints nothing.
    studio --gen classroom:textbook4 --quit > quiet.txt 2>&1 || die "studio exited $?"
    [ ! -s quiet.txt ] || die "a run without outputs printed: $(cat quiet.txt)"
    ;;
  no_tooltip_at_start)
    # Under Xvfb the pointer rests in the middle of the screen, over the window. Until it moves no tooltip may
    # be drawn: around that point the window's frame equals a batch run's (whose pointer is hidden).
    # n = 200: no graph view, the heatmap fills the middle column, under the pointer.
    xvfb -s "-screen 0 1280x800x24" "$STUDIO" --gen ring:n=200 --size 1280x800 --frames 20 --screenshot live.png ||
      die "interactive run exited $?"
    xvfb -s "-screen 0 1280x800x24" "$STUDIO" --gen ring:n=200 --size 1280x800 --screenshot batch.png --quit ||
      die "batch run exited $?"
    python3 - live.png batch.png <<'PY' || die "the window opened with something drawn under the resting pointer"
import struct, sys, zlib

def pixels(path):
    data = open(path, "rb").read()
    pos, idat, width = 8, b"", 0
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour = struct.unpack(">IIBB", body[:10])
            assert depth == 8 and colour in (2, 6), (depth, colour)
            bpp = 3 if colour == 2 else 4
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    raw, stride, rows, prev = zlib.decompress(idat), width * bpp, [], bytearray(width * bpp)
    for y in range(height):
        f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for x in range(stride):
            a = line[x - bpp] if x >= bpp else 0
            b, c = prev[x], prev[x - bpp] if x >= bpp else 0
            if f == 1: line[x] = (line[x] + a) & 255
            elif f == 2: line[x] = (line[x] + b) & 255
            elif f == 3: line[x] = (line[x] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(line)
        prev = line
    return width, bpp, rows

(w1, n1, live), (w2, n2, batch) = pixels(sys.argv[1]), pixels(sys.argv[2])
assert (w1, len(live)) == (w2, len(batch)) == (1280, 800), (w1, len(live), w2, len(batch))
# The pointer at (640, 400); a tooltip opens below and to the right of it, a hovered cell is outlined under it.
# Up to x = 930: the right column (the log, whose load line carries times that differ run to run) starts near 944.
differ = sum(live[y][x * n1:x * n1 + 3] != batch[y][x * n2:x * n2 + 3] for y in range(380, 520) for x in range(600, 930))
print("pixels that differ around the pointer:", differ)
sys.exit(1 if differ else 0)
PY
    ;;
  *)
    die "unknown case $case_name"
    ;;
esac
