// Course binary graphs: little-endian int32 n, m, then m triples (src, dst, weight), 0-based.
#include "graph_formats.h"
#include "text_scan.h"

#include <apsp/io/atomic_file.h>

#include <bit>
#include <cstring>
#include <limits>

namespace apsp::io_detail {

namespace {
static_assert(sizeof(Edge) == 12, "Edge must match the on-disk triple layout");

std::int32_t load_le32(const unsigned char* p) {
  return static_cast<std::int32_t>(static_cast<std::uint32_t>(p[0]) | (static_cast<std::uint32_t>(p[1]) << 8) |
                                   (static_cast<std::uint32_t>(p[2]) << 16) | (static_cast<std::uint32_t>(p[3]) << 24));
}

void store_le32(unsigned char* p, std::int32_t v) {
  const auto u = static_cast<std::uint32_t>(v);
  p[0] = static_cast<unsigned char>(u);
  p[1] = static_cast<unsigned char>(u >> 8);
  p[2] = static_cast<unsigned char>(u >> 16);
  p[3] = static_cast<unsigned char>(u >> 24);
}
}  // namespace

Graph read_course_binary(const MappedFile& file, const ReadContext& ctx) {
  const std::string& path = file.path();
  const std::size_t size = file.size();
  if (size == 0) throw InputError(path, "", "empty file (expected int32 n, m, then m edges)");
  if (size < 8)
    throw InputError(path, byte_where(size), "truncated header: " + std::to_string(size) + " bytes, the header needs 8 (int32 n, m)");
  const std::int32_t n = load_le32(file.data());
  const std::int32_t m = load_le32(file.data() + 4);
  if (n < 0) throw InputError(path, byte_where(0), "negative vertex count n = " + std::to_string(n));
  if (m < 0) throw InputError(path, byte_where(4), "negative edge count m = " + std::to_string(m));
  // Validate m against the payload before reserving anything: a bogus header must not allocate gigabytes.
  const std::uint64_t payload = size - 8;
  const std::uint64_t need = static_cast<std::uint64_t>(m) * 12;
  if (need > payload)
    throw InputError(path, byte_where(8),
                     "m = " + std::to_string(m) + " edges need " + std::to_string(need) + " bytes but only " + std::to_string(payload) +
                         " follow the header (m larger than the payload: truncated file or bad header)");
  if (need < payload)
    throw InputError(path, byte_where(8 + need),
                     std::to_string(payload - need) + " unexpected trailing bytes after the " + std::to_string(m) + " edges declared in the header");
  if (m > 0 && n == 0) throw InputError(path, byte_where(8), "edges given but n = 0");
  ctx.on_header(n);

  Graph g;
  g.n = n;
  g.edges.resize(static_cast<std::size_t>(m));
  if constexpr (std::endian::native == std::endian::little) {
    if (need > 0) std::memcpy(g.edges.data(), file.data() + 8, need);
  } else {
    const unsigned char* p = file.data() + 8;
    for (auto& e : g.edges) {
      e = Edge{load_le32(p), load_le32(p + 4), load_le32(p + 8)};
      p += 12;
    }
  }
  for (std::size_t i = 0; i < g.edges.size(); ++i) {
    const Edge& e = g.edges[i];
    const std::uint64_t at = 8 + 12 * static_cast<std::uint64_t>(i);
    if (e.src < 0 || e.src >= n)
      throw InputError(path, byte_where(at), "edge " + std::to_string(i) + ": source vertex " + std::to_string(e.src) + " outside 0.." + std::to_string(n - 1));
    if (e.dst < 0 || e.dst >= n)
      throw InputError(path, byte_where(at + 4),
                       "edge " + std::to_string(i) + ": destination vertex " + std::to_string(e.dst) + " outside 0.." + std::to_string(n - 1));
    if (e.weight >= kInf32 || e.weight <= -kInf32)
      throw InputError(path, byte_where(at + 8), "edge " + std::to_string(i) + ": weight " + std::to_string(e.weight) + " is at or beyond INF");
  }
  return g;
}

void write_course_binary(const std::string& path, const Graph& g) {
  if (g.m() > std::numeric_limits<std::int32_t>::max())
    throw Error(path + ": " + std::to_string(g.m()) + " edges do not fit the course format's int32 m");
  AtomicFile out(path);
  unsigned char header[8];
  store_le32(header, g.n);
  store_le32(header + 4, static_cast<std::int32_t>(g.m()));
  out.write(header, sizeof header);
  if constexpr (std::endian::native == std::endian::little) {
    out.write(g.edges.data(), g.edges.size() * sizeof(Edge));
  } else {
    std::vector<unsigned char> buf;
    buf.reserve(12 * 4096);
    for (const Edge& e : g.edges) {
      unsigned char t[12];
      store_le32(t, e.src);
      store_le32(t + 4, e.dst);
      store_le32(t + 8, e.weight);
      buf.insert(buf.end(), t, t + 12);
      if (buf.size() >= 12 * 4096) {
        out.write(buf.data(), buf.size());
        buf.clear();
      }
    }
    out.write(buf.data(), buf.size());
  }
  out.commit();
}

}  // namespace apsp::io_detail
