// Text from outside the program, printed: control characters and bytes that are not UTF-8 escaped, valid UTF-8
// kept, long values cut with their length.
#include <apsp/core/untrusted_text.h>

#include <gtest/gtest.h>

namespace apsp {
namespace {

TEST(UntrustedText, ControlCharactersAndInvalidBytesAreEscaped) {
  EXPECT_EQ(printable_text("plain name.txt"), "plain name.txt");
  EXPECT_EQ(printable_text("d\xc3\xa9j\xc3\xa0 12 \xc2\xb5s \xe2\x9c\x93 \xf0\x9f\x98\x80"), "d\xc3\xa9j\xc3\xa0 12 \xc2\xb5s \xe2\x9c\x93 \xf0\x9f\x98\x80");
  EXPECT_EQ(printable_text("a\x1b[2Jb\nc\td\re\x7f"), "a\\x1b[2Jb\\nc\\td\\re\\x7f");
  EXPECT_EQ(printable_text(std::string("nul\0x", 5)), "nul\\x00x");
  EXPECT_EQ(printable_text("csi\xc2\x9b" "1m"), "csi\\u009b1m");
  // Stray continuation byte, cut sequence, overlong form, surrogate, beyond U+10FFFF.
  EXPECT_EQ(printable_text("\x80"), "\\x80");
  EXPECT_EQ(printable_text("\xe2\x9c"), "\\xe2\\x9c");
  EXPECT_EQ(printable_text("\xc0\xaf"), "\\xc0\\xaf");
  EXPECT_EQ(printable_text("\xed\xa0\x80"), "\\xed\\xa0\\x80");
  EXPECT_EQ(printable_text("\xf4\x90\x80\x80"), "\\xf4\\x90\\x80\\x80");
}

TEST(UntrustedText, LongValuesAreCutWithTheirLength) {
  EXPECT_EQ(user_value_in_message("0,1,2"), "0,1,2");
  const std::string sixty(60, 'x');
  EXPECT_EQ(user_value_in_message(sixty), sixty);
  EXPECT_EQ(user_value_in_message(sixty + "y"), sixty + "\xe2\x80\xa6 (61 chars)");
  EXPECT_EQ(user_value_in_message(std::string(108000, '7'), 10), "7777777777\xe2\x80\xa6 (108000 chars)");
  // Characters, not bytes: a cut never splits one, and an escape counts as the one character it stands for.
  EXPECT_EQ(user_value_in_message("\xc3\xa9\xc3\xa9\xc3\xa9", 2), "\xc3\xa9\xc3\xa9\xe2\x80\xa6 (3 chars)");
  EXPECT_EQ(user_value_in_message("\n\n\n", 1), "\\n\xe2\x80\xa6 (3 chars)");
}

}  // namespace
}  // namespace apsp
