#pragma once
/// @file sample_compare.h
/// @brief A verdict on two sets of repeats of one quantity (a phase's time, the compute sum, the wall time):
/// the ratio of medians B/A with a bootstrap percentile interval, and same / faster / slower / unsure.
///
/// The interval: B/A's median ratio recomputed on `resamples` resamplings (with replacement) of each set, its
/// central `confidence` share. The generator is seeded with a constant, so one input always gives one answer.
/// A bootstrap rather than a normal-theory test: timings are few (3..10 repeats) and skewed (a slow outlier
/// from a busy core), and the median with an interval of its ratio is what a tuner reads and a gate thresholds.
///
/// Verdicts, checked in this order (tolerance t, interval [low, high]):
///  - unsure: either set has fewer than min_repeats samples (no interval), or A's median is not positive;
///  - same:   the interval lies inside [1 - t, 1 + t];
///  - slower: low > 1 (B is slower beyond doubt, and by more than t somewhere in the interval);
///  - faster: high < 1;
///  - unsure: the interval contains 1 and reaches beyond the tolerance (too noisy to say).
#include <cstdint>
#include <string_view>
#include <vector>

namespace apsp {

enum class Verdict { Same, Faster, Slower, Unsure };

/// @brief "same", "faster", "slower", "unsure".
std::string_view to_string(Verdict verdict);

/// @brief How two sample sets are compared.
struct CompareOptions {
  double tolerance = 0.02;  ///< |B/A - 1| within which a difference counts as none (same)
  int min_repeats = 3;      ///< fewer samples on either side: unsure, never slower or faster
  int resamples = 2000;
  double confidence = 0.95;
  std::uint64_t seed = 0x5eed'c0de'2025ull;
};

/// @brief The comparison of two sample sets.
struct SampleComparison {
  double median_a = 0;
  double median_b = 0;
  double ratio = 0;  ///< median_b / median_a; 0 when median_a is not positive
  double low = 0;    ///< the interval of the ratio; both equal ratio when there is none
  double high = 0;
  bool has_interval = false;  ///< false with too few samples (or none, or a non-positive A)
  int count_a = 0;
  int count_b = 0;
  Verdict verdict = Verdict::Unsure;
};

/// @brief The median of @p values (0 for none).
double median_of(std::vector<double> values);

/// @brief Compares @p b against @p a (B/A): deterministic for given inputs and options.
SampleComparison compare_samples(const std::vector<double>& a, const std::vector<double>& b,
                                 const CompareOptions& options = {});

}  // namespace apsp
