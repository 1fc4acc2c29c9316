// Contiguous ranges over threads (apsp/core/parallel_ranges.h).
#include <apsp/core/parallel_ranges.h>

#include <algorithm>
#include <exception>
#include <thread>
#include <vector>

namespace apsp {

int range_threads(int threads) {
  return threads > 0 ? threads : std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
}

void for_each_range(std::int64_t count, int threads, std::int64_t min_per_range,
                    const std::function<void(std::int64_t, std::int64_t)>& body) {
  if (count <= 0) return;
  const std::int64_t most = std::max<std::int64_t>(1, count / std::max<std::int64_t>(1, min_per_range));
  const auto parts = static_cast<int>(std::min<std::int64_t>(range_threads(threads), most));
  if (parts <= 1) {
    body(0, count);
    return;
  }
  std::vector<std::exception_ptr> errors(static_cast<std::size_t>(parts));
  const auto run = [&](int part) {
    const std::int64_t begin = count * part / parts, end = count * (part + 1) / parts;
    try {
      body(begin, end);
    } catch (...) {
      errors[static_cast<std::size_t>(part)] = std::current_exception();
    }
  };
  std::vector<std::thread> workers;
  workers.reserve(static_cast<std::size_t>(parts - 1));
  for (int part = 1; part < parts; ++part) workers.emplace_back(run, part);
  run(0);
  for (std::thread& t : workers) t.join();
  for (const std::exception_ptr& e : errors)
    if (e) std::rethrow_exception(e);
}

}  // namespace apsp
