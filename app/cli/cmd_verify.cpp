// apsp verify A B [--sources LIST]: 0 when equal; otherwise prints the first difference and exits 1. Either file
// may hold the S x n rows that `apsp solve --sources LIST` writes: the files do not say which sources those are,
// so verify is given the same list, and compares those rows of an n x n matrix with them.
#include <apsp/core/errors.h>
#include <apsp/core/untrusted_text.h>
#include <apsp/graph/sources.h>
#include <apsp/io/distance_io.h>

#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "commands.h"

namespace apsp::cli {

namespace {
struct VerifyArgs {
  std::string a;
  std::string b;
  std::string sources;  // empty: both files hold the same rows
};

std::string shape_of(const DistanceTable& t) {
  if (t.rows == t.n) return "n = " + std::to_string(t.n);
  return std::to_string(t.rows) + " rows of n = " + std::to_string(t.n);
}

/// With --sources: a file of S rows holds those sources' rows; a file of n rows is the whole matrix, from which
/// the rows of the sources are compared (S == n with the sources in another order: the S-row reading wins).
std::vector<std::int64_t> rows_to_compare(const DistanceTable& t, const std::vector<std::int32_t>& sources,
                                          const std::string& path) {
  std::vector<std::int64_t> rows;
  if (t.rows == static_cast<std::int64_t>(sources.size())) {
    for (std::int64_t r = 0; r < t.rows; ++r) rows.push_back(r);
  } else if (t.rows == t.n) {
    for (const std::int32_t s : sources) rows.push_back(s);
  } else {
    throw UsageError(path + " holds " + std::to_string(t.rows) + " rows: neither the " + std::to_string(sources.size()) +
                     " of --sources nor the n = " + std::to_string(t.n) + " of the whole matrix");
  }
  return rows;
}
}  // namespace

Action add_verify(CLI::App& app) {
  auto args = std::make_shared<VerifyArgs>();
  app.add_option("a", args->a, "First distance file")->required();
  app.add_option("b", args->b, "Second distance file")->required();
  app.add_option("--sources", args->sources,
                 "The list `apsp solve --sources` was given, for a file of those rows (S x n .npy or .csv): they are "
                 "compared with the same rows of the other file (S x n, or the whole n x n matrix)");
  return [args]() {
    const DistanceTable a = read_distance_table(args->a);
    const DistanceTable b = read_distance_table(args->b);
    if (a.n != b.n) {
      std::printf("differ: %s has n = %d, %s has n = %d\n", args->a.c_str(), a.n, args->b.c_str(), b.n);
      return 1;
    }
    const std::int32_t n = a.n;
    std::vector<std::int64_t> rows_a, rows_b;
    std::vector<std::int32_t> sources;  // the vertex of each compared row, where known
    if (!args->sources.empty()) {
      sources = SourceSpec::parse(args->sources).resolve(n);
      rows_a = rows_to_compare(a, sources, args->a);
      rows_b = rows_to_compare(b, sources, args->b);
    } else if (a.rows == b.rows) {
      for (std::int64_t r = 0; r < a.rows; ++r) rows_a.push_back(r);
      rows_b = rows_a;
      if (a.rows == n)
        for (std::int32_t v = 0; v < n; ++v) sources.push_back(v);
    } else {
      throw UsageError(args->a + " (" + shape_of(a) + ") and " + args->b + " (" + shape_of(b) +
                       ") hold different rows: give --sources, the list `apsp solve --sources` was given");
    }
    const std::size_t width = static_cast<std::size_t>(n);
    for (std::size_t k = 0; k < rows_a.size(); ++k) {
      const std::int32_t* ra = a.values.data() + static_cast<std::size_t>(rows_a[k]) * width;
      const std::int32_t* rb = b.values.data() + static_cast<std::size_t>(rows_b[k]) * width;
      for (std::size_t j = 0; j < width; ++j) {
        if (ra[j] == rb[j]) continue;
        const std::string from = sources.empty() ? "row " + std::to_string(k) : std::to_string(sources[k]);
        std::printf("differ: first difference at (%s, %zu): %s has %d, %s has %d\n", from.c_str(), j, args->a.c_str(),
                    ra[j], args->b.c_str(), rb[j]);
        return 1;
      }
    }
    const std::size_t compared = rows_a.size() * width;
    if (args->sources.empty() && a.rows == n)
      std::printf("equal: n = %d, %zu distances\n", n, compared);
    else
      std::printf("equal: %zu rows of n = %d (sources %s), %zu distances\n", rows_a.size(), n,
                  args->sources.empty() ? "not named" : user_value_in_message(args->sources).c_str(), compared);
    return 0;
  };
}

}  // namespace apsp::cli
