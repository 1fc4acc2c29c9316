#include <apsp/report/export_context.h>

namespace apsp {

namespace {
std::string one_line(std::string s) {
  for (char& c : s)
    if (c == '\n' || c == '\r') c = ' ';
  return s;
}
}  // namespace

std::string csv_context_comments(const ExportContext& c) {
  std::string text;
  auto line = [&text](const char* key, const std::string& value) {
    text += "# ";
    text += key;
    text += ": ";
    text += one_line(value);
    text += '\n';
  };
  line("version", c.version);
  line("run_id", c.run_id);
  line("backend", c.backend);
  line("block", std::to_string(c.block));
  line("n", std::to_string(c.n));
  line("dtype", c.dtype);
  line("threads", std::to_string(c.threads));
  line("gpus", std::to_string(c.gpus));
  line("graph", c.graph);
  line("device", c.device);
  return text;
}

ExportContext export_context(const RunRecord& r) {
  ExportContext c;
  c.version = r.version;
  c.run_id = r.id;
  c.backend = r.backend;
  c.block = r.block;
  c.n = r.n;
  c.dtype = r.dtype;
  c.threads = r.threads;
  c.gpus = r.gpus;
  c.graph = r.graph;
  if (!r.devices.empty()) {
    c.device = r.devices.front().name;
    if (r.devices.size() > 1) c.device += " x " + std::to_string(r.devices.size());
  } else {
    c.device = "cpu: " + (r.cpu_model.empty() ? std::string("unknown") : r.cpu_model);
  }
  return c;
}

}  // namespace apsp
