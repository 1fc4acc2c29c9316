#!/usr/bin/env bash
# The studio's handout (--handout FILE, the Export panel's Handout...): the loaded lesson's tables, byte for byte
# what `apsp handout` writes for the same graph, backend and block; a graph too large for a page is refused with
# one line and exit 2, nothing written. The writers themselves are checked in tests/engine/test_handout.cpp and
# tests/cli/handout_test.py. One case per call. Environment (set by CMake): STUDIO, APSP, WORK (scratch).
set -uo pipefail
source "$(dirname "$0")/case_env.sh"  # case_name, work (the current directory), HOME/XDG inside it, xvfb, die
studio() { xvfb -s "-screen 0 1280x800x24" "$STUDIO" --no-history "$@" --quit; }

case "$case_name" in
  handout_matches_cli)
    studio --gen classroom:cities8 --backend cpu-blocked --block 4 --handout h.pdf || die "studio exited $?"
    "$APSP" handout --gen classroom:cities8 --backend cpu-blocked --block 4 --format pdf -o c.pdf -q ||
      die "apsp handout exited $?"
    cmp h.pdf c.pdf || die "the studio's handout differs from apsp handout's"
    studio --gen classroom:textbook4 --backend cpu-naive --handout h.tex || die "studio exited $?"
    "$APSP" handout --gen classroom:textbook4 --backend cpu-naive --format tex -o c.tex -q || die "apsp handout exited $?"
    cmp h.tex c.tex || die "the studio's LaTeX handout differs from apsp handout's"
    studio --gen classroom:textbook4 --handout svgs || die "studio exited $?"
    [ -f svgs/step-00.svg ] || die "no folder of SVGs: $(ls -R)"
    ;;
  handout_too_large)
    studio --gen er:n=20,p=0.2,seed=1 --handout big.pdf > out.txt 2>&1
    status=$?
    [ "$status" = 2 ] || die "exit $status, expected 2: $(cat out.txt)"
    grep -q "handout prints n x n tables.*16" out.txt || die "no reason given: $(cat out.txt)"
    [ ! -e big.pdf ] || die "big.pdf written"
    ;;
  *) die "unknown case $case_name" ;;
esac
echo "ok: $case_name"
