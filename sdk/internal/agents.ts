// Keep-alive connection pooling: one undici Agent per base URL origin for the whole process, so every
// client (and every Pulumi resource in a provider process) reuses the same warm connections.

import type { Agent as UndiciAgent, Dispatcher } from "undici";

// The Agent's own module, not undici's index: the index loads fetch, WebSocket, the cache, the mock
// agents and the proxy agents too, which this client never uses. That costs a process (the engine's
// provider plugin above all) about 5 MB on load and 10 MB after its first requests (docs/performance.md,
// "Plugin memory"). undici publishes no exports map, so the path is reachable; test/integration/sdk/agents.test.ts
// checks that it is still the class the index exports, so an upgrade that moves it fails a test.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const Agent = require("undici/lib/dispatcher/agent") as typeof UndiciAgent;

const sharedAgents = new Map<string, UndiciAgent>();

export function sharedAgent(origin: string): Dispatcher {
  let agent = sharedAgents.get(origin);
  if (!agent || agent.closed || agent.destroyed) {
    agent = new Agent({
      // Shorter than common server idle timeouts (Node's http server: 5 s), so the client drops an
      // idle connection before the server does, instead of writing a request into a closing socket.
      keepAliveTimeout: 4_000,
      keepAliveMaxTimeout: 60_000,
      connectTimeout: 10_000,
    });
    sharedAgents.set(origin, agent);
  }
  return agent;
}

/** Closes every pooled connection (tests, benchmarks, orderly shutdown). */
export async function closeSharedAgents(): Promise<void> {
  const agents = [...sharedAgents.values()];
  sharedAgents.clear();
  await Promise.all(agents.map((agent) => agent.close()));
}
