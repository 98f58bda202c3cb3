// The bench's verdict on a timed target (scripts/bench/verdict.ts): the median of the rounds' ratios,
// with their spread, and "too noisy" when the middle half of the rounds straddles the target.
import { judge, summarize } from "../../../scripts/bench/verdict";

describe("bench verdict", () => {
  it("summarizes rounds by their median and interquartile spread, in any order", () => {
    expect(summarize([1.12, 1.05, 1.09, 1.07, 1.08])).toEqual({ median: 1.08, q1: 1.07, q3: 1.09, spread: 0.02 });
    expect(summarize([1.2])).toEqual({ median: 1.2, q1: 1.2, q3: 1.2, spread: 0 });
  });

  it("meets a target when the middle half of the rounds is within it", () => {
    expect(judge(summarize([1.05, 1.07, 1.08, 1.09, 1.3]), 1.1)).toBe("met");
  });

  it("misses a target when the middle half of the rounds is over it", () => {
    expect(judge(summarize([1.0, 1.14, 1.15, 1.16, 1.2]), 1.1)).toBe("missed");
  });

  it("will not judge when the middle half straddles the target", () => {
    // Median 1.09 is within 1.10, but a round in four is over it by more than the margin.
    expect(judge(summarize([1.05, 1.08, 1.09, 1.11, 1.2]), 1.1)).toBe("too_noisy");
    expect(judge(summarize([1.0, 1.09, 1.12, 1.13, 1.2]), 1.1)).toBe("too_noisy");
  });

  it("fails a figure that is missing or not a number rather than passing it", () => {
    expect(judge(summarize([]), 1.1)).toBe("missed");
    expect(judge(summarize([1.0, NaN]), 1.1)).toBe("missed");
  });
});
