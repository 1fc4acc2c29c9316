// The device-view handoff between the worker and the frame loop, with a fake encoder (no GPU): who may call what
// when, and that stage 1 and stage 2 never overlap under two busy threads.
#include <apsp/solve/registry.h>
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <stdexcept>
#include <thread>

#include "session/device_view_channel.h"

namespace apsp::studio {
namespace {

// Records calls; `stage1` / `stage2` count the threads inside each stage, so an overlap is visible.
struct FakeEncoder {
  explicit FakeEncoder(int device) : device(device) {}

  void capture_previous_async(Solver&, const ViewGeometry&) {
    inside_stage1([&] { ++captures; });
  }
  void reduce_async(Solver&, const ViewGeometry&, std::optional<ValueRange>) {
    inside_stage1([&] {
      if (fail_reduce) throw std::runtime_error("reduce failed");
      ++reduces;
    });
  }
  bool ready() const { return done.load(); }
  void wait_ready() const { ++waits; }
  ValueRange range() const { return {3, 99, true}; }
  void encode() {
    inside_stage2([&] { ++encodes; });
  }
  std::optional<std::pair<std::size_t, DeviceViewTimes>> poll_encoded() { return std::nullopt; }
  void request_texel_async(std::size_t index, void*) {
    inside_stage2([&] { requested = index; });
  }
  std::optional<std::pair<std::size_t, std::int32_t>> texel() { return answer; }

  template <class F>
  void inside_stage1(F&& f) {
    if (++stage1 > 1 || stage2 > 0) overlaps = overlaps + 1;
    std::this_thread::yield();
    f();
    --stage1;
  }
  template <class F>
  void inside_stage2(F&& f) {
    if (++stage2 > 1 || stage1 > 0) overlaps = overlaps + 1;
    std::this_thread::yield();
    f();
    --stage2;
  }

  int device;
  std::atomic<bool> done{true};
  bool fail_reduce = false;
  int captures = 0;
  int reduces = 0;
  int encodes = 0;
  mutable int waits = 0;
  std::optional<std::size_t> requested;
  std::optional<std::pair<std::size_t, std::int32_t>> answer;
  std::atomic<int> stage1{0};
  std::atomic<int> stage2{0};
  std::atomic<int> overlaps{0};
};

using Channel = BasicDeviceViewChannel<FakeEncoder>;

class DeviceViewChannelTest : public ::testing::Test {
 protected:
  std::unique_ptr<Solver> solver = create_solver("cpu-naive", SolverOptions{4, DType::I32, 1});
  ViewGeometry geometry = make_view_geometry(64, 16);
  Channel channel{0};
};

// The channel's own encoder, reached the way the frame loop does: through a FrameLease.
FakeEncoder& encoder_of(Channel::FrameLease& lease) { return lease.encoder(); }

TEST_F(DeviceViewChannelTest, AReducedViewReachesTheFrameLoopOnceWhenItsReductionFinished) {
  EXPECT_TRUE(channel.wants_view());
  channel.lease_for_worker().reduce_async(*solver, geometry, std::nullopt, true, 7);
  EXPECT_FALSE(channel.wants_view());  // the frame loop has not taken it yet

  {
    auto lease = channel.take_reduced_view(false);
    ASSERT_TRUE(lease.has_value());
    EXPECT_EQ(lease->serial(), 7u);
    EXPECT_TRUE(lease->mark_improved());
    EXPECT_EQ(lease->geometry().rows, geometry.rows);
    EXPECT_EQ(lease->range().hi, 99);
    EXPECT_EQ(encoder_of(*lease).reduces, 1);
    EXPECT_FALSE(channel.wants_view());  // still encoding
    EXPECT_FALSE(channel.take_reduced_view(false).has_value());
  }
  EXPECT_TRUE(channel.wants_view());
  EXPECT_FALSE(channel.take_reduced_view(false).has_value());  // taken once only
}

TEST_F(DeviceViewChannelTest, AViewStillRunningOnTheGpuIsNotTakenUnlessTheCallerWaits) {
  channel.lease_for_worker().reduce_async(*solver, geometry, std::nullopt, false, 1);
  {
    auto lease = channel.take_reduced_view(true);
    ASSERT_TRUE(lease.has_value());
    encoder_of(*lease).done = false;  // the next reduction will be slow
    EXPECT_EQ(encoder_of(*lease).waits, 1);
  }
  channel.lease_for_worker().reduce_async(*solver, geometry, std::nullopt, false, 2);
  EXPECT_FALSE(channel.take_reduced_view(false).has_value());
  auto waited = channel.take_reduced_view(true);
  ASSERT_TRUE(waited.has_value());
  EXPECT_EQ(waited->serial(), 2u);
}

TEST_F(DeviceViewChannelTest, ACaptureIsNoViewAndKeepsAWaitingViewWaiting) {
  channel.lease_for_worker().capture_previous_async(*solver, geometry);
  EXPECT_TRUE(channel.wants_view());
  EXPECT_FALSE(channel.take_reduced_view(false).has_value());

  channel.lease_for_worker().reduce_async(*solver, geometry, std::nullopt, false, 4);
  channel.lease_for_worker().capture_previous_async(*solver, geometry);
  auto lease = channel.take_reduced_view(false);
  ASSERT_TRUE(lease.has_value());
  EXPECT_EQ(lease->serial(), 4u);
  EXPECT_EQ(encoder_of(*lease).captures, 2);
}

TEST_F(DeviceViewChannelTest, AFailedReductionHandsTheEncoderBackWithoutAView) {
  // Reach the encoder to make the next reduction throw: through a view, as the frame loop would.
  channel.lease_for_worker().reduce_async(*solver, geometry, std::nullopt, false, 1);
  FakeEncoder& fake = channel.take_reduced_view(false)->encoder();
  fake.fail_reduce = true;
  EXPECT_THROW(channel.lease_for_worker().reduce_async(*solver, geometry, std::nullopt, false, 2), std::runtime_error);
  EXPECT_TRUE(channel.wants_view());
  EXPECT_FALSE(channel.take_reduced_view(false).has_value());
  channel.texel_value(1, nullptr);
  EXPECT_EQ(fake.requested, std::optional<std::size_t>(1));  // nobody holds the encoder any more
}

TEST_F(DeviceViewChannelTest, TheWorkerWaitsWhileTheFrameLoopEncodes) {
  channel.lease_for_worker().reduce_async(*solver, geometry, std::nullopt, false, 1);
  auto frame = channel.take_reduced_view(false);
  ASSERT_TRUE(frame.has_value());
  std::atomic<bool> worker_in{false};
  std::thread worker([&] {
    auto lease = channel.lease_for_worker();
    worker_in = true;
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  EXPECT_FALSE(worker_in.load());
  frame.reset();  // the encode is enqueued: the worker may go on
  worker.join();
  EXPECT_TRUE(worker_in.load());
}

TEST_F(DeviceViewChannelTest, TheFrameLoopTakesNothingWhileTheWorkerHoldsTheEncoder) {
  channel.lease_for_worker().reduce_async(*solver, geometry, std::nullopt, false, 1);
  {
    auto worker = channel.lease_for_worker();
    EXPECT_FALSE(channel.take_reduced_view(false).has_value());
    EXPECT_FALSE(channel.texel_value(3, nullptr).has_value());
  }
  auto frame = channel.take_reduced_view(false);
  ASSERT_TRUE(frame.has_value());
  EXPECT_FALSE(encoder_of(*frame).requested.has_value());  // the read-back waited for the worker
}

TEST_F(DeviceViewChannelTest, ATooltipValueArrivesWithTheReadBackOfThatTexel) {
  channel.lease_for_worker().reduce_async(*solver, geometry, std::nullopt, false, 1);
  FakeEncoder* fake_encoder = nullptr;
  {
    auto frame = channel.take_reduced_view(false);
    fake_encoder = &frame->encoder();
  }
  EXPECT_FALSE(channel.texel_value(5, nullptr).has_value());  // asked for now
  EXPECT_EQ(fake_encoder->requested, std::optional<std::size_t>(5));
  fake_encoder->answer = std::pair<std::size_t, std::int32_t>{5, 42};
  EXPECT_EQ(channel.texel_value(5, nullptr), std::optional<std::int32_t>(42));
  EXPECT_FALSE(channel.texel_value(6, nullptr).has_value());  // another texel: a new read-back
  EXPECT_EQ(fake_encoder->requested, std::optional<std::size_t>(6));
  EXPECT_TRUE(channel.wants_view());  // a read-back leaves nothing held
}

TEST_F(DeviceViewChannelTest, StageOneAndStageTwoNeverOverlapUnderTwoBusyThreads) {
  constexpr int kViews = 2000;
  constexpr int kMinTaken = 50;  // the worker goes on until the frame thread really took views (loaded machines)
  std::atomic<bool> stop{false};
  std::atomic<int> taken_so_far{0};
  FakeEncoder* fake_encoder = nullptr;
  std::thread worker([&] {
    for (int i = 1; i <= kViews || (taken_so_far.load() < kMinTaken && i <= 2'000'000); ++i) {
      if (i % 3 == 0) channel.lease_for_worker().capture_previous_async(*solver, geometry);
      if (channel.wants_view() || i % 7 == 0) {
        channel.lease_for_worker().reduce_async(*solver, geometry, std::nullopt, true, static_cast<std::uint64_t>(i));
      }
    }
    stop = true;
  });
  std::uint64_t last_serial = 0;
  int taken = 0;
  while (!stop.load()) {
    if (auto frame = channel.take_reduced_view(false)) {
      EXPECT_GT(frame->serial(), last_serial);  // views arrive in order, the newest one
      last_serial = frame->serial();
      frame->encoder().encode();
      fake_encoder = &frame->encoder();
      taken_so_far = ++taken;
    }
    channel.texel_value(static_cast<std::size_t>(taken), nullptr);
  }
  worker.join();
  EXPECT_GE(taken, kMinTaken);
  ASSERT_NE(fake_encoder, nullptr);
  EXPECT_GT(taken, 0);
  EXPECT_EQ(fake_encoder->overlaps.load(), 0);
}

}  // namespace
}  // namespace apsp::studio
