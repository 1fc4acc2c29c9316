#!/usr/bin/env python3
"""The home guard: fails when anything under the real home was written while the tests ran.

  home_guard.py start STAMP [--reset SANDBOX]     records the start (the fixture's setup); empties every
                                                 test's sandbox directories but the shared cache, so each
                                                 run starts clean
  home_guard.py check STAMP [--home DIR]... [--account-home] [--skip DIR]...
                                                 lists every file under each home changed after the start

Every test runs with HOME and XDG_* pointing into the build tree (tests/CMakeLists.txt), so nothing a test does
should land in the real home. CMake names the real home twice: the one configure saw (--home $HOME) and the
account's own from the password database (--account-home), for when they differ.

Not reported, each for a reason:
  - the --skip directories: the build tree and $TMPDIR, where the tests are meant to write, may lie under the
    home;
  - ccache's cache (~/.cache/ccache, or $CCACHE_DIR): no test runs a compiler, so what changes there during the
    run is another build on the machine (a second tree, a second pass of scripts/test started by hand);
  - APSP_HOME_GUARD_IGNORE: colon-separated paths relative to the home, for a machine where other programs write
    there while the tests run (a desktop session's browser or shell history). Nothing in the project sets it.
"""
import os
import pwd
import shutil
import sys


def empty_sandboxes(root):
    """Empties each test's <root>/<test>/{home,config,data,state}/, keeping the directories (CMake made them);
    the cache all tests share (<root>/cache) stays."""
    for test in os.scandir(root):
        if not test.is_dir(follow_symlinks=False):
            continue
        for place in os.scandir(test.path):
            if place.name in ("home", "config", "data", "state") and place.is_dir(follow_symlinks=False):
                for entry in os.scandir(place.path):
                    if entry.is_dir(follow_symlinks=False):
                        shutil.rmtree(entry.path, ignore_errors=True)
                    else:
                        os.unlink(entry.path)


def start(stamp, sandbox):
    if sandbox:
        empty_sandboxes(sandbox)
    os.makedirs(os.path.dirname(os.path.abspath(stamp)), exist_ok=True)
    with open(stamp, "w", encoding="utf-8") as f:
        f.write("the tests started after this file was written\n")
    return 0


def changed_since(home, since_ns, skip):
    """Paths under home (files, links, sockets: anything not a directory) changed after since_ns."""
    found = []
    for root, dirs, files in os.walk(home, onerror=lambda e: None):
        dirs[:] = [d for d in dirs if os.path.join(root, d) not in skip]
        for name in files:
            path = os.path.join(root, name)
            try:
                st = os.lstat(path)
            except OSError:
                continue  # gone again: removed by whoever wrote it
            # ctime too: a file renamed into the home keeps its old mtime.
            # At or after: the kernel stamps files with a coarse clock, so a write just after the start may carry
            # the very same time.
            if max(st.st_mtime_ns, st.st_ctime_ns) >= since_ns:
                found.append(path)
    return sorted(found)


def check(stamp, homes, skip_dirs):
    since_ns = os.stat(stamp).st_mtime_ns
    failed = False
    for home in dict.fromkeys(os.path.realpath(h) for h in homes if h):
        if not os.path.isdir(home):
            continue
        skip = {os.path.realpath(d) for d in skip_dirs if d}
        skip.add(os.path.join(home, ".cache", "ccache"))
        if os.environ.get("CCACHE_DIR"):
            skip.add(os.path.realpath(os.environ["CCACHE_DIR"]))
        for rel in filter(None, os.environ.get("APSP_HOME_GUARD_IGNORE", "").split(":")):
            skip.add(os.path.join(home, rel))
        found = changed_since(home, since_ns, skip)
        if found:
            failed = True
            print(f"written under the real home {home} while the tests ran ({len(found)} files):")
            for path in found[:50]:
                print(f"  {path}")
            if len(found) > 50:
                print(f"  ... and {len(found) - 50} more")
    if failed:
        print("a test wrote into the user's files: give it the sandbox (apsp_add_test / apsp_discover_tests in "
              "tests/CMakeLists.txt); if another program on this machine wrote them, list its paths in "
              "APSP_HOME_GUARD_IGNORE")
        return 1
    print("nothing written under the real home while the tests ran")
    return 0


def main(argv):
    if len(argv) in (2, 4) and argv[0] == "start" and argv[2:3] in ([], ["--reset"]):
        return start(argv[1], argv[3] if len(argv) == 4 else "")
    if len(argv) >= 2 and argv[0] == "check":
        homes, skip, rest = [], [], argv[2:]
        while rest:
            if rest[0] == "--account-home":
                homes.append(pwd.getpwuid(os.getuid()).pw_dir)
                rest = rest[1:]
                continue
            flag, value, rest = rest[0], rest[1] if len(rest) > 1 else "", rest[2:]
            if flag == "--home":
                homes.append(value)
            elif flag == "--skip":
                skip.append(value)
            else:
                print(f"home_guard.py: unknown argument {flag}", file=sys.stderr)
                return 2
        return check(argv[1], homes, skip)
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
