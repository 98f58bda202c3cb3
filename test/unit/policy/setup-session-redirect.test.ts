import { setupSessionRedirect } from "../../../policy/rules/setup-session-redirect";
import { messagesFor } from "./helpers";

const check = (redirectUrl: unknown, config?: Record<string, unknown>) =>
  messagesFor(
    setupSessionRedirect,
    "IntegrationSetupSession",
    { integrationId: "intg_1", name: "Connect", redirectUrl },
    { name: "connect", config },
  );
const hosts = { allowedRedirectHosts: ["app.example.com", "*.example.org"] };

describe("tcs-setup-session-redirect", () => {
  it("passes no redirectUrl (the service's own page) and any https URL when no hosts are configured", async () => {
    expect(await check(undefined)).toEqual([]);
    expect(await check(null)).toEqual([]);
    expect(await check("https://anywhere.example.net/done")).toEqual([]);
  });

  it("wants https, localhost included", async () => {
    expect(await check("http://localhost:8080/done")).toEqual([
      "setup session 'connect' redirects to 'http://localhost:8080': uses http, not https",
    ]);
  });

  it("wants an allowed host: exact, or any subdomain of a *. entry (not the domain itself), without case or port", async () => {
    expect(await check("https://APP.example.com:8443/done", hosts)).toEqual([]);
    expect(await check("https://a.b.example.org/done", hosts)).toEqual([]);
    expect(await check("https://example.org/done", hosts)).toEqual([
      "setup session 'connect' redirects to 'https://example.org': host 'example.org' is not in allowedRedirectHosts (app.example.com, *.example.org)",
    ]);
    expect(await check("https://evil-example.org/done", hosts)).toHaveLength(1);
  });

  it("names every problem of one redirect in one violation", async () => {
    expect(await check("http://attacker.example.net/cb", hosts)).toEqual([
      "setup session 'connect' redirects to 'http://attacker.example.net': uses http, not https; host 'attacker.example.net' is not in allowedRedirectHosts (app.example.com, *.example.org)",
    ]);
  });

  it("refuses a redirectUrl that is not an absolute URL", async () => {
    expect(await check("/done")).toEqual([
      "setup session 'connect' has a redirectUrl that is not an absolute URL: '/done'",
    ]);
  });
});
