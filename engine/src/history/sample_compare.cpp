#include <apsp/history/sample_compare.h>

#include <algorithm>
#include <cmath>

namespace apsp {

namespace {
/// splitmix64: a small generator of our own, so the interval is the same with every standard library
/// (std::uniform_int_distribution's mapping is implementation-defined).
class SplitMix64 {
 public:
  explicit SplitMix64(std::uint64_t seed) : m_state(seed) {}
  std::uint64_t next() {
    std::uint64_t z = (m_state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
  /// An index below @p count (count <= 2^32: the modulo bias is below 2^-32).
  std::size_t below(std::size_t count) { return static_cast<std::size_t>(next() % count); }

 private:
  std::uint64_t m_state;
};

/// The median of a resampling of @p values into @p scratch.
double resampled_median(const std::vector<double>& values, std::vector<double>& scratch, SplitMix64& rng) {
  for (double& v : scratch) v = values[rng.below(values.size())];
  return median_of(scratch);
}

bool usable(const std::vector<double>& values, int min_repeats) {
  return static_cast<int>(values.size()) >= std::max(1, min_repeats);
}
}  // namespace

std::string_view to_string(Verdict verdict) {
  switch (verdict) {
    case Verdict::Same:
      return "same";
    case Verdict::Faster:
      return "faster";
    case Verdict::Slower:
      return "slower";
    case Verdict::Unsure:
      break;
  }
  return "unsure";
}

double median_of(std::vector<double> values) {
  if (values.empty()) return 0;
  const std::size_t m = values.size() / 2;
  std::nth_element(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(m), values.end());
  const double upper = values[m];
  if (values.size() % 2) return upper;
  const double lower = *std::max_element(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(m));
  return 0.5 * lower + 0.5 * upper;  // halves first: two times near the double's limit must not sum to inf
}

SampleComparison compare_samples(const std::vector<double>& a, const std::vector<double>& b,
                                 const CompareOptions& options) {
  SampleComparison out;
  out.count_a = static_cast<int>(a.size());
  out.count_b = static_cast<int>(b.size());
  out.median_a = median_of(a);
  out.median_b = median_of(b);
  out.ratio = out.median_a > 0 ? out.median_b / out.median_a : 0;
  if (!std::isfinite(out.ratio)) out.ratio = 0;  // an edited record's extreme times: no ratio, no verdict
  out.low = out.high = out.ratio;
  if (out.ratio <= 0 || !usable(a, options.min_repeats) || !usable(b, options.min_repeats)) return out;

  SplitMix64 rng(options.seed);
  std::vector<double> scratch_a(a.size()), scratch_b(b.size()), ratios;
  ratios.reserve(static_cast<std::size_t>(std::max(1, options.resamples)));
  for (int i = 0; i < std::max(1, options.resamples); ++i) {
    const double ma = resampled_median(a, scratch_a, rng);
    const double mb = resampled_median(b, scratch_b, rng);
    if (ma > 0) ratios.push_back(mb / ma);  // a zero median of A (a phase timed as 0) has no ratio
  }
  if (ratios.empty()) return out;
  std::sort(ratios.begin(), ratios.end());
  const double tail = std::clamp((1.0 - options.confidence) / 2.0, 0.0, 0.5);
  const double last = static_cast<double>(ratios.size() - 1);
  out.low = ratios[static_cast<std::size_t>(std::floor(tail * last))];
  out.high = ratios[static_cast<std::size_t>(std::ceil((1.0 - tail) * last))];
  out.has_interval = true;

  const double t = options.tolerance;
  if (out.low >= 1.0 - t && out.high <= 1.0 + t)
    out.verdict = Verdict::Same;
  else if (out.low > 1.0)
    out.verdict = Verdict::Slower;
  else if (out.high < 1.0)
    out.verdict = Verdict::Faster;
  else
    out.verdict = Verdict::Unsure;
  return out;
}

}  // namespace apsp
