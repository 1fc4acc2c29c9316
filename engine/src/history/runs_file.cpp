#include <apsp/core/errors.h>
#include <apsp/core/fault_injection.h>
#include <apsp/history/bench_json.h>
#include <apsp/history/runs_file.h>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

namespace apsp {

namespace {
/// Closes the descriptor (and so drops its flock) on every path out.
class Fd {
 public:
  explicit Fd(int fd) : m_fd(fd) {}
  ~Fd() {
    if (m_fd >= 0) ::close(m_fd);
  }
  Fd(const Fd&) = delete;
  Fd& operator=(const Fd&) = delete;
  int get() const { return m_fd; }

 private:
  int m_fd;
};

std::string errno_text() { return std::strerror(errno); }

std::string not_regular(const char* kind) {
  return std::string("is not a regular file (") + kind + "); the run history must be one";
}

/// Opens the runs file with @p flags without ever blocking: a FIFO put at its path would make open() and
/// read() wait for another program forever. Anything but a regular file is refused with one line; -1 (errno
/// set) when open() itself fails. O_NONBLOCK changes nothing for a regular file's reads, writes or flock.
int open_regular(const std::filesystem::path& path, int flags) {
  const int fd = ::open(path.c_str(), flags | O_CLOEXEC | O_NONBLOCK | O_NOCTTY, 0644);
  // O_WRONLY | O_NONBLOCK on a FIFO that no program reads fails with ENXIO.
  if (fd < 0 && errno == ENXIO) throw Error(path.string() + ": " + not_regular("a FIFO or a device"));
  if (fd < 0) return fd;
  struct stat st {};
  const bool known = ::fstat(fd, &st) == 0;
  if (known && S_ISREG(st.st_mode)) return fd;
  const std::string why = !known                ? "cannot stat (" + errno_text() + ")"
                          : S_ISFIFO(st.st_mode) ? not_regular("a FIFO")
                          : S_ISDIR(st.st_mode)  ? not_regular("a directory")
                                                 : not_regular("a device or socket");
  ::close(fd);
  throw Error(path.string() + ": " + why);
}
}  // namespace

std::filesystem::path runs_file_path() {
  const char* data = std::getenv("XDG_DATA_HOME");
  std::filesystem::path base;
  if (data && *data) {
    base = data;
  } else {
    const char* home = std::getenv("HOME");
    base = std::filesystem::path(home && *home ? home : ".") / ".local" / "share";
  }
  return base / "apsp-studio" / "runs.jsonl";
}

bool history_enabled_by_environment() {
  const char* v = std::getenv("APSP_HISTORY");
  if (!v) return true;
  const std::string s(v);
  return !(s == "off" || s == "0" || s == "no" || s == "false");
}

void append_run(const std::filesystem::path& path, const RunRecord& record) {
  std::error_code ec;
  std::filesystem::create_directories(path.parent_path(), ec);
  if (ec) throw Error(path.parent_path().string() + ": cannot create the directory (" + ec.message() + ")");
  const Fd fd(open_regular(path, O_WRONLY | O_APPEND | O_CREAT));
  if (fd.get() < 0) throw Error(path.string() + ": cannot open (" + errno_text() + ")");
  // The lock keeps two programs appending at once from interleaving; O_APPEND puts each line at the end.
  while (::flock(fd.get(), LOCK_EX) != 0) {
    if (errno != EINTR) throw Error(path.string() + ": cannot lock (" + errno_text() + ")");
  }
  struct stat before {};
  if (::fstat(fd.get(), &before) != 0) throw Error(path.string() + ": cannot append (" + errno_text() + ")");
  // One write() per record: a short one (the disk filled up mid-line) is cut back to where the file ended, so
  // no partial line is left for the next record to be glued to.
  const std::string line = to_json_line(record) + "\n";
  ssize_t wrote = 0;
  do {
    wrote = fault_fires(FaultPoint::HistoryWrite) ? ::write(fd.get(), line.data(), line.size() / 2)
                                                  : ::write(fd.get(), line.data(), line.size());
  } while (wrote < 0 && errno == EINTR);
  if (wrote != static_cast<ssize_t>(line.size())) {
    const std::string why = wrote < 0 ? errno_text()
                                      : "wrote " + std::to_string(wrote) + " of " + std::to_string(line.size()) + " bytes";
    if (wrote > 0 && ::ftruncate(fd.get(), before.st_size) != 0)
      throw Error(path.string() + ": cannot append (" + why + "), and a partial line is left (" + errno_text() + ")");
    throw Error(path.string() + ": cannot append (" + why + ")");
  }
}

RunsFile read_runs(const std::filesystem::path& path) {
  RunsFile out;
  const Fd fd(open_regular(path, O_RDONLY));
  if (fd.get() < 0) {
    if (errno == ENOENT) return out;
    throw Error(path.string() + ": cannot open (" + errno_text() + ")");
  }
  while (::flock(fd.get(), LOCK_SH) != 0) {
    if (errno != EINTR) throw Error(path.string() + ": cannot lock (" + errno_text() + ")");
  }
  std::string text;
  char buf[65536];
  for (;;) {
    const ssize_t got = ::read(fd.get(), buf, sizeof buf);
    if (got < 0) {
      if (errno == EINTR) continue;
      throw Error(path.string() + ": cannot read (" + errno_text() + ")");
    }
    if (got == 0) break;
    text.append(buf, static_cast<std::size_t>(got));
  }
  std::istringstream lines(text);
  std::string line;
  int number = 0;
  while (std::getline(lines, line)) {
    ++number;
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    try {
      out.runs.push_back(parse_run_record(line));
    } catch (const Error& e) {
      out.warnings.push_back(path.string() + ":" + std::to_string(number) + ": skipped, not a run record (" + e.what() +
                             ")");
      // A record glued after a partial line (an append cut short by a full disk) is still read. Every record
      // starts with {"id": and that text cannot occur inside one (a quote in a string is escaped), so the last
      // such start on the line is the glued record's.
      const std::size_t start = line.rfind(R"({"id":)");
      if (start != std::string::npos && start > 0) {
        try {
          out.runs.push_back(parse_run_record(std::string_view(line).substr(start)));
        } catch (const Error&) {
          // the rest of the line is no record either: the warning above covers it
        }
      }
    }
  }
  return out;
}

RunsFile load_runs_file(const std::filesystem::path& path) {
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) throw InputError(path.string(), "", "no such file");
  RunsFile file = read_runs(path);  // refuses a FIFO or a directory before anything reads it
  if (!file.runs.empty()) return file;
  // No run record: one JSON document with a "benchmarks" array is a bench JSON file.
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  const nlohmann::json whole = nlohmann::json::parse(text.str(), nullptr, /*allow_exceptions=*/false);
  if (whole.is_object() && whole.contains("benchmarks")) {
    RunsFile bench;
    bench.runs = parse_bench_json(text.str(), path.string());
    return bench;
  }
  throw InputError(path.string(), "", "holds no run record (the run history's JSON lines)");
}

const RunRecord& find_run(const std::vector<RunRecord>& runs, const std::string& id) {
  if (id == "last" && !runs.empty()) return runs.back();
  const RunRecord* found = nullptr;
  int matches = 0;
  for (const RunRecord& r : runs) {
    if (r.id == id) return r;
    if (!id.empty() && r.id.rfind(id, 0) == 0) {
      found = &r;
      ++matches;
    }
  }
  if (matches == 1) return *found;
  if (matches > 1)
    throw UsageError("run id '" + id + "' is ambiguous (" + std::to_string(matches) + " runs start with it)");
  throw UsageError("no run '" + id + "' in the history (see apsp runs list)");
}

std::string try_append_run(const RunRecord& record, bool enabled) {
  if (!enabled || !history_enabled_by_environment()) return "";
  try {
    append_run(runs_file_path(), record);
  } catch (const std::exception& e) {
    return std::string("run history not written: ") + e.what();
  }
  return "";
}

}  // namespace apsp
