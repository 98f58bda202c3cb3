// The bench's verdict on a timed target (scripts/bench/statistics/verdict.ts): the median of the rounds' ratios,
// with their spread, and "too noisy" when the middle half of the rounds straddles the target.
import { judge, median, summarize, typical } from "../../../scripts/bench/statistics/verdict";

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

describe("a side's repeats within a round", () => {
  it("take the median time, so one run slowed by the machine does not move the round", () => {
    const runs = [
      { seconds: 5.1, peakMb: 150 },
      { seconds: 7.9, peakMb: 152 },
      { seconds: 5.3, peakMb: 149 },
    ];
    expect(typical(runs)).toEqual({ seconds: 5.3, peakMb: 152 });
    expect(typical([{ seconds: 2, peakMb: 140 }])).toEqual({ seconds: 2, peakMb: 140 });
  });

  it("take the middle of an even number of runs as the mean of the two middle ones", () => {
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it("give no time for no runs, which then fails its figure", () => {
    expect(typical([]).seconds).toBeNaN();
  });
});
