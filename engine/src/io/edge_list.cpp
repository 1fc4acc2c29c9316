// Edge lists (.txt/.el/.csv): "u v [w]" per line, commas or blanks between fields, '#' and '%' comments; in a
// line with commas no field may be empty.
// n is the largest id + 1, unless a comment "# n=N" (written by write_edge_list) fixes it, which keeps
// isolated trailing vertices across a round trip. A comment "# block: N" suggests the block to show the
// graph with (classroom files: assets/graphs).
#include "graph_formats.h"
#include "text_scan.h"

#include <apsp/core/memory.h>
#include <apsp/core/option_limits.h>
#include <apsp/io/atomic_file.h>

#include <limits>

namespace apsp::io_detail {

namespace {
/// The "n=N" declaration inside a comment, or -1 when the comment is anything else.
std::int64_t declared_n(std::string_view comment, const std::string& path, std::int64_t ln) {
  std::size_t i = 1;  // skip the comment character
  while (i < comment.size() && (comment[i] == ' ' || comment[i] == '\t')) ++i;
  if (comment.substr(i, 2) != "n=") return -1;
  i += 2;
  std::size_t j = i;
  while (j < comment.size() && comment[j] != ' ' && comment[j] != '\t' && comment[j] != ',') ++j;
  const std::int64_t n = parse_int(comment.substr(i, j - i), path, ln, "vertex count n");
  if (n < 0) throw InputError(path, line_where(ln), "negative vertex count n = " + std::to_string(n));
  if (n > std::numeric_limits<std::int32_t>::max())
    throw InputError(path, line_where(ln), "vertex count n = " + std::to_string(n) + " exceeds the int32 range");
  return n;
}

/// The "block: N" suggestion inside a comment, or 0 when the comment is anything else.
int suggested_block(std::string_view comment, const std::string& path, std::int64_t ln) {
  std::size_t i = 1;
  while (i < comment.size() && (comment[i] == ' ' || comment[i] == '\t')) ++i;
  if (comment.substr(i, 6) != "block:") return 0;
  i += 6;
  while (i < comment.size() && (comment[i] == ' ' || comment[i] == '\t')) ++i;
  std::size_t j = i;
  while (j < comment.size() && comment[j] != ' ' && comment[j] != '\t' && comment[j] != '\r') ++j;
  // "# block: the next lines ..." is prose, not a suggestion: only a number counts (and then must be in range).
  const std::string_view token = comment.substr(i, j - i);
  const std::string_view digits = !token.empty() && token[0] == '-' ? token.substr(1) : token;
  if (digits.empty() || digits.find_first_not_of("0123456789") != std::string_view::npos) return 0;
  const std::int64_t b = parse_int(token, path, ln, "suggested block");
  if (b < limits::kMinBlock || b > limits::kMaxBlock)
    throw InputError(path, line_where(ln), "suggested block " + std::to_string(b) + " outside " +
                                               std::to_string(limits::kMinBlock) + " .. " + std::to_string(limits::kMaxBlock));
  return static_cast<int>(b);
}
}  // namespace

std::size_t edge_line_bound(std::string_view text) {
  std::size_t lines = 0;
  std::size_t pos = 0;
  while (pos < text.size()) {
    const std::size_t first = text.find_first_not_of(" \t\r\v\f", pos);
    if (first == std::string_view::npos) break;
    const char c = text[first];
    if (c != '\n' && c != '#' && c != '%') ++lines;
    const std::size_t end = text.find('\n', first);
    if (end == std::string_view::npos) break;
    pos = end + 1;
  }
  return lines;
}

Graph read_edge_list(const MappedFile& file, const ReadContext& ctx) {
  const std::string& path = file.path();
  if (file.size() == 0) throw InputError(path, "", "empty file (expected 'u v [w]' lines)");
  const std::string_view text = file.text();
  const bool one_based = ctx.options.one_based;
  const std::int64_t base = one_based ? 1 : 0;

  Graph g;
  // One pass bounds the edge count, so the vector grows once. Counting every newline instead made a file of
  // blank lines reserve 12 bytes per byte of file (a 700 MB one asked for 8 GB before reading a line).
  const std::size_t bound = edge_line_bound(text);
  if (ctx.options.check_memory)
    require_memory("the " + std::to_string(bound) + " edge lines of " + path, bound * sizeof(Edge), host_available_bytes());
  g.edges.reserve(bound);
  std::int64_t n_decl = -1;
  std::int64_t n_decl_line = 0;
  std::int64_t max_id = -1;
  std::int64_t max_id_line = 0;
  LineScanner lines(text);
  std::string_view us, vs, ws, extra;
  while (lines.next()) {
    const std::int64_t ln = lines.line_no();
    std::string_view line = lines.line();
    const std::size_t hash = line.find_first_of("#%");
    if (hash != std::string_view::npos) {
      if (const int b = suggested_block(line.substr(hash), path, ln); b > 0 && ctx.suggested_block)
        *ctx.suggested_block = b;
      const std::int64_t d = declared_n(line.substr(hash), path, ln);
      if (d >= 0) {
        if (n_decl >= 0 && d != n_decl)
          throw InputError(path, line_where(ln), "n = " + std::to_string(d) + " contradicts n = " + std::to_string(n_decl) + " on line " + std::to_string(n_decl_line));
        if (d <= max_id)
          throw InputError(path, line_where(max_id_line), "vertex id " + std::to_string(max_id + base) + " is >= n = " + std::to_string(d) + " (declared on line " + std::to_string(ln) + ")");
        n_decl = d;
        n_decl_line = ln;
      }
      line = line.substr(0, hash);
    }
    // "0,,5" must not read as the edge 0 -> 5: with commas, every field must hold a value.
    if (const std::size_t empty = first_empty_comma_field(line))
      throw InputError(path, line_where(ln),
                       "field " + std::to_string(empty) + " of " + quote_token(line) + " is empty (expected 'u,v[,w]')");
    Tokenizer t(line, true);
    if (!t.next(us)) continue;
    if (!t.next(vs)) throw InputError(path, line_where(ln), "edge line needs 'u v [w]', got only " + quote_token(us));
    const bool has_weight = t.next(ws);
    if (has_weight && t.next(extra)) throw InputError(path, line_where(ln), "unexpected text " + quote_token(extra) + " after 'u v w'");
    const std::int64_t u = parse_int(us, path, ln, "source vertex") - base;
    const std::int64_t v = parse_int(vs, path, ln, "target vertex") - base;
    const std::int64_t w = has_weight ? parse_int(ws, path, ln, "weight") : 1;
    for (const std::int64_t id : {u, v}) {
      if (id < 0)
        throw InputError(path, line_where(ln),
                         "vertex id " + std::to_string(id + base) + " is < " + std::to_string(base) + (one_based ? " (ids are 1-based)" : " (ids are 0-based)"));
      if (n_decl >= 0 && id >= n_decl)
        throw InputError(path, line_where(ln), "vertex id " + std::to_string(id + base) + " is >= n = " + std::to_string(n_decl) + " (declared on line " + std::to_string(n_decl_line) + ")");
      if (id >= std::numeric_limits<std::int32_t>::max())
        throw InputError(path, line_where(ln), "vertex id " + std::to_string(id + base) + " exceeds the int32 range");
      if (id > max_id) {
        max_id = id;
        max_id_line = ln;
      }
    }
    g.edges.push_back(Edge{static_cast<std::int32_t>(u), static_cast<std::int32_t>(v), checked_weight(w, path, ln)});
  }
  if (g.edges.empty() && n_decl < 0) throw InputError(path, "", "no edges and no '# n=N' line: nothing to read");
  const std::int64_t n = n_decl >= 0 ? n_decl : max_id + 1;
  ctx.on_header(n);
  g.n = static_cast<std::int32_t>(n);
  return g;
}

void write_edge_list(const std::string& path, const Graph& g, bool commas) {
  AtomicFile file(path);
  TextOut out([&file](const char* p, std::size_t n) { file.write(p, n); });
  const char sep = commas ? ',' : ' ';
  out.put("# n=").put_int(g.n).put(" m=").put_int(g.m()).put(" (apsp edge list: u v w, 0-based)\n");
  for (const Edge& e : g.edges) out.put_int(e.src).put(sep).put_int(e.dst).put(sep).put_int(e.weight).put('\n');
  out.flush();
  file.commit();
}

}  // namespace apsp::io_detail
