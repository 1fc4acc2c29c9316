#include <apsp/core/errors.h>
#include <apsp/core/json_number.h>
#include <apsp/history/bench_json.h>
#include <apsp/history/run_facts.h>
#include <apsp/solve/measure.h>

#include <algorithm>
#include <cstdint>
#include <map>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <utility>

namespace apsp {

std::string bench_entry_name(const RunRecord& r) {
  std::string name = r.backend + "/B:" + std::to_string(r.block);
  // A GPU run's shape is its GPU count; a CPU run's the threads it ran with.
  name += r.devices.empty() ? "/threads:" + std::to_string(r.threads) : "/gpus:" + std::to_string(r.gpus);
  name += "/" + r.dtype + "/n:" + std::to_string(r.n);
  if (!r.sources.empty()) name += "/sources:" + r.sources;
  return name;
}

namespace {

/// One timed run of a configuration: its repetition_index and its entry.
struct TimedRun {
  std::int64_t repetition = 0;
  std::size_t entry = 0;
};

struct Family {
  RunRecord record;
  std::vector<TimedRun> runs;
};

class DocumentReader {
 public:
  DocumentReader(const nlohmann::json& benchmarks, const std::string& origin)
      : m_benchmarks(benchmarks), m_origin(origin) {}

  std::vector<RunRecord> read() {
    for (std::size_t i = 0; i < m_benchmarks.size(); ++i) read_entry(i);
    if (m_families.empty()) throw InputError(m_origin, "benchmarks", "no iteration entries (no timed runs)");
    std::vector<RunRecord> records;
    for (auto& [family_index, family] : m_families) records.push_back(rebuild(family_index, family));
    return records;
  }

 private:
  [[noreturn]] void fail(std::size_t entry, std::string_view field, const std::string& what) const {
    std::string where = "benchmarks[" + std::to_string(entry) + "]";
    if (!field.empty()) where += "." + std::string(field);
    throw InputError(m_origin, where, what);
  }

  const nlohmann::json& field(std::size_t entry, const char* key) const {
    const nlohmann::json& e = m_benchmarks[entry];
    const auto it = e.find(key);
    if (it == e.end()) fail(entry, key, "missing");
    return *it;
  }

  std::int64_t integer(std::size_t entry, const char* key) const {
    try {
      return json_integer<std::int64_t>(field(entry, key));
    } catch (const std::logic_error&) {
      fail(entry, key, "not an integer");
    }
  }

  double number(std::size_t entry, const std::string& key, const nlohmann::json& value) const {
    double v = 0;
    try {
      v = json_finite_number(value);
    } catch (const std::logic_error&) {
      fail(entry, key, "not a number");
    }
    if (v < 0) fail(entry, key, "negative");
    return v;
  }

  /// real_time in ms, whatever time_unit it was written in.
  double real_time_ms(std::size_t entry) const {
    const double value = number(entry, "real_time", field(entry, "real_time"));
    const nlohmann::json& unit = field(entry, "time_unit");
    static const std::pair<const char*, double> kUnits[] = {{"ns", 1e-6}, {"us", 1e-3}, {"ms", 1.0}, {"s", 1e3}};
    if (unit.is_string())
      for (const auto& [name, scale] : kUnits)
        if (unit.get<std::string>() == name) return value * scale;
    fail(entry, "time_unit", "not ns, us, ms or s");
  }

  void read_entry(std::size_t i) {
    const nlohmann::json& e = m_benchmarks[i];
    if (!e.is_object()) fail(i, "", "not an object");
    const nlohmann::json& type = field(i, "run_type");
    if (type == "aggregate") return;  // medians and spreads follow from the runs
    if (type != "iteration") fail(i, "run_type", "neither \"iteration\" nor \"aggregate\"");
    const std::int64_t family_index = integer(i, "family_index");
    const std::int64_t repetition = integer(i, "repetition_index");
    if (repetition < 0) fail(i, "repetition_index", "negative");
    real_time_ms(i);  // checked here, so a bad entry is named before any other
    const nlohmann::json& apsp = field(i, "apsp");
    if (!apsp.is_object()) fail(i, "apsp", "not an object");
    const auto found = m_families.find(family_index);
    if (found == m_families.end()) {
      RunRecord record;
      try {
        record = parse_run_record(apsp.dump());
      } catch (const Error& e) {
        fail(i, "apsp", e.what());
      }
      m_families.emplace(family_index, Family{std::move(record), {{repetition, i}}});
      return;
    }
    Family& family = found->second;
    const auto id = apsp.find("id");
    if (id == apsp.end() || !id->is_string() || id->get<std::string>() != family.record.id)
      fail(i, "apsp.id", "not the id of the other runs of family_index " + std::to_string(family_index) + " ('" +
                             family.record.id + "')");
    family.runs.push_back({repetition, i});
  }

  RunRecord rebuild(std::int64_t family_index, Family& family) const {
    std::stable_sort(family.runs.begin(), family.runs.end(),
              [](const TimedRun& a, const TimedRun& b) { return a.repetition < b.repetition; });
    for (std::size_t k = 1; k < family.runs.size(); ++k)
      if (family.runs[k].repetition == family.runs[k - 1].repetition)
        fail(family.runs[k].entry, "repetition_index",
             std::to_string(family.runs[k].repetition) + " appears twice in family_index " + std::to_string(family_index));
    RunRecord record = std::move(family.record);
    std::vector<double> wall;
    for (RunPhaseTotal& phase : record.phases) phase.samples_ms.clear();
    for (const TimedRun& run : family.runs) {
      wall.push_back(real_time_ms(run.entry));
      const nlohmann::json& e = m_benchmarks[run.entry];
      for (RunPhaseTotal& phase : record.phases) {
        // A phase timed once (a transfer outside the repeats) has its field in fewer entries than the wall time.
        const std::string key = phase.phase + "_ms";
        const auto it = e.find(key);
        if (it != e.end()) phase.samples_ms.push_back(number(run.entry, key, *it));
      }
    }
    set_wall_times(record, wall);
    for (RunPhaseTotal& phase : record.phases) {
      if (!phase.samples_ms.empty()) phase.ms = spread_of(phase.samples_ms).median_ms;
    }
    return record;
  }

  const nlohmann::json& m_benchmarks;
  const std::string& m_origin;
  std::map<std::int64_t, Family> m_families;  ///< by family_index: the order configurations were written in
};

}  // namespace

std::vector<RunRecord> parse_bench_json(std::string_view text, const std::string& origin) {
  nlohmann::json document;
  try {
    document = nlohmann::json::parse(text);
  } catch (const nlohmann::json::parse_error& e) {
    // nlohmann counts bytes from 1, and one past the end where the text stops short.
    if (e.byte == 0 || e.byte > text.size()) throw InputError(origin, "", "not JSON (it ends before the document does)");
    throw InputError(origin, "byte " + std::to_string(e.byte - 1), "not JSON");
  }
  if (!document.is_object()) throw InputError(origin, "", "not a benchmark JSON document (no object at the top)");
  const auto benchmarks = document.find("benchmarks");
  if (benchmarks == document.end()) throw InputError(origin, "benchmarks", "missing");
  if (!benchmarks->is_array()) throw InputError(origin, "benchmarks", "not an array");
  return DocumentReader(*benchmarks, origin).read();
}

}  // namespace apsp
