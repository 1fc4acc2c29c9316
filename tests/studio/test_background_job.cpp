// The one background-job type of the sweep and the counters: one job at a time, generations, cancel, the
// ending written together with running = false, and a wake-up for each change.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <memory>
#include <string>
#include <thread>

#include "mock_platform.h"
#include "session/background_job.h"

namespace apsp::studio {
namespace {

struct CountingSnapshot {
  bool running = false;
  std::uint64_t generation = 0;
  int steps = 0;
  std::string outcome;
};

using CountingJob = BackgroundJob<CountingSnapshot>;

/// Work that counts steps until cancelled (or @p limit), then says how it ended.
CountingJob::Work count_until_cancelled(CountingJob& job, int limit) {
  return [&job, limit]() -> CountingJob::Ending {
    int steps = 0;
    while (!job.cancel_requested() && steps < limit) {
      ++steps;
      job.update([&](CountingSnapshot& s) { s.steps = steps; });
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    const bool cancelled = job.cancel_requested();
    return [cancelled](CountingSnapshot& s) { s.outcome = cancelled ? "cancelled" : "finished"; };
  };
}

TEST(BackgroundJob, OneJobAtATimeAndEachStartIsANewGeneration) {
  testing::MockPlatform platform;
  CountingJob job([&] { platform.wake(); });
  ASSERT_TRUE(job.start(count_until_cancelled(job, 1 << 30)));
  EXPECT_TRUE(job.running());
  EXPECT_FALSE(job.start(count_until_cancelled(job, 1)));  // one is running
  EXPECT_EQ(job.snapshot().generation, 1u);
  // A step reported (and so woken for) before the cancel: the wake-up happens before the job ends.
  while (job.snapshot().steps == 0) std::this_thread::yield();

  job.cancel();
  ASSERT_TRUE(job.wait_for(std::chrono::seconds(10)));
  const CountingSnapshot cancelled = job.snapshot();
  EXPECT_FALSE(cancelled.running);
  EXPECT_EQ(cancelled.outcome, "cancelled");
  EXPECT_GT(platform.wakes.load(), 0);

  ASSERT_TRUE(job.start(count_until_cancelled(job, 3)));
  ASSERT_TRUE(job.wait_for(std::chrono::seconds(10)));
  const CountingSnapshot finished = job.snapshot();
  EXPECT_EQ(finished.generation, 2u);
  EXPECT_EQ(finished.steps, 3);  // a fresh snapshot: the last job's steps are gone
  EXPECT_EQ(finished.outcome, "finished");
}

TEST(BackgroundJob, TheEndingIsNeverSeenWhileRunning) {
  CountingJob job;
  std::atomic<bool> seen_outcome_while_running{false};
  ASSERT_TRUE(job.start(count_until_cancelled(job, 200)));
  while (job.running()) {
    const CountingSnapshot s = job.snapshot();
    if (s.running && !s.outcome.empty()) seen_outcome_while_running = true;
  }
  EXPECT_FALSE(seen_outcome_while_running.load());
  EXPECT_EQ(job.snapshot().outcome, "finished");
}

TEST(BackgroundJob, DestructionCancelsAndJoins) {
  auto job = std::make_unique<CountingJob>();
  ASSERT_TRUE(job->start(count_until_cancelled(*job, 1 << 30)));
  job.reset();  // would hang (or crash) if the destructor did not cancel the endless work and join it
  SUCCEED();
}

}  // namespace
}  // namespace apsp::studio
