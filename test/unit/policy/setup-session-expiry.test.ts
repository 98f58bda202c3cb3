import { setupSessionExpiry } from "../../../policy/rules/setup-session-expiry";
import { messagesFor } from "./helpers";

const HOUR_MS = 3600_000;
const inHours = (hours: number) => new Date(Date.now() + hours * HOUR_MS).toISOString();
const check = (props: Record<string, unknown>, config?: Record<string, unknown>) =>
  messagesFor(
    setupSessionExpiry,
    "IntegrationSetupSession",
    { integrationId: "intg_1", name: "Connect", ...props },
    { name: "connect", config },
  );

describe("tcs-setup-session-expiry", () => {
  it("passes a session expiring within the bound, the default bound being the service's 24 h", async () => {
    expect(await check({ expiresAt: inHours(12) })).toEqual([]);
    expect(await check({ expiresAt: inHours(23.9) })).toEqual([]);
    expect(await check({})).toEqual([]); // the service default, 24 h, is within 24 h
  });

  it("refuses one expiring later, saying how far ahead it is", async () => {
    const expiresAt = inHours(72);
    expect(await check({ expiresAt })).toEqual([
      `setup session 'connect' expires 72.0 h from now (${expiresAt}), beyond the 24 h allowed`,
    ]);
    expect(await check({ expiresAt: inHours(60) }, { maxLifetimeHours: 48 })).toEqual([
      expect.stringMatching(/^setup session 'connect' expires 60\.0 h from now .* beyond the 48 h allowed$/),
    ]);
  });

  it("counts a session without expiresAt as living the service default of 24 h", async () => {
    expect(await check({}, { maxLifetimeHours: 4 })).toEqual([
      "setup session 'connect' has no expiresAt, so it lives the service default of 24 h, beyond the 4 h allowed; set expiresAt",
    ]);
    expect(await check({ expiresAt: null }, { maxLifetimeHours: 48 })).toEqual([]);
  });

  it("refuses an expiresAt that is not a date-time", async () => {
    expect(await check({ expiresAt: "next tuesday" })).toEqual([
      "setup session 'connect' has an expiresAt that is not a date-time: 'next tuesday'",
    ]);
  });

  it("falls back to the default bound when the config gives none (null)", async () => {
    expect(await check({ expiresAt: inHours(30) }, { maxLifetimeHours: null })).toEqual([
      expect.stringContaining("beyond the 24 h allowed"),
    ]);
  });
});
