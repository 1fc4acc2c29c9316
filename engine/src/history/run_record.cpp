#include <apsp/core/errors.h>
#include <apsp/core/json_number.h>
#include <apsp/history/run_record.h>
#include <apsp/profile/profile.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <map>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <type_traits>
#include <vector>

namespace apsp {

namespace {
std::tm utc_now(std::chrono::system_clock::time_point now) {
  const std::time_t t = std::chrono::system_clock::to_time_t(now);
  std::tm tm{};
  gmtime_r(&t, &tm);
  return tm;
}

/// Times rounded to 0.1 µs: the JSON then prints "3.9581" rather than "3.958123456789012". A time too large to
/// scale (over 1e304 ms: a damaged or edited record) stays as it is; scaled, it would be written as null.
double rounded_ms(double ms) {
  const double scaled = ms * 1e4;
  return std::isfinite(scaled) ? std::round(scaled) / 1e4 : ms;
}

/// Every number goes through the checked conversions of json_number.h: a hand-edited or damaged record must
/// not reach a plain cast (1e300 read as int is undefined behaviour).
template <class T> T read_value(const nlohmann::json& value) {
  if constexpr (std::is_same_v<T, double>) {
    return json_finite_number(value);
  } else if constexpr (std::is_integral_v<T>) {
    return json_integer<T>(value);
  } else if constexpr (std::is_same_v<T, std::map<std::string, std::string>>) {
    if (!value.is_object()) throw std::invalid_argument("not an object");
    T out;
    for (const auto& [name, text] : value.items()) {
      if (!text.is_string()) throw std::invalid_argument("a value is not a string");
      out[name] = text.template get<std::string>();
    }
    return out;
  } else if constexpr (std::is_same_v<T, std::vector<double>>) {
    if (!value.is_array()) throw std::invalid_argument("not an array");
    std::vector<double> out;
    for (const nlohmann::json& element : value) out.push_back(json_finite_number(element));
    return out;
  } else {
    return value.get<T>();
  }
}

template <class T>
void read_if(const nlohmann::json& j, const char* key, T& out) {
  const auto it = j.find(key);
  if (it == j.end() || it->is_null()) return;
  try {
    out = read_value<T>(*it);
  } catch (const std::logic_error& e) {  // invalid_argument, out_of_range; nlohmann's errors are not logic_errors
    throw Error(std::string("'") + key + "': " + e.what());
  }
}
}  // namespace

double RunRecord::compute_ms() const {
  double sum = 0;
  for (const RunPhaseTotal& p : phases)
    if (p.phase == "pivot" || p.phase == "rowcol" || p.phase == "independent" || p.phase == "full") sum += p.ms;
  return sum;
}

const RunPhaseTotal* RunRecord::phase(std::string_view name) const {
  for (const RunPhaseTotal& p : phases)
    if (p.phase == name) return &p;
  return nullptr;
}

std::string utc_now_iso8601() {
  const std::tm tm = utc_now(std::chrono::system_clock::now());
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

std::string new_run_id() {
  static std::atomic<unsigned> counter{0};
  const auto now = std::chrono::system_clock::now();
  const std::tm tm = utc_now(now);
  char stamp[32];
  std::strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &tm);
  // A per-process start (FNV-1a of the process id and the clock at the first id) plus a counter: ids of one
  // process never collide (65536 per second), two processes collide only by chance in the same second.
  static const std::uint64_t process_base = [&now] {
    const std::uint64_t parts[2] = {static_cast<std::uint64_t>(::getpid()),
                                    static_cast<std::uint64_t>(now.time_since_epoch().count())};
    std::uint64_t h = 14695981039346656037ull;
    for (std::uint64_t part : parts)
      for (int byte = 0; byte < 8; ++byte) h = (h ^ ((part >> (8 * byte)) & 0xff)) * 1099511628211ull;
    return h ^ (h >> 32);
  }();
  char id[48];
  std::snprintf(id, sizeof id, "%s-%04x", stamp, static_cast<unsigned>((process_base + counter.fetch_add(1)) & 0xffff));
  return id;
}

void set_profile(RunRecord& record, const ProfileLog& log) {
  record.phases.clear();
  for (const PhaseTotals& t : log.totals())
    record.phases.push_back({std::string(to_string(t.phase)), rounded_ms(t.ms), t.bytes, t.updates, {rounded_ms(t.ms)}});
  std::map<int, double> by_round;
  for (const PhaseSample& s : log.samples())
    if (is_compute(s.phase) && s.round >= 0) by_round[s.round] += s.ms;
  record.round_ms.clear();
  if (by_round.empty()) return;
  record.round_ms.assign(static_cast<std::size_t>(by_round.rbegin()->first) + 1, 0.0);
  for (const auto& [round, ms] : by_round) record.round_ms[static_cast<std::size_t>(round)] = rounded_ms(ms);
}

namespace {

// Each type's fields in file order, listed once for the writer (to_json_line) and the reader
// (parse_run_record). The writer rounds every double to 0.1 us and leaves out an empty graph_hash (files only).
template <class Device, class Visit> void device_fields(Device& d, Visit& v) {
  v("name", d.name);
  v("sm_count", d.sm_count);
  v("sm_clock_khz", d.sm_clock_khz);
  v("driver_version", d.driver_version);
}

template <class Clocks, class Visit> void gpu_clock_fields(Clocks& g, Visit& v) {
  v("device", g.device);
  v("sm_min_mhz", g.sm_min_mhz);
  v("sm_max_mhz", g.sm_max_mhz);
  v("mem_min_mhz", g.mem_min_mhz);
  v("mem_max_mhz", g.mem_max_mhz);
}

template <class Phase, class Visit> void phase_fields(Phase& p, Visit& v) {
  v("phase", p.phase);
  v("ms", p.ms);
  v("bytes", p.bytes);
  v("updates", p.updates);
  v("samples_ms", p.samples_ms);
}

template <class Stage, class Visit> void stage_fields(Stage& s, Visit& v) {
  v("stage", s.stage);
  v("ms", s.ms);
}

template <class Record, class Visit> void record_fields(Record& r, Visit& v) {
  v("id", r.id);
  v("version", r.version);
  v("date", r.date);
  v("source", r.source);
  v("commit", r.commit, /*omit_empty=*/true);
  v("build", r.build, /*omit_empty=*/true);
  v("host", r.host);
  v("cpu_model", r.cpu_model);
  v("threads", r.threads);
  v("threads_asked", r.threads_asked);
  v("isa", r.isa, /*omit_empty=*/true);
  v.list("devices", r.devices, [](auto& d, auto& w) { device_fields(d, w); });
  v("backend", r.backend);
  v("block", r.block);
  v("gpus", r.gpus);
  v("dtype", r.dtype);
  v("n", r.n);
  v("graph", r.graph);
  v("graph_hash", r.graph_hash, /*omit_empty=*/true);
  v("sources", r.sources, /*omit_empty=*/true);
  v("phase2", r.phase2, /*omit_empty=*/true);
  v.unless("edges", r.edges, std::int64_t{0});
  // The run context (run_context.h): left out where not recorded, so older lines are written as they were.
  v.unless("env", r.env, {});
  v.unless("cpu_mhz", r.cpu_mhz, 0.0);
  v.unless("load_avg", r.load_avg, -1.0);
  v("driver", r.driver, /*omit_empty=*/true);
  v.unless("cuda_runtime", r.cuda_runtime, 0);
  v.list("gpu_clocks", r.gpu_clocks, [](auto& g, auto& w) { gpu_clock_fields(g, w); }, /*omit_empty=*/true);
  v.list("phases", r.phases, [](auto& p, auto& w) { phase_fields(p, w); });
  v("wall_ms", r.wall_ms);
  v("repeats", r.repeats);
  v("wall_min_ms", r.wall_min_ms);
  v("wall_max_ms", r.wall_max_ms);
  v("wall_samples_ms", r.wall_samples_ms);
  v("round_ms", r.round_ms);
  v.list("stages", r.stages, [](auto& s, auto& w) { stage_fields(s, w); }, /*omit_empty=*/true);
}

struct JsonWriter {
  nlohmann::ordered_json& j;
  template <class T> void operator()(const char* key, const T& value, bool omit_empty = false) {
    if constexpr (std::is_same_v<T, double>) {
      j[key] = rounded_ms(value);
    } else if constexpr (std::is_same_v<T, std::vector<double>>) {
      nlohmann::ordered_json values = nlohmann::ordered_json::array();
      for (double ms : value) values.push_back(rounded_ms(ms));
      j[key] = values;
    } else if constexpr (std::is_same_v<T, std::string>) {
      if (!(omit_empty && value.empty())) j[key] = value;
    } else {
      j[key] = value;
    }
  }
  /// Leaves the key out while @p value is @p not_recorded.
  template <class T> void unless(const char* key, const T& value, const T& not_recorded) {
    if (!(value == not_recorded)) (*this)(key, value);
  }
  template <class T, class Each>
  void list(const char* key, const std::vector<T>& items, Each each, bool omit_empty = false) {
    if (omit_empty && items.empty()) return;
    nlohmann::ordered_json values = nlohmann::ordered_json::array();
    for (const T& item : items) {
      nlohmann::ordered_json object = nlohmann::ordered_json::object();
      JsonWriter writer{object};
      each(item, writer);
      values.push_back(std::move(object));
    }
    j[key] = values;
  }
};

struct JsonReader {
  const nlohmann::json& j;
  template <class T> void operator()(const char* key, T& out, bool /*omit_empty*/ = false) { read_if(j, key, out); }
  template <class T> void unless(const char* key, T& out, const T& /*not_recorded*/) { read_if(j, key, out); }
  template <class T, class Each> void list(const char* key, std::vector<T>& items, Each each, bool = false) {
    const auto it = j.find(key);
    if (it == j.end() || !it->is_array()) return;
    for (const nlohmann::json& element : *it) {
      T item;
      JsonReader reader{element};
      each(item, reader);
      items.push_back(std::move(item));
    }
  }
};

}  // namespace

std::string to_json_line(const RunRecord& r) {
  nlohmann::ordered_json j;
  JsonWriter writer{j};
  record_fields(r, writer);
  return j.dump();
}

RunRecord parse_run_record(std::string_view line) {
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(line);
  } catch (const nlohmann::json::exception&) {
    throw Error("not JSON");
  }
  if (!j.is_object() || !j.contains("id") || !j["id"].is_string() || j["id"].get<std::string>().empty())
    throw Error("no id");
  RunRecord r;
  try {
    JsonReader reader{j};
    record_fields(r, reader);
  } catch (const nlohmann::json::exception& e) {
    throw Error(std::string("a field has the wrong type (") + e.what() + ")");
  }
  return r;
}

}  // namespace apsp
