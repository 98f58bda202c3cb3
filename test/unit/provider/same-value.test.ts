// sameValue compares a string or boolean on both sides without building their canonical forms
// (shapes/normalize.ts): the answer must be the one the canonical forms give, for any pair of values.
import fc from "fast-check";
import { canonical, sameValue } from "../../../provider/shapes/normalize";

const byCanonicalForms = (live: unknown, wanted: unknown, unordered?: boolean) =>
  JSON.stringify(canonical(live, unordered)) === JSON.stringify(canonical(wanted, unordered));

const plainish = fc.oneof(
  fc.constantFrom(undefined, null, "", "null", "true", "false", true, false, 0, -0, 1, Number.NaN, "0", "a"),
  fc.string(),
  fc.boolean(),
  fc.double(),
);
const value = fc.oneof(plainish, fc.array(plainish, { maxLength: 3 }), fc.dictionary(fc.string(), plainish));

describe("sameValue", () => {
  it("answers as the canonical forms compare, for any pair of values", () => {
    fc.assert(
      fc.property(value, value, fc.boolean(), (live, wanted, unordered) => {
        expect(sameValue(live, wanted, { unordered })).toBe(byCanonicalForms(live, wanted, unordered));
      }),
      { numRuns: 2000 },
    );
  });

  it("takes absentMeans for an undeclared value, and equal instants as equal timestamps", () => {
    expect(sameValue("allow_all", undefined, { absentMeans: "allow_all" })).toBe(true);
    expect(sameValue("", undefined, { absentMeans: "allow_all" })).toBe(false);
    expect(sameValue("2026-01-01T00:00:00.000Z", "2026-01-01T00:00:00Z", { timestamp: true })).toBe(true);
    expect(sameValue("a", "a")).toBe(true);
    expect(sameValue("", null)).toBe(true);
    expect(sameValue("true", true)).toBe(false);
    expect(sameValue("null", null)).toBe(false);
  });
});
