// The lookups in a program call the service through the same client as the provider plugin
// (provider/settings/client.ts: one place builds a client from settings), so a lookup is as patient with a
// flaky service as a resource's read. Before, the lookups built their own client with the SDK's
// default of 3 retries, and a preview failed on a lookup where every resource got through.
import { getRoles } from "../../../provider/index";
import { startSdkHarness, type SdkHarness } from "../sdk/sdk-helpers";

/** The provider's retries (provider/settings/client.ts): written out, so the test says what it expects. */
const PROVIDER_RETRIES = 5;

let h: SdkHarness;
const saved = { ...process.env };
beforeAll(async () => {
  h = await startSdkHarness();
  // Outside a program a lookup reads its settings from the environment, as the plugin does.
  process.env.TCS_API_KEY = h.emu.keys.development.secret;
  process.env.TCS_BASE_URL = h.emu.url;
  process.env.TCS_RATE_LIMIT_TIER = "production";
});
afterAll(async () => {
  process.env = saved;
  await h.close();
});

describe("lookups", () => {
  it("get through as many transient 503s in a row as the provider does", async () => {
    await h.control("POST", "/_emulator/faults", {
      seed: 1,
      rules: [{ method: "GET", path: "/roles", status: 503, count: PROVIDER_RETRIES, retry_after: 0 }],
    });
    const roles = await getRoles();
    expect(roles.map((role) => role.slug)).toContain("owner");
    const { rules } = await h.control<{ rules: Array<{ fired: number }> }>("GET", "/_emulator/faults");
    expect(rules[0].fired).toBe(PROVIDER_RETRIES);
  });
});
