#!/usr/bin/env python3
"""cpu-dijkstra against SciPy's Dijkstra (scipy.sparse.csgraph.shortest_path(method='D')) on the same graph.

A measurement tool, not a dependency of the project: it needs numpy and scipy (Debian: apt-get install
python3-scipy) and a built `apsp`. It generates the graph with `apsp gen`, solves it with `apsp solve --backend
cpu-dijkstra`, solves the same CSR graph with SciPy, checks that every distance is equal and prints both times.

Times: apsp's is the solve time the CLI prints (CSR graph in memory, distances out, file writing excluded);
SciPy's is the shortest_path call on a CSR matrix already built (the float64 n x n result included, as
apsp's includes its int32 rows). Median of --repeat runs each. Also printed: CPU seconds (user + system),
which a busy machine disturbs less than wall time: the whole apsp process (reading the graph and writing the
.npy included, which only counts against apsp) and SciPy's call.

Usage: scripts/compare-scipy.py [--apsp build/app/cli/apsp] [--spec gnm:n=4096,m=30000,seed=1] [--repeat 3]
                                [--threads 0]
"""
import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time

import numpy as np
from scipy.sparse import csr_matrix
from scipy.sparse.csgraph import shortest_path

INF32 = 2**30 - 1


def read_edge_list(path):
    """apsp's edge list: a '# n=N m=M' first line, then 'src dst weight' per line, 0-based."""
    with open(path) as f:
        header = f.readline()
        n = int(re.search(r"n=(\d+)", header).group(1))
        edges = np.loadtxt(f, dtype=np.int64, ndmin=2)
    return n, edges


def scipy_graph(n, edges):
    """CSR matrix with the lightest of parallel edges and without self loops (non-negative ones only cost 0;
    SciPy would otherwise add parallel entries together)."""
    src, dst, w = edges[:, 0], edges[:, 1], edges[:, 2]
    keep = src != dst
    src, dst, w = src[keep], dst[keep], w[keep]
    order = np.lexsort((w, dst, src))
    src, dst, w = src[order], dst[order], w[order]
    first = np.ones(len(src), dtype=bool)
    first[1:] = (src[1:] != src[:-1]) | (dst[1:] != dst[:-1])
    if (w[first] <= 0).any():
        sys.exit("compare-scipy: use positive weights (SciPy drops explicit zeros of a sparse matrix)")
    return csr_matrix((w[first].astype(np.float64), (src[first], dst[first])), shape=(n, n))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--apsp", default="build/app/cli/apsp")
    parser.add_argument("--spec", default="gnm:n=4096,m=30000,seed=1")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--threads", type=int, default=0, help="apsp --threads (0: one per core)")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory(prefix="apsp-scipy-") as tmp:
        graph_path = os.path.join(tmp, "g.el")
        out_path = os.path.join(tmp, "d.npy")
        subprocess.run([args.apsp, "gen", "--spec", args.spec, "-o", graph_path], check=True, stdout=subprocess.DEVNULL)
        n, edges = read_edge_list(graph_path)

        apsp_times, apsp_cpu = [], []
        for _ in range(args.repeat):
            before = os.times()
            run = subprocess.run([args.apsp, "solve", graph_path, "--backend", "cpu-dijkstra", "--threads", str(args.threads),
                                  "-o", out_path], check=True, capture_output=True, text=True)
            after = os.times()
            apsp_times.append(float(re.search(r": ([0-9.]+) s -> ", run.stdout).group(1)))
            apsp_cpu.append(after.children_user + after.children_system - before.children_user - before.children_system)
        ours = np.load(out_path)

        graph = scipy_graph(n, edges)
        scipy_times, scipy_cpu = [], []
        for _ in range(args.repeat):
            start, cpu_start = time.perf_counter(), time.process_time()
            theirs = shortest_path(graph, method="D", directed=True)
            scipy_times.append(time.perf_counter() - start)
            scipy_cpu.append(time.process_time() - cpu_start)

    theirs = np.where(np.isinf(theirs), INF32, theirs).astype(np.int64)
    same = ours.shape == theirs.shape and np.array_equal(ours.astype(np.int64), theirs)
    a, s = statistics.median(apsp_times), statistics.median(scipy_times)
    print(f"graph {args.spec}: n = {n}, m = {graph.nnz}, all {n} sources")
    print(f"apsp cpu-dijkstra (threads {args.threads or os.cpu_count()}): {a:.3f} s  (runs: {', '.join(f'{t:.3f}' for t in apsp_times)})")
    print(f"scipy {__import__('scipy').__version__} shortest_path(method='D'): {s:.3f} s  (runs: {', '.join(f'{t:.3f}' for t in scipy_times)})")
    ac, sc = statistics.median(apsp_cpu), statistics.median(scipy_cpu)
    print(f"CPU seconds: apsp process {ac:.3f} (all threads, reading and writing included), scipy {sc:.3f}")
    print(f"speed-up: {s / a:.2f}x wall, {sc / ac:.2f}x CPU; same distances: {'yes' if same else 'NO'}")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
