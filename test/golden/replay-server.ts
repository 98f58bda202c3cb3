// A stand-in for the real service that answers with recorded records (the golden records of
// observed-records.md, which the emulator by design does not send): routes are `METHOD /path` without
// the query string; anything else is the service's 404 envelope. Listens on 127.0.0.1 only.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface ReplayServer {
  url: string;
  /** `METHOD /path?query` of every request, in order. */
  requests: string[];
  /** Sets (or replaces) the answer of a route; `undefined` answers 204 with no body. */
  answer(route: string, body: unknown): void;
  close(): Promise<void>;
}

export async function startReplayServer(routes: Record<string, unknown> = {}): Promise<ReplayServer> {
  const table = new Map(Object.entries(routes));
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      const url = req.url ?? "/";
      requests.push(`${req.method} ${url}`);
      const route = `${req.method} ${url.split("?")[0]}`;
      if (!table.has(route)) {
        res.writeHead(404, { "content-type": "application/json" });
        res.end(
          JSON.stringify({
            object: "error",
            status: 404,
            code: "not_found",
            message: `no recorded answer for ${route}`,
          }),
        );
        return;
      }
      const body = table.get(route);
      if (body === undefined) {
        res.writeHead(204);
        res.end();
        return;
      }
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    answer: (route, body) => table.set(route, body),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
