// The client: options resolved once, one request core, one property per resource area.

import { inspect } from "node:util";
import { DebugLogger, resolveLogSink } from "./internal/logger";
import type { ClientOptions } from "./core/options";
import { resolveOptions } from "./internal/resolve-options";
import { describeKey } from "./internal/redact";
import { RequestCore } from "./internal/request";
import {
  Callbacks,
  CustomProviderDeployments,
  CustomProviderVersions,
  IntegrationSetupSessions,
  ProviderConfigSchemas,
  ProviderConfigs,
  Roles,
} from "./resources/table";

export class ToolConnectivityClient {
  readonly callbacks: Callbacks;
  readonly providerConfigs: ProviderConfigs;
  readonly providerConfigSchema: ProviderConfigSchemas;
  readonly integrationSetupSessions: IntegrationSetupSessions;
  readonly roles: Roles;
  readonly customProviderDeployments: CustomProviderDeployments;
  readonly customProviderVersions: CustomProviderVersions;

  readonly baseUrl: string;
  readonly serviceVersion: string;
  /** How long one attempt waits for an answer: how long a write whose answer never came may still be under way. */
  readonly timeoutMs: number;
  /** `service_sk_[redacted]` or `service_pk_[redacted]`: which kind of key, never the key. */
  readonly #keyDescription: string;

  constructor(options: ClientOptions = {}) {
    const resolved = resolveOptions(options);
    const core = new RequestCore(resolved, new DebugLogger(resolveLogSink(resolved.logger), [resolved.apiKey]));
    this.baseUrl = resolved.baseUrl.href;
    this.serviceVersion = resolved.serviceVersion;
    this.timeoutMs = resolved.timeoutMs;
    this.#keyDescription = describeKey(resolved.apiKey);
    this.callbacks = new Callbacks(core);
    this.providerConfigs = new ProviderConfigs(core);
    this.providerConfigSchema = new ProviderConfigSchemas(core);
    this.integrationSetupSessions = new IntegrationSetupSessions(core);
    this.roles = new Roles(core);
    this.customProviderDeployments = new CustomProviderDeployments(core);
    this.customProviderVersions = new CustomProviderVersions(core);
  }

  // The key lives only in private fields of the request core; these say what the client is
  // without it, for logs and debuggers.
  toJSON(): Record<string, string> {
    return { baseUrl: this.baseUrl, serviceVersion: this.serviceVersion, apiKey: this.#keyDescription };
  }

  toString(): string {
    return `ToolConnectivityClient(${this.baseUrl}, ${this.#keyDescription})`;
  }

  [inspect.custom](): string {
    return this.toString();
  }
}
