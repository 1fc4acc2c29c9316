#include <apsp/core/types.h>
#include <apsp/core/version.h>
#include <apsp/report/export_context.h>
#include <apsp/solve/solver.h>

#include <cmath>
#include <cstdio>
#include <nlohmann/json.hpp>

namespace apsp {

namespace {
std::string one_line(std::string s) {
  for (char& c : s)
    if (c == '\n' || c == '\r') c = ' ';
  return s;
}

/// A comment value as a CSV field: quoted (quotes doubled) when it holds a comma or a quote, so a reader that
/// splits the line on commas still gets the whole value ("er:p=0.05,seed=1" is one graph, not three).
std::string csv_value(const std::string& s) {
  if (s.find_first_of(",\"") == std::string::npos) return s;
  std::string q = "\"";
  for (char c : s) q += c == '"' ? std::string("\"\"") : std::string(1, c);
  return q + "\"";
}

/// Visits the context's keys in the order both writers use: @p text for strings, @p number for counts, and
/// @p rich for what a CSV comment writes as text and JSON as its own value (a number with a unit, an object).
template <class Text, class Number, class Rich>
void visit_fields(const ExportContext& c, Text text, Number number, Rich rich) {
  using nlohmann::json;
  const RunContext& run = c.run;
  text("version", c.version);
  if (!c.commit.empty()) text("commit", c.commit);  // empty only in a context made by hand
  if (!c.build.empty()) text("build", c.build);
  if (c.one_run) {
    text("run_id", c.run_id);
    text("backend", c.backend);
    number("block", c.block);
    number("n", c.n);
  }
  text("dtype", c.dtype);
  if (run.collected)
    rich("threads", threads_text(run.threads_asked, run.threads),
         json{{"threads", run.threads}, {"threads_asked", run.threads_asked}});
  else
    number("threads", c.threads);
  if (c.one_run) number("gpus", c.gpus);
  text("graph", c.graph);
  text("device", c.device);
  if (run.collected) {
    if (!run.isa.empty()) text("isa", run.isa);  // empty: a record older than the ISA in records
    rich("env", env_text(run.env), json{{"env", run.env}});
    if (run.cpu_mhz > 0) {
      char mhz[32];
      std::snprintf(mhz, sizeof mhz, "%.0f", run.cpu_mhz);
      rich("cpu_mhz", mhz, json{{"cpu_mhz", std::round(run.cpu_mhz)}});
    }
    if (run.load_avg >= 0) {
      char load[32];
      std::snprintf(load, sizeof load, "%.2f", run.load_avg);
      rich("load_avg", load, json{{"load_avg", std::round(run.load_avg * 100) / 100}});
    }
    if (!run.driver.empty()) text("driver", run.driver);
    if (run.cuda_runtime > 0)
      rich("cuda_runtime", cuda_version_text(run.cuda_runtime), json{{"cuda_runtime", cuda_version_text(run.cuda_runtime)}});
    if (!run.gpu_clocks.empty()) {
      json clocks = json::array();
      for (const GpuClockRange& g : run.gpu_clocks)
        clocks.push_back({{"device", g.device},
                          {"sm_min_mhz", g.sm_min_mhz},
                          {"sm_max_mhz", g.sm_max_mhz},
                          {"mem_min_mhz", g.mem_min_mhz},
                          {"mem_max_mhz", g.mem_max_mhz}});
      rich("gpu_clocks", gpu_clocks_text(run.gpu_clocks), json{{"gpu_clocks", std::move(clocks)}});
    }
    if (!run.sources.empty()) text("sources", run.sources);
    if (!run.phase2.empty()) text("phase2", run.phase2);
  }
  for (const auto& [key, value] : c.extra) text(key.c_str(), value);
}
}  // namespace

std::string csv_context_comments(const ExportContext& c) {
  std::string out;
  auto line = [&out](const char* key, const std::string& value) {
    out += "# ";
    out += key;
    out += ": ";
    out += csv_value(one_line(value));
    out += '\n';
  };
  visit_fields(
      c, line, [&line](const char* key, int value) { line(key, std::to_string(value)); },
      [&line](const char* key, const std::string& text, const nlohmann::json&) { line(key, text); });
  return out;
}

nlohmann::json context_json(const ExportContext& c) {
  nlohmann::json j = nlohmann::json::object();
  visit_fields(
      c, [&j](const char* key, const std::string& value) { j[key] = value; },
      [&j](const char* key, int value) { j[key] = value; },
      [&j](const char*, const std::string&, const nlohmann::json& values) { j.update(values); });
  return j;
}

ExportContextBuilder::ExportContextBuilder() {
  m_context.version = std::string(version());
  m_context.commit = std::string(build_commit());
  m_context.build = build_description();
  m_context.run_id = std::string(1, '-');  // not = "-": GCC 12 sees an overlapping copy there (-Wrestrict)
}

ExportContextBuilder& ExportContextBuilder::solve(std::string_view backend, const SolverOptions& options,
                                                  std::int64_t n) {
  m_context.backend = std::string(backend);
  m_context.block = options.block;
  m_context.n = static_cast<int>(n);
  m_context.dtype = std::string(to_string(options.dtype));
  m_context.threads = options.threads;
  m_context.gpus = options.gpus;
  return *this;
}

ExportContextBuilder& ExportContextBuilder::run_id(std::string id) {
  m_context.run_id = std::move(id);
  return *this;
}

ExportContextBuilder& ExportContextBuilder::graph(std::string text) {
  m_context.graph = std::move(text);
  return *this;
}

ExportContextBuilder& ExportContextBuilder::device(std::string name) {
  m_context.device = std::move(name);
  return *this;
}

ExportContextBuilder& ExportContextBuilder::device_of(const std::vector<RunDevice>& devices,
                                                      const std::string& cpu_model) {
  if (!devices.empty()) {
    m_context.device = devices.front().name;
    if (devices.size() > 1) m_context.device += " x " + std::to_string(devices.size());
  } else {
    m_context.device = "cpu: " + (cpu_model.empty() ? std::string("unknown") : cpu_model);
  }
  return *this;
}

ExportContextBuilder& ExportContextBuilder::dtype(std::string name) {
  m_context.dtype = std::move(name);
  return *this;
}

ExportContextBuilder& ExportContextBuilder::threads(int threads) {
  m_context.threads = threads;
  return *this;
}

ExportContextBuilder& ExportContextBuilder::run_context(RunContext context) {
  // A record of a build outside git, or one older than commits in records, says "unknown".
  m_context.commit = context.commit.empty() ? std::string("unknown") : context.commit;
  m_context.build = context.build.empty() ? std::string("unknown") : context.build;
  m_context.threads = context.threads;
  m_context.run = std::move(context);
  return *this;
}

ExportContextBuilder& ExportContextBuilder::many_runs() {
  m_context.one_run = false;
  return *this;
}

ExportContextBuilder& ExportContextBuilder::extra(std::string key, std::string value) {
  m_context.extra.emplace_back(std::move(key), std::move(value));
  return *this;
}

ExportContext export_context(const RunRecord& r) {
  ExportContext c = ExportContextBuilder()
                        .run_id(r.id)
                        .graph(r.graph)
                        .device_of(r.devices, r.cpu_model)
                        .run_context(run_context_of(r))
                        .build();
  // A record keeps its own version (a baseline may come from an older build) and its shape as recorded.
  c.version = r.version;
  c.backend = r.backend;
  c.block = r.block;
  c.n = r.n;
  c.dtype = r.dtype;
  c.threads = r.threads;
  c.gpus = r.gpus;
  return c;
}

}  // namespace apsp
