#!/usr/bin/env python3
"""apsp handout, read back: the LaTeX tabular, the SVG pictures (an XML parser) and the PDF (its cross-reference
table and text strings; pdftotext and pdfinfo where poppler is installed) print the numbers `apsp solve -o` writes
for the same graph; the LaTeX compiles where a TeX engine is installed (pdflatex, lualatex or tectonic: skipped
with the reason otherwise); CLRS's graph (classroom:clrs) gives the textbook's D^(5) and PI^(5), 1-based.

usage: handout_test.py APSP WORKDIR"""
import os
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET

APSP, WORK = sys.argv[1], sys.argv[2]
INF = 1073741823  # kInf32, as the distance CSV writes unreachable
failures = []


def check(ok, what):
    if not ok:
        failures.append(what)
        print("FAIL: " + what)


def run(*args, expect=0):
    r = subprocess.run([APSP, *args], capture_output=True, text=True, timeout=120)
    check(r.returncode == expect, "apsp %s: exit %d, expected %d: %s" % (" ".join(args), r.returncode, expect, r.stderr))
    return r


def solved(spec):
    out = os.path.join(WORK, "solve.csv")
    run("solve", "--gen", spec, "--backend", "cpu-naive", "-o", out, "-q", "--no-history")
    with open(out) as f:
        return [[INF if v.strip() in ("inf", "INF") else int(v) for v in line.split(",")] for line in f if line.strip()]


def cell_value(text):
    """A cell's text in any of the three formats -> int (INF, -1 for NIL)."""
    t = text.replace("$", "").replace("\\mathbf{", "").replace("}^{*}", "").replace("^{*}", "").strip()
    if "infty" in t or t in ("\u221e", "\xa5"):
        return INF
    if "nil" in t.lower():
        return -1
    return int(t)


def latex_tables(tex):
    """Every tabular's cells (row labels dropped), in order."""
    tables = []
    for body in re.findall(r"\\hline\n(.*?)\\end\{tabular\}", tex, re.S):
        rows = [line[: -len(" \\\\")] for line in body.splitlines() if line.endswith(" \\\\")]
        tables.append([[cell_value(c) for c in row.split(" & ")[1:]] for row in rows])
    return tables


def svg_tables(path):
    """The SVG's tables: value texts (anchored at the end, not italic headers), row by row."""
    root = ET.parse(path).getroot()  # raises on XML that is not well-formed
    ns = "{http://www.w3.org/2000/svg}"
    cells = [t for t in root.iter(ns + "text") if t.get("text-anchor") == "end" and t.get("font-style") != "italic"]
    return [cell_value("".join(t.itertext())) for t in cells]


def pdf_checked_strings(data):
    """Checks the PDF's structure (each xref entry points at its object, each stream's /Length at endstream) and
    returns the pages' text strings in order."""
    check(data.startswith(b"%PDF-1.4\n"), "PDF header")
    xref = int(re.findall(rb"startxref\n(\d+)\n%%EOF\n$", data)[0])
    check(data[xref:xref + 5] == b"xref\n", "startxref points at the xref table")
    count = int(re.match(rb"xref\n0 (\d+)\n", data[xref:]).group(1))
    table = data.index(b"\n", xref + 5) + 1
    for i in range(1, count):
        entry = data[table + 20 * i: table + 20 * i + 20]
        offset = int(entry[:10])
        check(data[offset:].startswith(b"%d 0 obj\n" % i), "xref entry %d points at its object" % i)
    strings = []
    for m in re.finditer(rb"/Length (\d+) >>\nstream\n", data):
        start, length = m.end(), int(m.group(1))
        check(data[start + length: start + length + 11] == b"\nendstream\n", "stream length at %d" % start)
        for s in re.findall(rb"\(((?:[^()\\]|\\.)*)\) Tj", data[start: start + length]):
            s = re.sub(rb"\\([0-7]{3})", lambda o: bytes([int(o.group(1), 8)]), s)
            strings.append(re.sub(rb"\\(.)", rb"\1", s).decode("latin-1"))
    return strings


def main():
    os.makedirs(WORK, exist_ok=True)
    spec = "er:n=7,p=0.2,seed=4,w=-2:9"  # unreachable pairs (infinity) and negative distances
    want = solved(spec)
    n = len(want)

    # LaTeX: the last D table is the solve's result; it compiles where a TeX engine is.
    tex = os.path.join(WORK, "h.tex")
    run("handout", "--gen", spec, "--format", "tex", "-o", tex, "--tables", "d", "-q")
    source = open(tex).read()
    tables = latex_tables(source)
    check(len(tables) == n + 1, "LaTeX: one table per k and the input (%d)" % len(tables))
    check(tables[-1] == want, "LaTeX: final D equals apsp solve's")
    engine = next((e for e in ("pdflatex", "lualatex", "tectonic") if shutil.which(e)), None)
    if engine:
        args = [engine, tex] if engine == "tectonic" else [engine, "-interaction=nonstopmode", "-halt-on-error", tex]
        r = subprocess.run(args, cwd=WORK, capture_output=True, text=True, timeout=300)
        check(r.returncode == 0, "LaTeX compiles with %s: %s" % (engine, r.stdout[-2000:]))
    else:
        print("SKIP LaTeX compile: no TeX engine installed (pdflatex, lualatex, tectonic)")

    # SVG: a folder of step-NN.svg, well-formed, the last one the solve's result.
    folder = os.path.join(WORK, "svg")
    run("handout", "--gen", spec, "--format", "svg", "-o", folder, "--tables", "d", "-q")
    names = sorted(os.listdir(folder))
    check(names == ["step-%02d.svg" % s for s in range(n + 1)], "SVG: one picture per table: %s" % names)
    check(svg_tables(os.path.join(folder, names[-1])) == [v for row in want for v in row], "SVG: final D")

    # PDF: structure, then the last page's cells; pdftotext / pdfinfo where installed.
    pdf = os.path.join(WORK, "h.pdf")
    run("handout", "--gen", spec, "--format", "pdf", "-o", pdf, "--tables", "d", "-q")
    data = open(pdf, "rb").read()
    strings = pdf_checked_strings(data)
    last = max(i for i, s in enumerate(strings) if s == "D")
    cells = [cell_value(s) for s in strings[last + 2 + 2 * n: last + 2 + 2 * n + n * n]]
    check(cells == [v for row in want for v in row], "PDF: final D on the last page")
    check(b"/Count %d" % (n + 1) in data, "PDF: one page per table")
    if shutil.which("pdfinfo") and shutil.which("pdftotext"):
        info = subprocess.run(["pdfinfo", pdf], capture_output=True, text=True)
        check(info.returncode == 0 and re.search(r"Pages:\s+%d" % (n + 1), info.stdout), "pdfinfo: " + info.stderr)
        text = subprocess.run(["pdftotext", "-layout", "-f", str(n + 1), "-l", str(n + 1), pdf, "-"],
                              capture_output=True, text=True).stdout
        rows = [line.split() for line in text.splitlines()]
        for i, row in enumerate(want):
            expect = [str(i)] + ["\u221e" if v == INF else str(v) for v in row]
            check(expect in rows, "pdftotext: row %d %s in %s" % (i, expect, rows))
    else:
        print("SKIP pdftotext / pdfinfo: poppler-utils not installed")

    # CLRS figures 25.1 / 25.4: the final D and PI, 1-based, as the textbook prints them.
    clrs = os.path.join(WORK, "clrs.tex")
    run("handout", "--gen", "classroom:clrs", "--one-based", "--step", "-1", "--format", "tex", "-o", clrs, "-q")
    d5, pi5 = latex_tables(open(clrs).read())
    check(d5 == [[0, 1, -3, 2, -4], [3, 0, -4, 1, -1], [7, 4, 0, 5, 3], [2, -1, -5, 0, -2], [8, 5, 1, 6, 0]],
          "CLRS D^(5): %s" % d5)
    nil = -1
    check(pi5 == [[nil, 3, 4, 5, 1], [4, nil, 4, 2, 1], [4, 3, nil, 2, 1], [4, 3, 4, nil, 1], [4, 3, 4, 5, nil]],
          "CLRS PI^(5): %s" % pi5)
    check("$D^{(5)}$" in open(clrs).read() and "$\\Pi^{(5)}$" in open(clrs).read(), "CLRS captions D^(5), PI^(5)")

    # Refusals: one line, exit 2 (usage), nothing written.
    big = run("handout", "--gen", "er:n=17,p=0.2,seed=1", "--format", "pdf", "-o", os.path.join(WORK, "big.pdf"),
              expect=2)
    check(len(big.stderr.strip().splitlines()) == 1 and "16" in big.stderr, "n = 17 refused in one line")
    check(not os.path.exists(os.path.join(WORK, "big.pdf")), "nothing written for a refused handout")
    run("handout", "--gen", spec, "--format", "pdf", "--fragment", "-o", os.path.join(WORK, "f.pdf"), expect=2)

    if failures:
        print("%d failure(s)" % len(failures))
        return 1
    print("handout: LaTeX, SVG and PDF agree with apsp solve")
    return 0


if __name__ == "__main__":
    sys.exit(main())
