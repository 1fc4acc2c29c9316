#include <apsp/core/types.h>
#include <apsp/core/version.h>
#include <apsp/report/export_context.h>
#include <apsp/solve/solver.h>

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

/// Visits the context's keys in the order both writers use: @p text for strings, @p number for counts.
template <class Text, class Number>
void visit_fields(const ExportContext& c, Text text, Number number) {
  text("version", c.version);
  if (c.one_run) {
    text("run_id", c.run_id);
    text("backend", c.backend);
    number("block", c.block);
    number("n", c.n);
  }
  text("dtype", c.dtype);
  number("threads", c.threads);
  if (c.one_run) number("gpus", c.gpus);
  text("graph", c.graph);
  text("device", c.device);
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
  visit_fields(c, line, [&line](const char* key, int value) { line(key, std::to_string(value)); });
  return out;
}

nlohmann::json context_json(const ExportContext& c) {
  nlohmann::json j = nlohmann::json::object();
  visit_fields(
      c, [&j](const char* key, const std::string& value) { j[key] = value; },
      [&j](const char* key, int value) { j[key] = value; });
  return j;
}

ExportContextBuilder::ExportContextBuilder() {
  m_context.version = std::string(version());
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

ExportContextBuilder& ExportContextBuilder::many_runs() {
  m_context.one_run = false;
  return *this;
}

ExportContextBuilder& ExportContextBuilder::extra(std::string key, std::string value) {
  m_context.extra.emplace_back(std::move(key), std::move(value));
  return *this;
}

ExportContext export_context(const RunRecord& r) {
  ExportContext c = ExportContextBuilder().run_id(r.id).graph(r.graph).device_of(r.devices, r.cpu_model).build();
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
