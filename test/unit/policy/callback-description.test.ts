import { callbackDescription } from "../../../policy/rules/callback-description";
import { messagesFor } from "./helpers";

const check = (description: unknown, config?: Record<string, unknown>) =>
  messagesFor(
    callbackDescription,
    "Callback",
    { integrationProviderId: "intp_1", description },
    { name: "events", config },
  );

describe("tcs-callback-description", () => {
  it("wants a description, blank ones counting as none", async () => {
    expect(await check(undefined)).toEqual(["callback 'events' has no description"]);
    expect(await check("   ")).toEqual(["callback 'events' has no description"]);
    expect(await check("GitHub events for the triage agent")).toEqual([]);
  });

  it("wants at least minLength characters after trimming", async () => {
    expect(await check("  short  ", { minLength: 10 })).toEqual([
      "callback 'events' has a description shorter than 10 characters",
    ]);
    expect(await check("long enough", { minLength: 10 })).toEqual([]);
  });

  it("judges callbacks only", async () => {
    expect(await messagesFor(callbackDescription, "Role", { name: "R", slug: "r", permissions: [] })).toEqual([]);
  });
});
