// Keep-alive connection pooling: one undici Agent per base URL origin for the whole process, so every
// client (and every Pulumi resource in a provider process) reuses the same warm connections.

import { Agent, type Dispatcher } from "undici";

const sharedAgents = new Map<string, Agent>();

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
