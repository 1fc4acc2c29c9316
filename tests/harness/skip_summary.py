#!/usr/bin/env python3
"""Prints how many tests were skipped and why, one line per reason, from ctest's JUnit file(s):

  skip_summary.py JUNIT.xml...        e.g. "572 skipped: no CUDA device"

Where each kind of test says why it skipped:
  - gtest (GTEST_SKIP() << "why"): gtest prints "FILE:LINE: Skipped" and then the message; ctest sees
    "[  SKIPPED ]" (SKIP_REGULAR_EXPRESSION, set by gtest_discover_tests).
  - scripts (exit 77, SKIP_RETURN_CODE): a line "SKIP: why" in their output, else their last line.
"""
import collections
import re
import sys
import xml.etree.ElementTree as ET

NO_GTEST_REASON = "no reason given (GTEST_SKIP() without a message)"
NO_SCRIPT_REASON = "no reason given (exit 77 without a SKIP: line)"


def gtest_reason(output):
    lines = output.splitlines()
    for i, line in enumerate(lines):
        if re.search(r":\d+: Skipped$", line):
            message = []
            for following in lines[i + 1:]:
                if following.startswith("[  SKIPPED ]"):
                    break
                if following.strip():
                    message.append(following.strip())
            return " ".join(message) or NO_GTEST_REASON
    return NO_GTEST_REASON


def script_reason(output):
    lines = [line.strip() for line in output.splitlines() if line.strip()]
    for line in lines:
        if line.upper().startswith("SKIP:"):
            return line[5:].strip() or NO_SCRIPT_REASON
    return lines[-1] if lines else NO_SCRIPT_REASON


def reason(testcase):
    skipped = testcase.find("skipped")
    why = skipped.get("message", "") if skipped is not None else ""
    output = testcase.findtext("system-out") or ""
    if why == "SKIP_REGULAR_EXPRESSION_MATCHED":
        return gtest_reason(output)
    if why.startswith("SKIP_RETURN_CODE"):
        return script_reason(output)
    return why.lower() or "not run"


def summarize(paths):
    reasons = collections.Counter()
    total = 0
    for path in paths:
        for testcase in ET.parse(path).getroot().iter("testcase"):
            total += 1
            if testcase.get("status") == "notrun":
                reasons[reason(testcase)] += 1
    return total, reasons


def main(argv):
    if not argv:
        print(__doc__, file=sys.stderr)
        return 2
    try:
        total, reasons = summarize(argv)
    except (OSError, ET.ParseError) as e:
        print(f"skip summary: cannot read ctest's JUnit file: {e}")
        return 1
    skipped = sum(reasons.values())
    print(f"{total - skipped} of {total} tests ran, {skipped} skipped" + (":" if skipped else ""))
    for why, count in sorted(reasons.items(), key=lambda item: (-item[1], item[0])):
        print(f"  {count} skipped: {why}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
