#!/usr/bin/env bash
# docs/teaching.md's 15-minute lesson: scripts/teaching-screenshots runs every command the lesson shows (headless,
# at 1280 x 720 here) and writes every picture the lesson links; the lesson links only pictures that are in
# docs/images/teaching/, and every picture there is linked. Environment (set by CMake): BUILD (the build
# directory), SOURCE (the source tree), WORK (scratch), HAVE_EGL (1 where the studio can render headless).
set -uo pipefail
work="$WORK/teaching_screenshots"
rm -rf "$work" && mkdir -p "$work" || exit 1
die() { echo "FAIL: $*" >&2; exit 1; }
[ -n "${HAVE_EGL:-}" ] || { echo "built without EGL: no headless screenshots"; exit 77; }

doc="$SOURCE/docs/teaching.md"
images="$SOURCE/docs/images/teaching"
env -u DISPLAY python3 "$SOURCE/scripts/teaching-screenshots" --build "$BUILD" --out "$work/out" --only 1280x720 \
  --doc "$doc" > "$work/run.txt" 2>&1 || die "teaching-screenshots failed: $(tail -20 "$work/run.txt")"

python3 - "$doc" "$images" "$work/out" <<'PY' || exit 1
import os, re, struct, sys
doc, images, out = sys.argv[1:]
text = open(doc, encoding="utf-8").read()
linked = sorted(set(re.findall(r"\(images/teaching/([^)\s]+\.png)\)", text)))
problems = []
if len(linked) < 10:
    problems.append(f"{doc} links only {len(linked)} lesson pictures")
for name in linked:
    if not os.path.isfile(os.path.join(images, name)):
        problems.append(f"{doc} links images/teaching/{name}, which is not in {images}")
for name in sorted(os.listdir(images)):
    if name not in linked:
        problems.append(f"{images}/{name} is not linked from {doc} (stale picture)")
made = [name for name in linked if "-1280x720" in name]
if not made:
    problems.append("no linked picture at 1280x720")
for name in made:
    path = os.path.join(out, name)
    if not os.path.isfile(path):
        problems.append(f"teaching-screenshots did not write {name}")
        continue
    with open(path, "rb") as f:
        head = f.read(24)
    if head[:8] != b"\x89PNG\r\n\x1a\n":
        problems.append(f"{name} is not a PNG")
    elif struct.unpack(">II", head[16:24]) != (1280, 720):
        problems.append(f"{name} is {struct.unpack('>II', head[16:24])}, not 1280 x 720")
for problem in problems:
    print("FAIL:", problem, file=sys.stderr)
print(f"{len(linked)} pictures linked, {len(made)} written at 1280 x 720")
sys.exit(1 if problems else 0)
PY
# The lesson's other commands (the exports) ran too: the script names each one it ran.
grep -q "export-frames" "$work/run.txt" || die "the slides command of the lesson did not run: $(cat "$work/run.txt")"
