import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { Background } from "./background";
import { handleCapability, isCapabilityPath } from "./capabilities";
import { Clock } from "./clock";
import { handleControl } from "./control";
import { RequestCounters } from "./counters";
import { ApiError, errors } from "./errors";
import { identifyCaller, type EnvironmentType } from "./environments";
import { Faults } from "./faults";
import { buildFixtures, type Fixtures } from "./fixtures/index";
import { defaultRoleIds, seedIfEmpty } from "./fixtures/seed";
import { isLoopback, readJsonBody, sendError, sendJson } from "./http-util";
import { newId, PREFIX } from "./ids";
import { Query } from "./query";
import { SlidingWindowLimiter, type RateDecision, type RateLimitWindow } from "./rate-limit";
import { Router } from "./router";
import { callbackRoutes } from "./routes/callbacks";
import { customProviderRoutes } from "./routes/custom-providers";
import { providerConfigRoutes } from "./routes/provider-configs";
import { roleRoutes } from "./routes/roles";
import { setupSessionRoutes } from "./routes/setup-sessions";
import type { EmulatorState, JobKind, Timing } from "./state";
import { Store } from "./storage/store";
import { DEFAULT_VERSION, resolveVersion } from "./versioning";

export interface ServerConfig {
  host: string;
  port: number;
  db: string;
  rateLimits: { perIp: RateLimitWindow; development: RateLimitWindow; production: RateLimitWindow };
  adminToken?: string;
  timing: Timing;
  /** At most this many records a page, whatever `limit` asks (see EmulatorOptions.maxPageSize). */
  maxPageSize: number;
  log: (line: string) => void;
}

const CONTROL_PREFIX = "/_emulator/";
const MAX_ID_LENGTH = 255;

const router = new Router([
  ...callbackRoutes,
  ...providerConfigRoutes,
  ...roleRoutes,
  ...setupSessionRoutes,
  ...customProviderRoutes,
]);

/**
 * One running emulator: the HTTP server, its database, background ticker, limiters, fault rules and
 * counters. The public API pipeline, in order: faults, per-IP limit, API key (401), per-key limit,
 * Service-Version, route (404), key type (403), path ids (400), body, handler.
 */
export class EmulatorServer {
  /** Built by listen(), from the database: its default roles' ids are its own. */
  fixtures!: Fixtures;
  private readonly server: Server;
  private readonly store: Store;
  private readonly clock = new Clock();
  private readonly state: EmulatorState;
  private readonly background: Background;
  private readonly faults = new Faults();
  private readonly counters = new RequestCounters();
  private readonly ipLimiter: SlidingWindowLimiter;
  private readonly keyLimiters: Record<EnvironmentType, SlidingWindowLimiter>;
  private readonly sockets = new Set<Socket>();
  private readonly startedAt = Date.now();
  private url = "";

  constructor(private readonly config: ServerConfig) {
    this.store = new Store(config.db);
    this.state = {
      store: this.store,
      clock: this.clock,
      timing: config.timing,
      baseUrl: () => this.url,
      schedule: (env: string, kind: JobKind, ref: string, dueAt: number) => this.store.addJob(env, kind, ref, dueAt),
    };
    this.background = new Background(this.state, config.log);
    this.ipLimiter = new SlidingWindowLimiter(config.rateLimits.perIp);
    this.keyLimiters = {
      development: new SlidingWindowLimiter(config.rateLimits.development),
      production: new SlidingWindowLimiter(config.rateLimits.production),
    };
    this.server = createServer({ keepAliveTimeout: 5000 }, (req, res) => {
      this.handle(req, res).catch((error: unknown) => this.crash(res, error));
    });
    this.server.on("connection", (socket) => {
      this.sockets.add(socket);
      socket.on("close", () => this.sockets.delete(socket));
    });
  }

  async listen(): Promise<string> {
    if (seedIfEmpty(this.state)) this.config.log(`seeded fixtures into ${this.config.db}`);
    this.fixtures = buildFixtures(defaultRoleIds(this.state));
    await new Promise<void>((resolve, reject) => {
      this.server.once("error", reject);
      this.server.listen(this.config.port, this.config.host, () => {
        this.server.off("error", reject);
        resolve();
      });
    });
    const address = this.server.address() as AddressInfo;
    const host = ["0.0.0.0", "::"].includes(this.config.host)
      ? "127.0.0.1"
      : address.family === "IPv6"
        ? `[${address.address}]`
        : address.address;
    this.url = `http://${host}:${address.port}`;
    this.background.settle();
    this.background.start();
    return this.url;
  }

  async close(): Promise<void> {
    this.background.stop();
    await new Promise<void>((resolve) => {
      this.server.close(() => resolve());
      this.server.closeIdleConnections();
      for (const socket of this.sockets) socket.destroy();
    });
    this.store.close();
  }

  /** Back to the fixtures only: data, clock, counters, limiter windows and fault rules. */
  reset(): void {
    // The environments stay the same ones: their default roles keep their ids.
    const roleIds = defaultRoleIds(this.state);
    this.store.clear();
    this.clock.reset();
    seedIfEmpty(this.state, roleIds);
    this.counters.reset();
    this.faults.clear();
    this.ipLimiter.reset();
    this.keyLimiters.development.reset();
    this.keyLimiters.production.reset();
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const requestId = newId(PREFIX.request);
    res.setHeader("Request-Id", requestId);
    const method = req.method ?? "GET";
    const pathname = (req.url ?? "/").split("?")[0];
    if (pathname.startsWith(CONTROL_PREFIX)) return this.handleControl(req, res, method, pathname);
    if (isCapabilityPath(pathname)) return handleCapability(req, res, pathname, this.state);
    return this.handlePublic(req, res, method, pathname);
  }

  private async handleControl(
    req: IncomingMessage,
    res: ServerResponse,
    method: string,
    pathname: string,
  ): Promise<void> {
    try {
      if (this.config.adminToken !== undefined) {
        if (req.headers.authorization !== `Bearer ${this.config.adminToken}`)
          throw new ApiError("unauthorized", "The control plane requires Authorization: Bearer <admin token>.");
      } else if (!isLoopback(req.socket.remoteAddress)) {
        throw new ApiError(
          "forbidden",
          "The control plane answers loopback clients only (or configure an admin token).",
        );
      }
      const body = method === "GET" || method === "DELETE" ? undefined : await readJsonBody(req);
      const { status, body: response } = handleControl(method, pathname, body, {
        state: this.state,
        fixtures: this.fixtures,
        startedAt: this.startedAt,
        reset: () => this.reset(),
        settle: () => this.background.settle(),
        faults: this.faults,
        counters: this.counters,
      });
      sendJson(res, status, response);
    } catch (error) {
      if (error instanceof ApiError) return sendError(res, error);
      throw error;
    }
  }

  private async handlePublic(
    req: IncomingMessage,
    res: ServerResponse,
    method: string,
    pathname: string,
  ): Promise<void> {
    const headers: Record<string, string> = { "Service-Version": DEFAULT_VERSION };
    const routed = routeOf(method, pathname);
    const lookup = identifyCaller(req.headers.authorization);
    this.counters.record(
      routed.match ? `${method} ${routed.match.route.path}` : `${method} (unmatched)`,
      lookup.ok ? `${lookup.caller.environment.id}:${lookup.caller.keyType}` : undefined,
    );
    const fault = this.faults.evaluate(method, pathname);
    // The body is read as it arrives, before any injected latency, and judged later in the order of
    // checks: a service processes a request it received whole even when the client goes away while it
    // works (an engine killed mid-run leaves exactly such creates behind).
    const bodyRead = method === "GET" || method === "DELETE" ? undefined : readJsonBody(req);
    bodyRead?.catch(() => undefined);
    try {
      // Unref'd: an injected delay never keeps a closing process alive.
      if (fault.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, fault.latencyMs).unref());
      if (fault.error) throw fault.error;
      const lateCommit = fault.lateCommitMs !== undefined || fault.lateCommitHeld;
      if (lateCommit) {
        // Heard whole and never answered: the client gives up while the service still holds the request.
        await bodyRead;
        this.drop(req);
        if (fault.lateCommitHeld) await this.faults.hold();
        else await new Promise((resolve) => setTimeout(resolve, fault.lateCommitMs).unref());
      }
      const { environment, keyType } = this.admit(req, lookup, headers);
      headers["Service-Version"] = resolveVersion(req.headers["service-version"]);
      const match = allowedRoute(routed, method, pathname, keyType);
      const body = await bodyRead;
      const query = new Query(new URL(req.url ?? "/", "http://emulator").searchParams, {
        maxPageSize: this.config.maxPageSize,
      });
      const result = match.route.handler(
        { method, params: match.params, query, body, env: environment, keyType },
        this.state,
      );
      if (fault.dropAfterCommit || lateCommit) return this.drop(req);
      sendJson(res, 200, result, headers);
    } catch (error) {
      if (fault.dropAfterCommit || fault.lateCommitMs !== undefined || fault.lateCommitHeld) return this.drop(req);
      if (error instanceof ApiError) return sendError(res, error, headers);
      this.config.log(`internal error on ${method} ${pathname}: ${(error as Error).stack ?? String(error)}`);
      sendError(res, new ApiError("internal_error"), headers);
    }
  }

  /**
   * The caller, once the IP's and the key's rate limits let it through and its key is known; the key's
   * rate headers set on the answer (on a refusal of the IP's limit too, when the key is known).
   */
  private admit(req: IncomingMessage, lookup: ReturnType<typeof identifyCaller>, headers: Record<string, string>) {
    const ip = this.ipLimiter.take(req.socket.remoteAddress ?? "unknown");
    if (!ip.allowed) {
      if (lookup.ok) setRateHeaders(headers, this.keyLimiters[lookup.caller.environment.type].peek(lookup.caller.key));
      this.counters.recordRateLimited();
      throw rateLimited(`More than ${ip.limit} requests from this IP address in the window.`, ip.retryAfterSeconds);
    }
    if (!lookup.ok) {
      throw new ApiError(
        "unauthorized",
        lookup.reason === "missing"
          ? "No API key: send Authorization: Bearer <API key>."
          : "The API key is malformed or unknown.",
        {
          hint: "Use a secret (service_sk_...) or publishable (service_pk_...) key of this environment.",
        },
      );
    }
    const { environment, key } = lookup.caller;
    const decision = this.keyLimiters[environment.type].take(key);
    setRateHeaders(headers, decision);
    if (!decision.allowed) {
      this.counters.recordRateLimited();
      throw rateLimited(
        `More than ${decision.limit} requests for this ${environment.type} API key in the window.`,
        decision.retryAfterSeconds,
      );
    }
    return lookup.caller;
  }

  /** The change is committed; the client hears nothing (a dropped connection). */
  private drop(req: IncomingMessage): void {
    req.socket.destroy();
  }

  private crash(res: ServerResponse, error: unknown): void {
    this.config.log(`unhandled: ${(error as Error).stack ?? String(error)}`);
    if (!res.headersSent) sendError(res, new ApiError("internal_error"));
    else res.destroy();
  }
}

/** The route a request names; a malformed %-escape in the path matches none, and says so later (allowedRoute). */
function routeOf(method: string, pathname: string): { match: ReturnType<Router["match"]>; badPath: boolean } {
  try {
    return { match: router.match(method, pathname), badPath: false };
  } catch {
    return { match: undefined, badPath: true };
  }
}

/** The matched route, if this key may call it with these path parameters; otherwise the service's refusal. */
function allowedRoute(
  routed: ReturnType<typeof routeOf>,
  method: string,
  pathname: string,
  keyType: string,
): NonNullable<ReturnType<Router["match"]>> {
  const { match, badPath } = routed;
  if (badPath) throw errors.invalidRequest("The request path contains a malformed percent-escape.");
  if (!match) throw errors.routeNotFound(method, pathname);
  if (keyType === "publishable" && !match.route.publishable) {
    throw new ApiError("forbidden", "A publishable key cannot call this endpoint.", {
      hint: "Use a secret key (service_sk_...) from a server-side environment.",
    });
  }
  for (const [name, value] of Object.entries(match.params)) {
    if (value.length > MAX_ID_LENGTH) {
      throw errors.invalidRequest(`Path parameter ${name} is longer than ${MAX_ID_LENGTH} characters.`, [
        { code: "too_long", message: `must be at most ${MAX_ID_LENGTH} characters`, path: [name] },
      ]);
    }
  }
  return match;
}

function setRateHeaders(headers: Record<string, string>, decision: RateDecision): void {
  headers["RateLimit-Limit"] = String(decision.limit);
  headers["RateLimit-Remaining"] = String(decision.remaining);
  headers["RateLimit-Reset"] = String(decision.resetSeconds);
}

function rateLimited(message: string, retryAfterSeconds: number): ApiError {
  return new ApiError("rate_limited", message, {
    hint: `Wait ${retryAfterSeconds} s (Retry-After) before retrying.`,
    headers: { "Retry-After": String(retryAfterSeconds) },
  });
}
