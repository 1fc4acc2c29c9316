#!/usr/bin/env python3
"""Lists every ctest test that would run without the sandbox (exit 1 if any).

  check_sandboxed.py SANDBOX FIXTURE --ctest CTEST BUILD_DIR    asks ctest for the registered tests
  check_sandboxed.py SANDBOX FIXTURE --json FILE                reads `ctest --show-only=json-v1` output

A test is sandboxed when ENVIRONMENT_MODIFICATION sets HOME, every XDG base directory and APSP_HISTORY to paths
under SANDBOX (apsp_add_test and apsp_discover_tests in tests/CMakeLists.txt do), and it requires the home
guard's FIXTURE (or is that fixture's setup or cleanup).
"""
import json
import os
import subprocess
import sys

SANDBOXED_PATHS = ("HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME")


def as_list(value):
    return value if isinstance(value, list) else [value]


def problems(test, sandbox, fixture):
    props = {p["name"]: p["value"] for p in test.get("properties", [])}
    settings = {}
    for entry in as_list(props.get("ENVIRONMENT_MODIFICATION", [])):
        name, _, op_value = entry.partition("=")
        op, _, value = op_value.partition(":")
        if op == "set":
            settings[name] = value
    found = []
    for name in SANDBOXED_PATHS:
        value = settings.get(name)
        if value is None:
            found.append(f"{name} not set")
        elif not os.path.normpath(value).startswith(os.path.normpath(sandbox) + os.sep):
            found.append(f"{name}={value} is outside {sandbox}")
    if "APSP_HISTORY" not in settings:
        found.append("APSP_HISTORY not set")
    roles = [f for key in ("FIXTURES_REQUIRED", "FIXTURES_SETUP", "FIXTURES_CLEANUP")
             for f in as_list(props.get(key, []))]
    if fixture not in roles:
        found.append(f"does not require the fixture {fixture}")
    return found


def main(argv):
    if not ((len(argv) == 4 and argv[2] == "--json") or (len(argv) == 5 and argv[2] == "--ctest")):
        print(__doc__, file=sys.stderr)
        return 2
    sandbox, fixture = argv[0], argv[1]
    if argv[2] == "--json":
        with open(argv[3], encoding="utf-8") as f:
            listing = json.load(f)
    else:
        out = subprocess.run([argv[3], "--test-dir", argv[4], "--show-only=json-v1"], check=True,
                             capture_output=True, text=True).stdout
        listing = json.loads(out)
    bad = 0
    tests = listing.get("tests", [])
    for test in tests:
        found = problems(test, sandbox, fixture)
        if found:
            bad += 1
            print(f"{test['name']}: {'; '.join(found)}")
    if bad:
        print(f"{bad} of {len(tests)} tests run without the sandbox: register them with apsp_add_test or "
              "apsp_discover_tests (tests/CMakeLists.txt)")
        return 1
    print(f"all {len(tests)} tests run in the sandbox")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
