// Matrix Market coordinate files (.mtx): entry (i, j, v) is the arc i -> j with weight v, 1-based.
#include "graph_formats.h"
#include "text_scan.h"

#include <apsp/io/atomic_file.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <limits>

namespace apsp::io_detail {

namespace {
std::string lower(std::string_view s) {
  std::string out(s);
  std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return out;
}

enum class Field { Integer, Real, Pattern };
}  // namespace

Graph read_matrix_market(const MappedFile& file, const ReadContext& ctx) {
  const std::string& path = file.path();
  if (file.size() == 0) throw InputError(path, "", "empty file (expected a %%MatrixMarket header)");
  LineScanner lines(file.text());
  lines.next();
  const std::int64_t header_line = lines.line_no();
  Tokenizer ht(lines.line(), false);
  std::string_view banner, object, format, field_s, symmetry_s, extra;
  if (!ht.next(banner) || lower(banner) != "%%matrixmarket")
    throw InputError(path, line_where(header_line), "missing '%%MatrixMarket' header");
  if (!ht.next(object) || !ht.next(format) || !ht.next(field_s) || !ht.next(symmetry_s))
    throw InputError(path, line_where(header_line), "truncated header: expected '%%MatrixMarket matrix coordinate <field> <symmetry>'");
  if (lower(object) != "matrix") throw InputError(path, line_where(header_line), "object " + quote_token(object) + " is not 'matrix'");
  if (lower(format) != "coordinate")
    throw InputError(path, line_where(header_line), "format " + quote_token(format) + " is not supported (only 'coordinate')");
  Field field;
  const std::string f = lower(field_s);
  if (f == "integer")
    field = Field::Integer;
  else if (f == "real" || f == "double")
    field = Field::Real;
  else if (f == "pattern")
    field = Field::Pattern;
  else
    throw InputError(path, line_where(header_line), "field " + quote_token(field_s) + " is not supported (integer, real or pattern)");
  const std::string sym = lower(symmetry_s);
  if (sym != "general" && sym != "symmetric")
    throw InputError(path, line_where(header_line), "symmetry " + quote_token(symmetry_s) + " is not supported (general or symmetric)");
  const bool symmetric = sym == "symmetric";
  if (ht.next(extra)) throw InputError(path, line_where(header_line), "unexpected text " + quote_token(extra) + " in the header");

  // Size line: the first line that is neither blank nor a comment.
  std::string_view tok;
  std::int64_t size_line = 0;
  std::int64_t rows = 0, cols = 0, nnz = 0;
  while (lines.next()) {
    Tokenizer t(lines.line(), false);
    if (!t.next(tok) || tok.front() == '%') continue;
    size_line = lines.line_no();
    std::string_view cs, zs;
    if (!t.next(cs) || !t.next(zs)) throw InputError(path, line_where(size_line), "size line needs 'rows cols entries'");
    if (t.next(extra)) throw InputError(path, line_where(size_line), "unexpected text " + quote_token(extra) + " after 'rows cols entries'");
    rows = parse_int(tok, path, size_line, "row count");
    cols = parse_int(cs, path, size_line, "column count");
    nnz = parse_int(zs, path, size_line, "entry count");
    break;
  }
  if (size_line == 0) throw InputError(path, line_where(lines.line_no()), "truncated header: missing the 'rows cols entries' size line");
  if (rows < 0 || cols < 0 || nnz < 0) throw InputError(path, line_where(size_line), "negative size in 'rows cols entries'");
  if (rows != cols)
    throw InputError(path, line_where(size_line),
                     "matrix is " + std::to_string(rows) + " x " + std::to_string(cols) + "; an adjacency matrix must be square");
  if (rows > std::numeric_limits<std::int32_t>::max())
    throw InputError(path, line_where(size_line), "vertex count " + std::to_string(rows) + " exceeds the int32 range");
  // An entry takes at least 4 bytes ("1 1\n"): a larger count cannot be in this file.
  if (static_cast<std::uint64_t>(nnz) > lines.remaining() / 3 + 1)
    throw InputError(path, line_where(size_line),
                     std::to_string(nnz) + " entries cannot fit in the " + std::to_string(lines.remaining()) + " bytes that follow (count larger than the payload)");
  ctx.on_header(rows);

  Graph g;
  g.n = static_cast<std::int32_t>(rows);
  g.edges.reserve(static_cast<std::size_t>(symmetric ? std::min<std::int64_t>(2 * nnz, nnz + rows) : nnz));
  std::int64_t entries = 0;
  while (lines.next()) {
    const std::int64_t ln = lines.line_no();
    Tokenizer t(lines.line(), false);
    if (!t.next(tok) || tok.front() == '%') continue;
    if (entries == nnz)
      throw InputError(path, line_where(ln), "more entries than the " + std::to_string(nnz) + " declared on line " + std::to_string(size_line));
    std::string_view js, vs;
    if (!t.next(js)) throw InputError(path, line_where(ln), "entry needs 'row column" + std::string(field == Field::Pattern ? "'" : " value'"));
    const std::int64_t i = parse_int(tok, path, ln, "row index");
    const std::int64_t j = parse_int(js, path, ln, "column index");
    std::int64_t w = 1;  // pattern: every entry is an arc of weight 1
    if (field != Field::Pattern) {
      if (!t.next(vs)) throw InputError(path, line_where(ln), "entry needs 'row column value'");
      if (field == Field::Integer) {
        w = parse_int(vs, path, ln, "value");
      } else {
        // Distances are integers: a real value must be integral ("3.0", "-2e0"). Rounding each edge would
        // change sums (0.4 and -0.45 make a negative cycle, rounded they make none), so a fraction is refused.
        const double d = parse_real(vs, path, ln, "value");
        if (!std::isfinite(d) || std::fabs(d) >= static_cast<double>(kInf32))
          throw InputError(path, line_where(ln), "value " + quote_token(vs) + " is outside the weight range");
        if (d != std::trunc(d))
          throw InputError(path, line_where(ln), "value " + quote_token(vs) + " is not an integer (weights are integers)");
        w = static_cast<std::int64_t>(d);
      }
    }
    if (t.next(extra)) throw InputError(path, line_where(ln), "unexpected text " + quote_token(extra) + " after the entry");
    if (i < 1 || i > g.n) throw InputError(path, line_where(ln), "row index " + std::to_string(i) + " outside 1.." + std::to_string(g.n));
    if (j < 1 || j > g.n) throw InputError(path, line_where(ln), "column index " + std::to_string(j) + " outside 1.." + std::to_string(g.n));
    const std::int32_t weight = checked_weight(w, path, ln);
    g.edges.push_back(Edge{static_cast<std::int32_t>(i - 1), static_cast<std::int32_t>(j - 1), weight});
    if (symmetric && i != j) g.edges.push_back(Edge{static_cast<std::int32_t>(j - 1), static_cast<std::int32_t>(i - 1), weight});
    ++entries;
  }
  if (entries != nnz)
    throw InputError(path, line_where(lines.line_no()),
                     "fewer entries than declared: found " + std::to_string(entries) + ", line " + std::to_string(size_line) + " declares " +
                         std::to_string(nnz));
  return g;
}

void write_matrix_market(const std::string& path, const Graph& g) {
  AtomicFile file(path);
  TextOut out([&file](const char* p, std::size_t n) { file.write(p, n); });
  // Always general: the graph is directed, and parallel edges are written as they are.
  out.put("%%MatrixMarket matrix coordinate integer general\n% written by apsp: entry (i, j, w) is the arc i -> j\n");
  out.put_int(g.n).put(' ').put_int(g.n).put(' ').put_int(g.m()).put('\n');
  for (const Edge& e : g.edges) out.put_int(e.src + 1).put(' ').put_int(e.dst + 1).put(' ').put_int(e.weight).put('\n');
  out.flush();
  file.commit();
}

}  // namespace apsp::io_detail
