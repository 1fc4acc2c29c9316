// DIMACS shortest-path format (.gr): "c" comments, one "p sp n m" line, then m "a u v w" arcs, 1-based.
#include "graph_formats.h"
#include "text_scan.h"

#include <apsp/io/atomic_file.h>

#include <algorithm>
#include <limits>

namespace apsp::io_detail {

Graph read_dimacs(const MappedFile& file, const ReadContext& ctx) {
  const std::string& path = file.path();
  if (file.size() == 0) throw InputError(path, "", "empty file (expected a 'p sp n m' line and 'a u v w' arcs)");
  LineScanner lines(file.text());
  Graph g;
  bool have_problem = false;
  std::int64_t declared_m = 0;
  std::int64_t problem_line = 0;
  std::string_view tok;
  while (lines.next()) {
    const std::string_view line = lines.line();
    const std::int64_t ln = lines.line_no();
    Tokenizer t(line, false);
    if (!t.next(tok)) continue;  // blank line
    if (tok == "c") continue;
    if (tok == "p") {
      if (have_problem) throw InputError(path, line_where(ln), "second 'p' line (the first is on line " + std::to_string(problem_line) + ")");
      std::string_view kind, ns, ms, extra;
      if (!t.next(kind) || !t.next(ns) || !t.next(ms)) throw InputError(path, line_where(ln), "truncated header: expected 'p sp n m'");
      if (t.next(extra)) throw InputError(path, line_where(ln), "unexpected text " + quote_token(extra) + " after 'p sp n m'");
      if (kind != "sp") throw InputError(path, line_where(ln), "problem type " + quote_token(kind) + " is not 'sp'");
      const std::int64_t n = parse_int(ns, path, ln, "vertex count n");
      const std::int64_t m = parse_int(ms, path, ln, "arc count m");
      if (n < 0) throw InputError(path, line_where(ln), "negative vertex count n = " + std::to_string(n));
      if (m < 0) throw InputError(path, line_where(ln), "negative arc count m = " + std::to_string(m));
      if (n > std::numeric_limits<std::int32_t>::max())
        throw InputError(path, line_where(ln), "vertex count n = " + std::to_string(n) + " exceeds the int32 range");
      // Every arc line takes at least 8 bytes ("a 1 1 0\n"): a larger m cannot be in this file.
      const std::uint64_t max_arcs = lines.remaining() / 7 + 1;
      if (static_cast<std::uint64_t>(m) > max_arcs)
        throw InputError(path, line_where(ln),
                         "m = " + std::to_string(m) + " arcs cannot fit in the " + std::to_string(lines.remaining()) + " bytes that follow (m larger than the payload)");
      ctx.on_header(n);
      g.n = static_cast<std::int32_t>(n);
      declared_m = m;
      g.edges.reserve(static_cast<std::size_t>(m));
      have_problem = true;
      problem_line = ln;
      continue;
    }
    if (tok == "a") {
      if (!have_problem) throw InputError(path, line_where(ln), "arc before the 'p sp n m' line (missing p line)");
      if (g.m() == declared_m)
        throw InputError(path, line_where(ln), "more arcs than the " + std::to_string(declared_m) + " declared on line " + std::to_string(problem_line));
      std::string_view us, vs, ws, extra;
      if (!t.next(us) || !t.next(vs) || !t.next(ws)) throw InputError(path, line_where(ln), "arc line needs 'a u v w'");
      if (t.next(extra)) throw InputError(path, line_where(ln), "unexpected text " + quote_token(extra) + " after 'a u v w'");
      const std::int64_t u = parse_int(us, path, ln, "source vertex");
      const std::int64_t v = parse_int(vs, path, ln, "target vertex");
      const std::int64_t w = parse_int(ws, path, ln, "weight");
      if (u < 1 || u > g.n) throw InputError(path, line_where(ln), "source vertex " + std::to_string(u) + " outside 1.." + std::to_string(g.n));
      if (v < 1 || v > g.n) throw InputError(path, line_where(ln), "target vertex " + std::to_string(v) + " outside 1.." + std::to_string(g.n));
      g.edges.push_back(Edge{static_cast<std::int32_t>(u - 1), static_cast<std::int32_t>(v - 1), checked_weight(w, path, ln)});
      continue;
    }
    throw InputError(path, line_where(ln), "unexpected line starting with " + quote_token(tok) + " (expected 'c', 'p' or 'a')");
  }
  if (!have_problem) throw InputError(path, "", "missing 'p sp n m' line");
  if (g.m() != declared_m)
    throw InputError(path, line_where(lines.line_no()),
                     "fewer arcs than declared: found " + std::to_string(g.m()) + ", line " + std::to_string(problem_line) + " declares " +
                         std::to_string(declared_m));
  return g;
}

void write_dimacs(const std::string& path, const Graph& g) {
  AtomicFile file(path);
  TextOut out([&file](const char* p, std::size_t n) { file.write(p, n); });
  out.put("c written by apsp\np sp ").put_int(g.n).put(' ').put_int(g.m()).put('\n');
  for (const Edge& e : g.edges) out.put("a ").put_int(e.src + 1).put(' ').put_int(e.dst + 1).put(' ').put_int(e.weight).put('\n');
  out.flush();
  file.commit();
}

}  // namespace apsp::io_detail
