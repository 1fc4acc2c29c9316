#include <apsp/core/errors.h>
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

namespace apsp {

namespace {
std::tm utc_now(std::chrono::system_clock::time_point now) {
  const std::time_t t = std::chrono::system_clock::to_time_t(now);
  std::tm tm{};
  gmtime_r(&t, &tm);
  return tm;
}

/// Times rounded to 0.1 µs: the JSON then prints "3.9581" rather than "3.958123456789012".
double rounded_ms(double ms) { return std::round(ms * 1e4) / 1e4; }

template <class T>
void read_if(const nlohmann::json& j, const char* key, T& out) {
  const auto it = j.find(key);
  if (it != j.end() && !it->is_null()) out = it->get<T>();
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
    record.phases.push_back({std::string(to_string(t.phase)), rounded_ms(t.ms), t.bytes, t.updates});
  std::map<int, double> by_round;
  for (const PhaseSample& s : log.samples())
    if (is_compute(s.phase) && s.round >= 0) by_round[s.round] += s.ms;
  record.round_ms.clear();
  if (by_round.empty()) return;
  record.round_ms.assign(static_cast<std::size_t>(by_round.rbegin()->first) + 1, 0.0);
  for (const auto& [round, ms] : by_round) record.round_ms[static_cast<std::size_t>(round)] = rounded_ms(ms);
}

std::string to_json_line(const RunRecord& r) {
  nlohmann::ordered_json j;
  j["id"] = r.id;
  j["version"] = r.version;
  j["date"] = r.date;
  j["source"] = r.source;
  j["host"] = r.host;
  j["cpu_model"] = r.cpu_model;
  j["threads"] = r.threads;
  nlohmann::ordered_json devices = nlohmann::ordered_json::array();
  for (const RunDevice& d : r.devices)
    devices.push_back({{"name", d.name},
                       {"sm_count", d.sm_count},
                       {"sm_clock_khz", d.sm_clock_khz},
                       {"driver_version", d.driver_version}});
  j["devices"] = devices;
  j["backend"] = r.backend;
  j["block"] = r.block;
  j["gpus"] = r.gpus;
  j["dtype"] = r.dtype;
  j["n"] = r.n;
  j["graph"] = r.graph;
  if (!r.graph_hash.empty()) j["graph_hash"] = r.graph_hash;
  nlohmann::ordered_json phases = nlohmann::ordered_json::array();
  for (const RunPhaseTotal& p : r.phases)
    phases.push_back({{"phase", p.phase}, {"ms", rounded_ms(p.ms)}, {"bytes", p.bytes}, {"updates", p.updates}});
  j["phases"] = phases;
  j["wall_ms"] = rounded_ms(r.wall_ms);
  j["repeats"] = r.repeats;
  j["wall_min_ms"] = rounded_ms(r.wall_min_ms);
  j["wall_max_ms"] = rounded_ms(r.wall_max_ms);
  nlohmann::ordered_json rounds = nlohmann::ordered_json::array();
  for (double ms : r.round_ms) rounds.push_back(rounded_ms(ms));
  j["round_ms"] = rounds;
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
    read_if(j, "id", r.id);
    read_if(j, "version", r.version);
    read_if(j, "date", r.date);
    read_if(j, "source", r.source);
    read_if(j, "host", r.host);
    read_if(j, "cpu_model", r.cpu_model);
    read_if(j, "threads", r.threads);
    if (j.contains("devices") && j["devices"].is_array()) {
      for (const auto& d : j["devices"]) {
        RunDevice dev;
        read_if(d, "name", dev.name);
        read_if(d, "sm_count", dev.sm_count);
        read_if(d, "sm_clock_khz", dev.sm_clock_khz);
        read_if(d, "driver_version", dev.driver_version);
        r.devices.push_back(dev);
      }
    }
    read_if(j, "backend", r.backend);
    read_if(j, "block", r.block);
    read_if(j, "gpus", r.gpus);
    read_if(j, "dtype", r.dtype);
    read_if(j, "n", r.n);
    read_if(j, "graph", r.graph);
    read_if(j, "graph_hash", r.graph_hash);
    if (j.contains("phases") && j["phases"].is_array()) {
      for (const auto& p : j["phases"]) {
        RunPhaseTotal t;
        read_if(p, "phase", t.phase);
        read_if(p, "ms", t.ms);
        read_if(p, "bytes", t.bytes);
        read_if(p, "updates", t.updates);
        r.phases.push_back(t);
      }
    }
    read_if(j, "wall_ms", r.wall_ms);
    read_if(j, "repeats", r.repeats);
    read_if(j, "wall_min_ms", r.wall_min_ms);
    read_if(j, "wall_max_ms", r.wall_max_ms);
    read_if(j, "round_ms", r.round_ms);
  } catch (const nlohmann::json::exception& e) {
    throw Error(std::string("a field has the wrong type (") + e.what() + ")");
  }
  return r;
}

}  // namespace apsp
