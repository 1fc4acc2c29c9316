#!/usr/bin/env python3
"""apsp bench --json and apsp runs show --json against docs/bench-json.schema.json, with the aggregates
recomputed from the iteration entries (median, min, max, mean) and the fields Google Benchmark's compare.py reads.

Usage: bench_json_test.py APSP SCHEMA WORKDIR. Exit 77 (SKIP) without the python3 jsonschema module
(scripts/setup installs python3-jsonschema).
"""
import json
import os
import shutil
import statistics
import subprocess
import sys

try:
    import jsonschema
except ImportError:
    print("SKIP: the python3 jsonschema module is missing (scripts/setup installs python3-jsonschema)")
    sys.exit(77)

apsp, schema_path, work = sys.argv[1:4]
shutil.rmtree(work, ignore_errors=True)  # a fresh history each run
os.makedirs(work)
env = dict(os.environ, XDG_DATA_HOME=os.path.join(work, "data"), APSP_HISTORY="on")
failures = []


def check(condition, what):
    if not condition:
        failures.append(what)


def run(*args):
    p = subprocess.run([apsp, *args], env=env, capture_output=True, text=True, timeout=600)
    if p.returncode != 0:
        print(f"apsp {' '.join(args)}: exit {p.returncode}\n{p.stderr}")
        sys.exit(1)
    return p


with open(schema_path) as f:
    validator = jsonschema.Draft202012Validator(json.load(f))


def validate(doc, origin):
    for error in validator.iter_errors(doc):
        failures.append(f"{origin}: {'/'.join(map(str, error.absolute_path))}: {error.message}")


def check_aggregates(doc, origin):
    """Every aggregate entry equals its statistic over the family's iteration entries, field by field."""
    runs = {}
    for e in doc["benchmarks"]:
        if e["run_type"] == "iteration":
            runs.setdefault(e["family_index"], []).append(e)
    stats = {"median": statistics.median, "min": min, "max": max, "mean": statistics.fmean}
    checked = 0
    for e in doc["benchmarks"]:
        if e["run_type"] != "aggregate" or e["aggregate_name"] not in stats:
            continue
        family = runs[e["family_index"]]
        check(e["repetitions"] == len(family), f"{origin}: {e['name']}: repetitions {e['repetitions']} != {len(family)} runs")
        for key, value in e.items():
            if key not in ("real_time", "cpu_time") and not key.endswith("_ms"):
                continue
            values = [r[key] for r in family if key in r]
            expected = stats[e["aggregate_name"]](values)
            check(abs(value - expected) <= 1e-9 * max(1.0, abs(expected)),
                  f"{origin}: {e['name']}.{key} = {value}, recomputed {expected} from {values}")
            checked += 1
    check(checked > 0, f"{origin}: no aggregate entry to check")
    for family, entries in runs.items():
        indices = sorted(r["repetition_index"] for r in entries)
        check(indices == list(range(len(entries))), f"{origin}: family {family}: repetition_index {indices}")
        check(len({r["apsp"]["id"] for r in entries}) == 1, f"{origin}: family {family}: the runs' ids differ")


# A sweep on the CPU: two backends, two dtypes, two sizes, three timed runs each.
out = os.path.join(work, "bench.json")
bench = ["bench", "--backend", "cpu-blocked,cpu-naive", "--n", "48,64", "--block", "16", "--dtype", "i32,i16",
         "--repeat", "3", "--warmup", "0", "--threads", "1"]
run(*bench, "--json", out, "--csv", os.path.join(work, "bench.csv"))
with open(out) as f:
    doc = json.load(f)
validate(doc, "bench.json")
check_aggregates(doc, "bench.json")
iterations = [e for e in doc["benchmarks"] if e["run_type"] == "iteration"]
check(len(iterations) == 2 * 2 * 2 * 3, f"bench.json: {len(iterations)} iteration entries, expected 24")
check(len({e["name"] for e in iterations}) == 8, "bench.json: the 8 configurations do not have 8 names")
check(any("pivot_ms" in e for e in iterations), "bench.json: no per-phase times")
check(doc["context"]["apsp"].get("repeat") == "3", f"bench.json: context.apsp: {doc['context']['apsp']}")

# --json - : the document alone on standard output, the table on standard error.
p = run(*bench, "--json", "-", "--no-history")
try:
    validate(json.loads(p.stdout), "bench --json -")
except json.JSONDecodeError as e:
    failures.append(f"bench --json -: standard output is not JSON ({e})")
check("apsp bench:" in p.stderr, "bench --json -: the table is not on standard error")

# Both files on standard output would be one unreadable stream: refused before any run.
p = subprocess.run([apsp, *bench, "--csv", "-", "--json", "-"], env=env, capture_output=True, text=True, timeout=600)
check(p.returncode == 2 and "only one of them can go to standard output" in p.stderr and not p.stdout,
      f"bench --csv - --json -: exit {p.returncode}, stderr {p.stderr!r}")

# An output that could only fail after all the work (a directory) is refused before any run.
p = subprocess.run([apsp, *bench, "--json", work], env=env, capture_output=True, text=True, timeout=600)
check(p.returncode == 2 and "--json" in p.stderr and "apsp bench: block" not in p.stdout + p.stderr,
      f"bench --json DIRECTORY: exit {p.returncode}, stdout {p.stdout!r}, stderr {p.stderr!r}")

# apsp runs show ID --json: one run, the same layout, its repeats kept.
p = run("runs", "show", "last", "--json")
shown = json.loads(p.stdout)
validate(shown, "runs show --json")
check_aggregates(shown, "runs show --json")
check(len([e for e in shown["benchmarks"] if e["run_type"] == "iteration"]) == 3, "runs show --json: not 3 runs")
check(shown["benchmarks"][0]["apsp"]["id"] == iterations[-1]["apsp"]["id"],
      "runs show last --json: not the last run of the sweep")

if failures:
    print("\n".join(failures))
    sys.exit(1)
print("ok: bench --json and runs show --json match the schema; aggregates recomputed from the runs")
