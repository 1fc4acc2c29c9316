// One process per GPU, host side: rank discovery from a fake environment, and the TCP rendezvous between
// threads on 127.0.0.1 (the id exchange, the barrier, timeouts and refusals).
#include <apsp/core/errors.h>
#include <apsp/device/launcher.h>

#include <gtest/gtest.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <future>
#include <map>
#include <thread>

namespace apsp {
namespace {

EnvLookup fake_env(std::map<std::string, std::string> vars) {
  return [vars = std::move(vars)](const char* name) -> std::optional<std::string> {
    const auto it = vars.find(name);
    if (it == vars.end()) return std::nullopt;
    return it->second;
  };
}

std::string usage_message(const std::map<std::string, std::string>& vars) {
  try {
    discover_process_group(fake_env(vars));
  } catch (const UsageError& e) {
    return e.what();
  }
  return "no error";
}

TEST(RankDiscovery, NoLauncherGivesNothing) {
  EXPECT_FALSE(discover_process_group(fake_env({{"HOME", "/x"}})).has_value());
}

TEST(RankDiscovery, EachLauncherInTurn) {
  auto g = discover_process_group(fake_env({{"APSP_RANK", "1"}, {"APSP_WORLD_SIZE", "4"}}));
  ASSERT_TRUE(g);
  EXPECT_EQ(g->rank, 1);
  EXPECT_EQ(g->world, 4);
  EXPECT_EQ(g->local_rank, 1);  // default: the rank
  EXPECT_EQ(g->launcher, "APSP_RANK");
  g = discover_process_group(fake_env(
      {{"OMPI_COMM_WORLD_RANK", "5"}, {"OMPI_COMM_WORLD_SIZE", "8"}, {"OMPI_COMM_WORLD_LOCAL_RANK", "1"}}));
  ASSERT_TRUE(g);
  EXPECT_EQ(g->rank, 5);
  EXPECT_EQ(g->world, 8);
  EXPECT_EQ(g->local_rank, 1);
  EXPECT_EQ(g->launcher, "Open MPI");
  g = discover_process_group(fake_env({{"PMI_RANK", "2"}, {"PMI_SIZE", "3"}, {"MPI_LOCALRANKID", "0"}}));
  ASSERT_TRUE(g);
  EXPECT_EQ(g->launcher, "MPICH/Hydra");
  EXPECT_EQ(g->local_rank, 0);
  g = discover_process_group(fake_env({{"SLURM_PROCID", "3"}, {"SLURM_NTASKS", "4"}, {"SLURM_LOCALID", "3"}}));
  ASSERT_TRUE(g);
  EXPECT_EQ(g->launcher, "Slurm");
  EXPECT_EQ(g->rank, 3);
}

TEST(RankDiscovery, ApspVariablesWinOverTheLauncher) {
  const auto g = discover_process_group(fake_env(
      {{"APSP_RANK", "0"}, {"APSP_WORLD_SIZE", "2"}, {"SLURM_PROCID", "3"}, {"SLURM_NTASKS", "4"}}));
  ASSERT_TRUE(g);
  EXPECT_EQ(g->world, 2);
  EXPECT_EQ(g->launcher, "APSP_RANK");
}

TEST(RankDiscovery, BadValuesNameTheVariable) {
  EXPECT_EQ(usage_message({{"APSP_RANK", "x"}, {"APSP_WORLD_SIZE", "2"}}), "APSP_RANK='x': expected a whole number");
  EXPECT_EQ(usage_message({{"APSP_RANK", "1"}, {"APSP_WORLD_SIZE", "2 "}}),
            "APSP_WORLD_SIZE='2 ': expected a whole number");
  EXPECT_EQ(usage_message({{"APSP_RANK", "2"}, {"APSP_WORLD_SIZE", "2"}}),
            "APSP_RANK=2: outside 0..1 (APSP_WORLD_SIZE=2)");
  EXPECT_EQ(usage_message({{"APSP_RANK", "0"}, {"APSP_WORLD_SIZE", "0"}}),
            "APSP_WORLD_SIZE=0: the world size must be at least 1");
  EXPECT_EQ(usage_message({{"APSP_RANK", "0"}}), "APSP_RANK is set but APSP_WORLD_SIZE is not");
  EXPECT_EQ(usage_message({{"SLURM_NTASKS", "4"}}), "SLURM_NTASKS is set but SLURM_PROCID is not");
  EXPECT_EQ(usage_message({{"PMI_RANK", "0"}, {"PMI_SIZE", "2"}, {"MPI_LOCALRANKID", "-1"}}),
            "MPI_LOCALRANKID=-1: outside 0..1");
}

TEST(Rendezvous, ParsesHostAndPort) {
  const RendezvousAddress a = parse_rendezvous("node0:29500");
  EXPECT_EQ(a.host, "node0");
  EXPECT_EQ(a.port, 29500);
  EXPECT_EQ(parse_rendezvous("[::1]:80").host, "::1");
  for (const char* bad : {"node0", ":80", "node0:", "node0:0", "node0:65536", "node0:8x"})
    EXPECT_THROW(parse_rendezvous(bad), UsageError) << bad;
}

/// A port nobody listens on now (the kernel's choice for port 0, released again).
int free_port() {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  ::bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a);
  socklen_t len = sizeof a;
  ::getsockname(fd, reinterpret_cast<sockaddr*>(&a), &len);
  ::close(fd);
  return ntohs(a.sin_port);
}

ProcessGroup rank_of(int rank, int world) {
  ProcessGroup g;
  g.rank = rank;
  g.world = world;
  g.local_rank = rank;
  return g;
}

/// Runs rank @p rank's side of the rendezvous; the session it holds afterwards, or the error's message.
struct Outcome {
  std::vector<unsigned char> session;
  std::string error;
  std::unique_ptr<Rendezvous> group;
};
Outcome meet(int rank, int world, int port, std::uint64_t fingerprint, std::vector<unsigned char> session,
             double timeout_s = 20) {
  Outcome o;
  o.session = std::move(session);
  try {
    o.group = Rendezvous::meet(rank_of(rank, world), {"127.0.0.1", port}, fingerprint, o.session, timeout_s);
  } catch (const Error& e) {
    o.error = e.what();
  }
  return o;
}

TEST(Rendezvous, ThreeRanksGetRankZerosIdAndMeetAtBarriers) {
  const int port = free_port();
  const std::vector<unsigned char> id = {1, 2, 3, 250, 0, 7};
  auto r1 = std::async(std::launch::async, [&] { return meet(1, 3, port, 42, {}); });
  auto r2 = std::async(std::launch::async, [&] { return meet(2, 3, port, 42, {}); });
  Outcome r0 = meet(0, 3, port, 42, id);
  Outcome o1 = r1.get(), o2 = r2.get();
  ASSERT_EQ(r0.error, "");
  ASSERT_EQ(o1.error, "");
  ASSERT_EQ(o2.error, "");
  EXPECT_EQ(o1.session, id);
  EXPECT_EQ(o2.session, id);
  // A barrier passes every rank's verdict: one false fails them all.
  auto b1 = std::async(std::launch::async, [&] { return o1.group->barrier(true); });
  auto b2 = std::async(std::launch::async, [&] { return o2.group->barrier(false); });
  EXPECT_FALSE(r0.group->barrier(true));
  EXPECT_FALSE(b1.get());
  EXPECT_FALSE(b2.get());
  b1 = std::async(std::launch::async, [&] { return o1.group->barrier(true); });
  b2 = std::async(std::launch::async, [&] { return o2.group->barrier(true); });
  EXPECT_TRUE(r0.group->barrier(true));
  EXPECT_TRUE(b1.get());
  EXPECT_TRUE(b2.get());
}

TEST(Rendezvous, APeerThatDiedFailsTheBarrier) {
  const int port = free_port();
  auto r1 = std::async(std::launch::async, [&] { return meet(1, 2, port, 1, {}); });
  Outcome r0 = meet(0, 2, port, 1, {9});
  Outcome o1 = r1.get();
  ASSERT_EQ(o1.error, "");
  o1.group.reset();  // rank 1's process ends
  EXPECT_FALSE(r0.group->barrier(true));
}

TEST(Rendezvous, ARankThatNeverComesTimesOutNamingTheAddress) {
  const int port = free_port();
  const std::string where = "rendezvous 127.0.0.1:" + std::to_string(port);
  EXPECT_EQ(meet(1, 2, port, 1, {}, 0.3).error,
            where + ": rank 0 did not answer within 0.3 s (is it running, with the same --rendezvous on every rank?)");
  EXPECT_EQ(meet(0, 3, port, 1, {1}, 0.3).error, where + ": ranks 1, 2 of 3 did not come within 0.3 s");
}

TEST(Rendezvous, ARankWithAnotherSolveIsRefusedOnEveryRank) {
  const int port = free_port();
  auto r1 = std::async(std::launch::async, [&] { return meet(1, 2, port, 7, {}); });
  const Outcome r0 = meet(0, 2, port, 8, {1});
  const std::string expected = "rendezvous 127.0.0.1:" + std::to_string(port) +
                               ": rank 1 was given another solve than rank 0 (graph, n, block, dtype or backend "
                               "differ); every rank must run the same command";
  EXPECT_EQ(r0.error, expected);
  EXPECT_EQ(r1.get().error, expected);
}

TEST(Rendezvous, AnotherWorldSizeIsRefused) {
  const int port = free_port();
  auto r1 = std::async(std::launch::async, [&] { return meet(1, 3, port, 7, {}); });
  const Outcome r0 = meet(0, 2, port, 7, {1});
  EXPECT_NE(r0.error.find("rank 1 was started with world size 3, rank 0 with 2"), std::string::npos) << r0.error;
  EXPECT_EQ(r1.get().error, r0.error);
}

TEST(Rendezvous, GarbageInsteadOfAHelloIsRefused) {
  const int port = free_port();
  auto r0 = std::async(std::launch::async, [&] { return meet(0, 2, port, 7, {1}); });
  // Another program connects and sends text (retrying until rank 0 listens).
  int fd = -1;
  for (int i = 0; i < 200 && fd < 0; ++i) {
    fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_port = htons(static_cast<std::uint16_t>(port));
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (::connect(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0) {
      ::close(fd);
      fd = -1;
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
  }
  ASSERT_GE(fd, 0);
  const char garbage[] = "GET / HTTP/1.1\r\nHost: x\r\n\r\n";
  ASSERT_GT(::send(fd, garbage, sizeof garbage, 0), 0);
  EXPECT_EQ(r0.get().error, "rendezvous 127.0.0.1:" + std::to_string(port) +
                                ": a connection sent no APSP rank's hello (another program on this port?)");
  ::close(fd);
}

TEST(Rendezvous, FingerprintIsStable) {
  EXPECT_EQ(solve_fingerprint(""), 14695981039346656037ull);
  EXPECT_NE(solve_fingerprint("n=1"), solve_fingerprint("n=2"));
}

}  // namespace
}  // namespace apsp
