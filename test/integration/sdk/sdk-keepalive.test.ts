// Keep-alive pooling: clients of one base URL share warm connections (sdk/internal/agents.ts). A counting TCP
// relay in front of the emulator sees every connection the SDK opens.
import * as net from "node:net";
import { ToolConnectivityClient } from "../../../sdk/index";
import { closeSharedAgents } from "../../../sdk/internal/agents";
import { startSdkHarness, type SdkHarness } from "./sdk-helpers";

interface Relay {
  url: string;
  connections(): number;
  close(): Promise<void>;
}

function startRelay(target: URL): Promise<Relay> {
  let opened = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    opened += 1;
    const upstream = net.connect(Number(target.port), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
      socket.on("error", () => socket.destroy());
    }
    client.pipe(upstream).pipe(client);
  });
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        connections: () => opened,
        close: () =>
          new Promise<void>((done) => {
            for (const socket of sockets) socket.destroy();
            server.close(() => done());
          }),
      });
    });
  });
}

describe("SDK connection pooling", () => {
  let harness: SdkHarness;
  let relay: Relay;

  beforeAll(async () => {
    harness = await startSdkHarness();
    relay = await startRelay(new URL(harness.emu.url));
  });
  afterAll(async () => {
    await closeSharedAgents();
    await relay.close();
    await harness.close();
  });

  // undici may open a second connection when a request is sent in the same tick as the previous answer
  // ends (the first connection is not released yet); what matters is that the count stays put.
  it("reuses warm connections for sequential requests, across clients of the same base URL", async () => {
    const options = { apiKey: harness.emu.keys.development.secret, baseUrl: relay.url, rateLimit: false as const };
    const first = new ToolConnectivityClient(options);
    const second = new ToolConnectivityClient(options);
    for (let i = 0; i < 5; i++) await first.roles.list({ limit: 1 });
    const warm = relay.connections();
    expect(warm).toBeLessThanOrEqual(2);
    for (let i = 0; i < 25; i++) await first.roles.list({ limit: 1 });
    for (let i = 0; i < 25; i++) await second.roles.list({ limit: 1 });
    expect(relay.connections()).toBe(warm);
  });

  it("keeps the pool bounded under concurrent requests", async () => {
    const client = new ToolConnectivityClient({
      apiKey: harness.emu.keys.development.secret,
      baseUrl: relay.url,
      rateLimit: false,
      maxConcurrency: 4,
    });
    const burst = () => Promise.all(Array.from({ length: 4 }, () => client.roles.list({ limit: 1 })));
    for (let round = 0; round < 3; round++) await burst();
    const warm = relay.connections();
    for (let round = 0; round < 20; round++) await burst();
    // 80 more requests: at most a connection or two more, not one per request.
    expect(relay.connections() - warm).toBeLessThanOrEqual(2);
  });
});
