// One process per GPU, host side: rank discovery from the launcher's environment and the TCP rendezvous that
// hands out rank 0's NCCL id (apsp/device/launcher.h). POSIX sockets, no MPI: a launcher's variables are all
// the ranks need from it.
#include <apsp/core/errors.h>
#include <apsp/device/launcher.h>

#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <charconv>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <thread>
#include <utility>

namespace apsp {

namespace {

/// The variables of one launcher: rank, size, and the local rank (nullptr: the rank stands for it).
struct LauncherVariables {
  const char* name;
  const char* rank;
  const char* size;
  const char* local_rank;
};

constexpr std::array<LauncherVariables, 4> kLaunchers = {{
    {"APSP_RANK", "APSP_RANK", "APSP_WORLD_SIZE", "APSP_LOCAL_RANK"},
    {"Open MPI", "OMPI_COMM_WORLD_RANK", "OMPI_COMM_WORLD_SIZE", "OMPI_COMM_WORLD_LOCAL_RANK"},
    {"MPICH/Hydra", "PMI_RANK", "PMI_SIZE", "MPI_LOCALRANKID"},
    {"Slurm", "SLURM_PROCID", "SLURM_NTASKS", "SLURM_LOCALID"},
}};

int whole_number(const char* variable, const std::string& value) {
  int out = 0;
  const char* end = value.data() + value.size();
  const auto [at, ec] = std::from_chars(value.data(), end, out);
  if (value.empty() || ec != std::errc() || at != end)
    throw UsageError(std::string(variable) + "='" + value.substr(0, 40) + "': expected a whole number");
  return out;
}

constexpr char kMagic[8] = {'A', 'P', 'S', 'P', 'R', 'D', 'V', '1'};
constexpr std::size_t kHelloBytes = 8 + 4 + 4 + 8;
constexpr unsigned char kAccepted = 0, kRefused = 1;

using Clock = std::chrono::steady_clock;

void put_u32(unsigned char* p, std::uint32_t v) {
  for (int i = 0; i < 4; ++i) p[i] = static_cast<unsigned char>(v >> (8 * i));
}
void put_u64(unsigned char* p, std::uint64_t v) {
  for (int i = 0; i < 8; ++i) p[i] = static_cast<unsigned char>(v >> (8 * i));
}
std::uint32_t get_u32(const unsigned char* p) {
  std::uint32_t v = 0;
  for (int i = 0; i < 4; ++i) v |= static_cast<std::uint32_t>(p[i]) << (8 * i);
  return v;
}
std::uint64_t get_u64(const unsigned char* p) {
  std::uint64_t v = 0;
  for (int i = 0; i < 8; ++i) v |= static_cast<std::uint64_t>(p[i]) << (8 * i);
  return v;
}

/// Milliseconds left before @p deadline for poll(); -1 (wait for ever) without one.
int poll_ms(std::optional<Clock::time_point> deadline) {
  if (!deadline) return -1;
  const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(*deadline - Clock::now()).count();
  return left <= 0 ? 0 : static_cast<int>(std::min<long long>(left, 1 << 30));
}

/// Reads exactly @p bytes; false when the peer closed, failed or the deadline passed first.
bool read_all(int fd, void* dst, std::size_t bytes, std::optional<Clock::time_point> deadline) {
  auto* p = static_cast<unsigned char*>(dst);
  while (bytes > 0) {
    pollfd pfd{fd, POLLIN, 0};
    const int ready = ::poll(&pfd, 1, poll_ms(deadline));
    if (ready < 0 && errno == EINTR) continue;
    if (ready <= 0) return false;
    const ssize_t got = ::recv(fd, p, bytes, 0);
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0) return false;
    p += got;
    bytes -= static_cast<std::size_t>(got);
  }
  return true;
}

bool write_all(int fd, const void* src, std::size_t bytes) {
  const auto* p = static_cast<const unsigned char*>(src);
  while (bytes > 0) {
    const ssize_t put = ::send(fd, p, bytes, MSG_NOSIGNAL);
    if (put < 0 && errno == EINTR) continue;
    if (put <= 0) return false;
    p += put;
    bytes -= static_cast<std::size_t>(put);
  }
  return true;
}

/// A status byte, a length and the bytes (the session on acceptance, the reason on refusal).
bool send_reply(int fd, unsigned char status, const void* data, std::size_t bytes) {
  unsigned char head[5];
  head[0] = status;
  put_u32(head + 1, static_cast<std::uint32_t>(bytes));
  return write_all(fd, head, sizeof head) && write_all(fd, data, bytes);
}

struct Socket {
  int fd = -1;
  explicit Socket(int f = -1) : fd(f) {}
  Socket(Socket&& o) noexcept : fd(o.fd) { o.fd = -1; }
  Socket& operator=(Socket&& o) noexcept {
    std::swap(fd, o.fd);
    return *this;
  }
  ~Socket() {
    if (fd >= 0) ::close(fd);
  }
  int release() { return std::exchange(fd, -1); }
};

struct AddressList {
  addrinfo* head = nullptr;
  ~AddressList() {
    if (head) ::freeaddrinfo(head);
  }
};

void resolve(const RendezvousAddress& address, bool listening, AddressList& out) {
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  if (listening) hints.ai_flags = AI_PASSIVE;
  const std::string port = std::to_string(address.port);
  const int rc = ::getaddrinfo(address.host.c_str(), port.c_str(), &hints, &out.head);
  if (rc != 0)
    throw UsageError("--rendezvous " + address.text() + ": cannot resolve the host (" + ::gai_strerror(rc) + ")");
}

Socket listen_on(const RendezvousAddress& address) {
  AddressList list;
  resolve(address, true, list);
  std::string why = "no address";
  for (addrinfo* a = list.head; a; a = a->ai_next) {
    Socket s(::socket(a->ai_family, a->ai_socktype | SOCK_CLOEXEC, a->ai_protocol));
    if (s.fd < 0) continue;
    const int yes = 1;
    ::setsockopt(s.fd, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
    if (::bind(s.fd, a->ai_addr, a->ai_addrlen) == 0 && ::listen(s.fd, 128) == 0) return s;
    why = std::strerror(errno);
  }
  throw Error("--rendezvous " + address.text() + ": rank 0 cannot listen there (" + why + ")");
}

/// One attempt at a connection; an invalid socket when nobody listens yet.
Socket try_connect(const RendezvousAddress& address) {
  AddressList list;
  resolve(address, false, list);
  for (addrinfo* a = list.head; a; a = a->ai_next) {
    Socket s(::socket(a->ai_family, a->ai_socktype | SOCK_CLOEXEC, a->ai_protocol));
    if (s.fd < 0) continue;
    if (::connect(s.fd, a->ai_addr, a->ai_addrlen) == 0) return s;
  }
  return Socket();
}

std::string seconds_text(double s) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g s", s);
  return buf;
}

}  // namespace

EnvLookup process_environment() {
  return [](const char* name) -> std::optional<std::string> {
    const char* v = std::getenv(name);
    if (!v) return std::nullopt;
    return std::string(v);
  };
}

std::optional<ProcessGroup> discover_process_group(const EnvLookup& env) {
  for (const LauncherVariables& l : kLaunchers) {
    const std::optional<std::string> rank = env(l.rank), size = env(l.size);
    if (!rank && !size) continue;
    if (!size) throw UsageError(std::string(l.rank) + " is set but " + l.size + " is not");
    if (!rank) throw UsageError(std::string(l.size) + " is set but " + l.rank + " is not");
    ProcessGroup g;
    g.launcher = l.name;
    g.world = whole_number(l.size, *size);
    if (g.world < 1) throw UsageError(std::string(l.size) + "=" + *size + ": the world size must be at least 1");
    g.rank = whole_number(l.rank, *rank);
    if (g.rank < 0 || g.rank >= g.world)
      throw UsageError(std::string(l.rank) + "=" + *rank + ": outside 0.." + std::to_string(g.world - 1) + " (" +
                       l.size + "=" + *size + ")");
    g.local_rank = g.rank;
    if (const std::optional<std::string> local = env(l.local_rank)) {
      g.local_rank = whole_number(l.local_rank, *local);
      if (g.local_rank < 0 || g.local_rank >= g.world)
        throw UsageError(std::string(l.local_rank) + "=" + *local + ": outside 0.." + std::to_string(g.world - 1));
    }
    return g;
  }
  return std::nullopt;
}

RendezvousAddress parse_rendezvous(const std::string& text, const std::string& flag) {
  const std::size_t colon = text.rfind(':');
  const auto bad = [&](const std::string& why) {
    return UsageError(flag + " '" + text.substr(0, 80) + "': " + why + " (expected HOST:PORT, e.g. node0:29500)");
  };
  if (colon == std::string::npos) throw bad("no port");
  if (colon == 0) throw bad("no host");
  RendezvousAddress a;
  a.host = text.substr(0, colon);
  if (a.host.size() > 2 && a.host.front() == '[' && a.host.back() == ']') a.host = a.host.substr(1, a.host.size() - 2);
  const std::string port = text.substr(colon + 1);
  const char* end = port.data() + port.size();
  const auto [at, ec] = std::from_chars(port.data(), end, a.port);
  if (port.empty() || ec != std::errc() || at != end || a.port < 1 || a.port > 65535)
    throw bad("the port must be 1..65535");
  return a;
}

std::uint64_t solve_fingerprint(const std::string& text) {
  std::uint64_t h = 14695981039346656037ull;
  for (const char c : text) {
    h ^= static_cast<unsigned char>(c);
    h *= 1099511628211ull;
  }
  return h;
}

Rendezvous::Rendezvous(int rank, std::string address) : m_rank(rank), m_address(std::move(address)) {}

Rendezvous::~Rendezvous() {
  for (const int fd : m_peers)
    if (fd >= 0) ::close(fd);
}

std::unique_ptr<Rendezvous> Rendezvous::meet(const ProcessGroup& group, const RendezvousAddress& address,
                                             std::uint64_t fingerprint, std::vector<unsigned char>& session,
                                             double timeout_s) {
  const std::string where = "rendezvous " + address.text();
  const auto deadline = Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(timeout_s));
  std::unique_ptr<Rendezvous> r(new Rendezvous(group.rank, address.text()));
  if (group.rank != 0) {
    // Rank 0 may start later than this one: retry until it listens.
    Socket s;
    while (s.fd < 0) {
      s = try_connect(address);
      if (s.fd >= 0) break;
      if (Clock::now() >= deadline)
        throw Error(where + ": rank 0 did not answer within " + seconds_text(timeout_s) +
                    " (is it running, with the same --rendezvous on every rank?)");
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    const int yes = 1;
    ::setsockopt(s.fd, IPPROTO_TCP, TCP_NODELAY, &yes, sizeof yes);
    unsigned char hello[kHelloBytes];
    std::memcpy(hello, kMagic, 8);
    put_u32(hello + 8, static_cast<std::uint32_t>(group.world));
    put_u32(hello + 12, static_cast<std::uint32_t>(group.rank));
    put_u64(hello + 16, fingerprint);
    unsigned char head[5];
    if (!write_all(s.fd, hello, sizeof hello) || !read_all(s.fd, head, sizeof head, deadline))
      throw Error(where + ": rank 0 closed the connection or did not answer within " + seconds_text(timeout_s));
    const std::uint32_t bytes = get_u32(head + 1);
    if (bytes > (1u << 16)) throw Error(where + ": the answer is not an APSP rank 0's (another program on this port?)");
    std::vector<unsigned char> body(bytes);
    if (!read_all(s.fd, body.data(), bytes, deadline))
      throw Error(where + ": rank 0 closed the connection before its answer was complete");
    if (head[0] == kRefused) throw Error(std::string(body.begin(), body.end()));
    if (head[0] != kAccepted) throw Error(where + ": the answer is not an APSP rank 0's (another program on this port?)");
    session = std::move(body);
    r->m_peers.push_back(s.release());
    return r;
  }
  Socket listener = listen_on(address);
  std::vector<Socket> peers(static_cast<std::size_t>(group.world - 1));
  std::vector<Socket> pending;  // accepted, refused below with the reason
  std::string refusal;
  int joined = 0;
  while (joined < group.world - 1 && refusal.empty()) {
    pollfd pfd{listener.fd, POLLIN, 0};
    const int ready = ::poll(&pfd, 1, poll_ms(deadline));
    if (ready < 0 && errno == EINTR) continue;
    if (ready == 0) {
      std::string missing;
      for (std::size_t i = 0; i < peers.size(); ++i)
        if (peers[i].fd < 0) missing += (missing.empty() ? "" : ", ") + std::to_string(i + 1);
      refusal = where + ": rank" + (group.world - 1 - joined > 1 ? "s " : " ") + missing + " of " +
                std::to_string(group.world) + " did not come within " + seconds_text(timeout_s);
      break;
    }
    Socket c(::accept4(listener.fd, nullptr, nullptr, SOCK_CLOEXEC));
    if (c.fd < 0) continue;
    unsigned char hello[kHelloBytes];
    if (!read_all(c.fd, hello, sizeof hello, deadline) || std::memcmp(hello, kMagic, 8) != 0) {
      refusal = where + ": a connection sent no APSP rank's hello (another program on this port?)";
      break;
    }
    const auto world = static_cast<int>(get_u32(hello + 8));
    const auto rank = static_cast<int>(get_u32(hello + 12));
    const std::string who = "rank " + std::to_string(rank);
    if (world != group.world) {
      refusal = where + ": " + who + " was started with world size " + std::to_string(world) + ", rank 0 with " +
                std::to_string(group.world);
    } else if (rank < 1 || rank >= group.world) {
      refusal = where + ": a peer calls itself " + who + ", outside 1.." + std::to_string(group.world - 1);
    } else if (peers[static_cast<std::size_t>(rank - 1)].fd >= 0) {
      refusal = where + ": two processes call themselves " + who;
    } else if (get_u64(hello + 16) != fingerprint) {
      refusal = where + ": " + who +
                " was given another solve than rank 0 (graph, n, block, dtype or backend differ); every rank must "
                "run the same command";
    }
    if (!refusal.empty()) {
      pending.push_back(std::move(c));
      break;
    }
    peers[static_cast<std::size_t>(rank - 1)] = std::move(c);
    ++joined;
  }
  if (!refusal.empty()) {
    for (Socket& p : peers)
      if (p.fd >= 0) send_reply(p.fd, kRefused, refusal.data(), refusal.size());
    for (Socket& p : pending) send_reply(p.fd, kRefused, refusal.data(), refusal.size());
    throw Error(refusal);
  }
  for (Socket& p : peers) {
    const int yes = 1;
    ::setsockopt(p.fd, IPPROTO_TCP, TCP_NODELAY, &yes, sizeof yes);
    if (!send_reply(p.fd, kAccepted, session.data(), session.size()))
      throw Error(where + ": a rank closed its connection before it got the NCCL id");
    r->m_peers.push_back(p.release());
  }
  return r;
}

bool Rendezvous::barrier(bool ok) {
  const unsigned char mine = ok ? 1 : 0;
  if (m_rank != 0) {
    unsigned char all = 0;
    if (m_peers.empty() || !write_all(m_peers[0], &mine, 1) || !read_all(m_peers[0], &all, 1, std::nullopt))
      throw Error("rendezvous " + m_address + ": rank 0 ended before the others (see its message)");
    return all == 1;
  }
  bool all = ok;
  for (const int fd : m_peers) {
    unsigned char theirs = 0;
    if (!read_all(fd, &theirs, 1, std::nullopt)) theirs = 0;  // a rank that died fails the group
    all = all && theirs == 1;
  }
  const unsigned char verdict = all ? 1 : 0;
  for (const int fd : m_peers) write_all(fd, &verdict, 1);
  return all;
}

}  // namespace apsp
