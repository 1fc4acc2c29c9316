// apsp verify A B: 0 when equal; otherwise prints the first difference and exits 1.
#include <apsp/core/errors.h>
#include <apsp/io/distance_io.h>

#include <cstdio>
#include <memory>

#include "commands.h"

namespace apsp::cli {

Action add_verify(CLI::App& app) {
  auto files = std::make_shared<std::pair<std::string, std::string>>();
  app.add_option("a", files->first, "First distance file")->required();
  app.add_option("b", files->second, "Second distance file")->required();
  return [files]() {
    const DenseDistances a = read_distances(files->first);
    const DenseDistances b = read_distances(files->second);
    if (a.n != b.n) {
      std::printf("differ: %s has n = %d, %s has n = %d\n", files->first.c_str(), a.n, files->second.c_str(), b.n);
      return 1;
    }
    for (std::size_t idx = 0; idx < a.values.size(); ++idx) {
      if (a.values[idx] == b.values[idx]) continue;
      const long long i = static_cast<long long>(idx / static_cast<std::size_t>(a.n));
      const long long j = static_cast<long long>(idx % static_cast<std::size_t>(a.n));
      std::printf("differ: first difference at (%lld, %lld): %s has %d, %s has %d\n", i, j, files->first.c_str(),
                  a.values[idx], files->second.c_str(), b.values[idx]);
      return 1;
    }
    std::printf("equal: n = %d, %zu distances\n", a.n, a.values.size());
    return 0;
  };
}

}  // namespace apsp::cli
