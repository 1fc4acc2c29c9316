// KeyTaps: a key pressed and released between two frames is down for exactly one frame; a held key stays down.
#include <gtest/gtest.h>

#include <array>

#include "platform/key_taps.h"

namespace apsp::studio {
namespace {

constexpr int kRight = 262;
constexpr int kShift = 340;

struct Frame {
  std::array<bool, 512> down{};
  void begin(KeyTaps& taps) { taps.apply(down.data(), static_cast<int>(down.size())); }
};

TEST(KeyTaps, ATapInsideOneFrameIsDownForThatFrameOnly) {
  KeyTaps taps;
  Frame frame;
  frame.begin(taps);
  EXPECT_FALSE(frame.down[kRight]);
  taps.on_key(kRight, true);
  taps.on_key(kRight, false);  // both events in one poll: a slow frame
  frame.begin(taps);
  EXPECT_TRUE(frame.down[kRight]);
  frame.begin(taps);
  EXPECT_FALSE(frame.down[kRight]);
}

TEST(KeyTaps, AHeldKeyStaysDownUntilItsRelease) {
  KeyTaps taps;
  Frame frame;
  taps.on_key(kRight, true);
  for (int i = 0; i < 3; ++i) {
    frame.begin(taps);
    EXPECT_TRUE(frame.down[kRight]) << "frame " << i;
  }
  taps.on_key(kRight, false);
  frame.begin(taps);
  EXPECT_FALSE(frame.down[kRight]);
}

TEST(KeyTaps, ATappedModifierCountsWithTheKeyItWasTappedWith) {
  KeyTaps taps;
  Frame frame;
  taps.on_key(kShift, true);
  taps.on_key(kRight, true);
  taps.on_key(kRight, false);
  taps.on_key(kShift, false);
  frame.begin(taps);
  EXPECT_TRUE(frame.down[kShift]);
  EXPECT_TRUE(frame.down[kRight]);
  frame.begin(taps);
  EXPECT_FALSE(frame.down[kShift]);
  EXPECT_FALSE(frame.down[kRight]);
}

TEST(KeyTaps, AModifierHeldOverAFrameAndReleasedWithTheTapStillCounts) {
  KeyTaps taps;
  Frame frame;
  taps.on_key(kShift, true);
  frame.begin(taps);  // Shift alone reaches a frame
  EXPECT_TRUE(frame.down[kShift]);
  taps.on_key(kRight, true);
  taps.on_key(kRight, false);
  taps.on_key(kShift, false);  // released in the same poll as the tapped arrow
  frame.begin(taps);
  EXPECT_TRUE(frame.down[kShift]);
  EXPECT_TRUE(frame.down[kRight]);
  frame.begin(taps);
  EXPECT_FALSE(frame.down[kShift]);
}

TEST(KeyTaps, AnOrdinaryKeyReleasedBetweenFramesIsUpInTheNext) {
  KeyTaps taps;
  Frame frame;
  taps.on_key(kRight, true);
  frame.begin(taps);
  taps.on_key(kRight, false);
  frame.begin(taps);
  EXPECT_FALSE(frame.down[kRight]);  // no extra frame of key repeat
}

TEST(KeyTaps, AReleaseAndPressAgainInsideOneFrameKeepsTheKeyDown) {
  KeyTaps taps;
  Frame frame;
  taps.on_key(kRight, true);
  frame.begin(taps);
  taps.on_key(kRight, false);
  taps.on_key(kRight, true);
  frame.begin(taps);
  EXPECT_TRUE(frame.down[kRight]);
}

TEST(KeyTaps, KeysOutsideTheTableAreIgnored) {
  KeyTaps taps;
  Frame frame;
  taps.on_key(-1, true);  // GLFW_KEY_UNKNOWN
  taps.on_key(KeyTaps::kKeys, true);
  frame.begin(taps);
  for (const bool d : frame.down) EXPECT_FALSE(d);
}

}  // namespace
}  // namespace apsp::studio
