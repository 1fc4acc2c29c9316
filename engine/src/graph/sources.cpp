#include <apsp/core/distance_matrix.h>
#include <apsp/core/errors.h>
#include <apsp/core/types.h>
#include <apsp/core/untrusted_text.h>
#include <apsp/graph/sources.h>

#include <algorithm>
#include <charconv>
#include <limits>

namespace apsp {

namespace {
[[noreturn]] void bad(std::string_view text, const std::string& why) {
  throw UsageError("--sources " + user_value_in_message(text) + ": " + why + " (expected all, A:B or a list such as 0,5,9)");
}

std::int64_t parse_id(std::string_view text, std::string_view item) {
  std::int64_t v = 0;
  const auto [ptr, ec] = std::from_chars(item.data(), item.data() + item.size(), v);
  if (item.empty() || ec != std::errc() || ptr != item.data() + item.size()) {
    std::string quoted(1, '\'');  // built with append: GCC 12 warns falsely (-Wrestrict) on "'" + std::string(...)
    quoted.append(user_value_in_message(item)).append("' is not a vertex id");
    bad(text, quoted);
  }
  if (v < 0) bad(text, "vertex " + std::to_string(v) + " is negative");
  if (v > std::numeric_limits<std::int32_t>::max())
    bad(text, "vertex " + user_value_in_message(item) + " is beyond the int32 range");
  return v;
}
}  // namespace

SourceSpec SourceSpec::parse(std::string_view text) {
  SourceSpec spec;
  if (text == "all") return spec;
  if (text.empty()) bad(text, "empty");
  const std::size_t colon = text.find(':');
  if (colon != std::string_view::npos) {
    spec.kind = Kind::Range;
    spec.begin = parse_id(text, text.substr(0, colon));
    spec.end = parse_id(text, text.substr(colon + 1));
    if (spec.end <= spec.begin) bad(text, "the range A:B needs A < B (B is one past the last source)");
    return spec;
  }
  spec.kind = Kind::List;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t comma = std::min(text.find(',', start), text.size());
    spec.list.push_back(parse_id(text, text.substr(start, comma - start)));
    start = comma + 1;
  }
  std::vector<std::int64_t> sorted = spec.list;
  std::sort(sorted.begin(), sorted.end());
  const auto twice = std::adjacent_find(sorted.begin(), sorted.end());
  if (twice != sorted.end()) bad(text, "vertex " + std::to_string(*twice) + " is listed twice");
  return spec;
}

std::int64_t SourceSpec::count(std::int64_t n) const {
  switch (kind) {
    case Kind::All:
      return n;
    case Kind::Range:
      return end - begin;
    case Kind::List:
      return static_cast<std::int64_t>(list.size());
  }
  return 0;
}

std::vector<std::int32_t> SourceSpec::resolve(std::int32_t n) const {
  const auto outside = [&](std::int64_t v) {
    throw UsageError("--sources " + user_value_in_message(to_string()) + ": vertex " + std::to_string(v) + " is outside 0.." +
                     std::to_string(n - 1) + " (the graph has n = " + std::to_string(n) + ")");
  };
  std::vector<std::int32_t> out;
  switch (kind) {
    case Kind::All:
      out.resize(static_cast<std::size_t>(n));
      for (std::int32_t v = 0; v < n; ++v) out[static_cast<std::size_t>(v)] = v;
      break;
    case Kind::Range:
      if (end > n) outside(end - 1);
      for (std::int64_t v = begin; v < end; ++v) out.push_back(static_cast<std::int32_t>(v));
      break;
    case Kind::List:
      for (const std::int64_t v : list) {
        if (v >= n) outside(v);
        out.push_back(static_cast<std::int32_t>(v));
      }
      break;
  }
  return out;
}

std::string SourceSpec::to_string() const {
  switch (kind) {
    case Kind::All:
      return "all";
    case Kind::Range:
      return std::to_string(begin) + ":" + std::to_string(end);
    case Kind::List: {
      std::string s;
      for (const std::int64_t v : list) {
        if (!s.empty()) s.push_back(',');
        s.append(std::to_string(v));
      }
      return s;
    }
  }
  return {};
}

bool is_every_vertex_in_order(const std::vector<std::int32_t>& sources, std::int32_t n) {
  if (static_cast<std::int64_t>(sources.size()) != n) return false;
  for (std::int32_t i = 0; i < n; ++i)
    if (sources[static_cast<std::size_t>(i)] != i) return false;
  return true;
}

SourceDistances select_rows(const DistanceMatrix& m, const std::vector<std::int32_t>& sources) {
  SourceDistances out;
  out.n = m.n();
  out.sources = sources;
  out.values.resize(static_cast<std::size_t>(out.rows()) * static_cast<std::size_t>(out.n));
  for (std::int64_t r = 0; r < out.rows(); ++r) {
    const std::int32_t i = sources[static_cast<std::size_t>(r)];
    std::int32_t* dst = out.row(r);
    for (std::int32_t j = 0; j < out.n; ++j) {
      const std::int32_t v = m.get(i, j);
      dst[j] = v >= inf_of(m.dtype()) ? kInf32 : v;
    }
  }
  return out;
}

}  // namespace apsp
