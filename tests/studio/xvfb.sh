# Sourced by the test scripts that run apsp-studio under a virtual X display (xvfb-run, Mesa's software GL):
# `xvfb ARGS...` is `xvfb-run ARGS...` with the two precautions below. Set APSP_TEST_XAUTH (a file in the test's
# own directory) before calling it.
# Two xvfb-run -a started at once (ctest -j) can pick the same display number, and one of them then fails to
# open it: each call starts its search for a free number at a random place.
# An auth file of our own (-f): without one xvfb-run makes a directory in /tmp and, rarely, fails to remove it
# at the end, turning the studio's exit status into its own 5.
xvfb() { xvfb-run -a -n $((100 + RANDOM % 4000)) -f "$APSP_TEST_XAUTH" "$@"; }
