# Sourced first by the studio's case scripts (one case per call, its name in "$1"): the case's own scratch
# directory under $WORK (the caller ends up in it), the user's settings, history, home and X authority kept out
# (HOME and XDG_* point inside it, so nothing a test runs can touch the user's files), the Xvfb wrapper and die().
# Sets case_name and work.
case_name=$1
work="$WORK/$case_name"
rm -rf "$work" && mkdir -p "$work/config" && cd "$work" || exit 1
export HOME="$work/config" XDG_CONFIG_HOME="$work/config" XDG_DATA_HOME="$work/config/data"
export APSP_TEST_XAUTH="$work/config/Xauthority"
source "$(dirname "${BASH_SOURCE[0]}")/xvfb.sh"
die() { echo "FAIL: $*" >&2; exit 1; }
