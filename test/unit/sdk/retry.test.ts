import { backoffDelay, decideRetry, MAX_RETRY_DELAY_MS, parseRetryAfter } from "../../../sdk/internal/retry";

describe("retry rules", () => {
  it("retries 429 for every method, honouring Retry-After", () => {
    for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE"]) {
      expect(decideRetry(method, { kind: "status", status: 429, retryAfterMs: 3000 }, 0, 3)).toEqual({
        retry: true,
        delayMs: 3000,
        reason: "rate limited (429)",
      });
    }
  });

  it("retries 5xx only for idempotent methods", () => {
    for (const method of ["GET", "PUT", "PATCH", "DELETE"])
      expect(decideRetry(method, { kind: "status", status: 503 }, 0, 3).retry).toBe(true);
    expect(decideRetry("POST", { kind: "status", status: 500 }, 0, 3).retry).toBe(false);
  });

  it("never retries other 4xx", () => {
    for (const status of [400, 401, 403, 404, 422])
      expect(decideRetry("GET", { kind: "status", status }, 0, 3).retry).toBe(false);
  });

  it("retries a POST only when it certainly never reached the service", () => {
    expect(decideRetry("POST", { kind: "connection", sent: false }, 0, 3).retry).toBe(true);
    expect(decideRetry("POST", { kind: "timeout", sent: false }, 0, 3).retry).toBe(true);
    expect(decideRetry("POST", { kind: "connection", sent: true }, 0, 3).retry).toBe(false);
    expect(decideRetry("POST", { kind: "timeout", sent: true }, 0, 3).retry).toBe(false);
    expect(decideRetry("DELETE", { kind: "connection", sent: true }, 0, 3).retry).toBe(true);
  });

  it("stops at maxRetries", () => {
    expect(decideRetry("GET", { kind: "status", status: 503 }, 3, 3).retry).toBe(false);
    expect(decideRetry("GET", { kind: "connection", sent: false }, 0, 0).retry).toBe(false);
  });

  it("backs off exponentially with jitter, capped", () => {
    expect(backoffDelay(0, undefined, () => 0)).toBe(500);
    expect(backoffDelay(1, undefined, () => 0)).toBe(1000);
    expect(backoffDelay(2, undefined, () => 0.999)).toBeGreaterThanOrEqual(1500);
    expect(backoffDelay(10, undefined, () => 0)).toBe(MAX_RETRY_DELAY_MS);
    for (let i = 0; i < 100; i++) {
      const delay = backoffDelay(3);
      expect(delay).toBeGreaterThanOrEqual(3000);
      expect(delay).toBeLessThanOrEqual(4000);
    }
  });

  it("backs off from another start and ceiling when given one (the provider's create retries)", () => {
    const creates = { initialMs: 250, maxMs: 4_000 };
    expect(backoffDelay(0, creates, () => 0)).toBe(250);
    expect(backoffDelay(2, creates, () => 0)).toBe(1000);
    expect(backoffDelay(9, creates, () => 0)).toBe(4000);
    expect(backoffDelay(0, { initialMs: 1, maxMs: 1 }, () => 0.999)).toBe(1);
  });

  it("reads Retry-After as seconds or an HTTP date", () => {
    expect(parseRetryAfter("2")).toBe(2000);
    expect(parseRetryAfter("0")).toBe(0);
    expect(parseRetryAfter(undefined)).toBeUndefined();
    expect(parseRetryAfter("soon")).toBeUndefined();
    const now = Date.parse("2026-01-01T00:00:00Z");
    expect(parseRetryAfter("Thu, 01 Jan 2026 00:00:05 GMT", now)).toBe(5000);
  });
});
