// A program of N resources in a realistic mix of all five types, on the emulator's fixtures: what the
// scale benchmarks, the development-key run and the chaos run apply. Two callbacks (GitHub and Jira
// events) each attached to a share of the provider configs of their provider, roles, and setup links.
// The service's own rules shape it: one active callback per integration provider, one instance per
// callback and config, unique role slugs.
import * as pulumi from "@pulumi/pulumi";
import type { PulumiFn } from "@pulumi/pulumi/automation";
import * as tcs from "pulumi-tcs";

const PROVIDERS = [
  {
    key: "github",
    providerId: "prov_github00000000000000",
    integrationProviderId: "intp_github00000000000000",
    authConfigId: "pac_githuboauth000000000",
    value: (i: number) => ({ base_url: "https://api.github.com", timeout_seconds: 10 + (i % 50) }),
  },
  {
    key: "jira",
    providerId: "prov_jira0000000000000000",
    integrationProviderId: "intp_jira0000000000000000",
    authConfigId: "pac_jiraoauth00000000000",
    value: (i: number) => ({ site_url: "https://acme.atlassian.net", project_keys: [`P${i}`] }),
  },
] as const;

const SESSION_INTEGRATIONS = ["int_devtools000000000000", "int_chat0000000000000000"];

export interface MixCounts {
  callbacks: number;
  configs: number;
  instances: number;
  roles: number;
  sessions: number;
}

/** How N resources split into types: about 30% configs, 13% instances, 36% roles, 20% sessions. */
export function mixCounts(n: number): MixCounts {
  if (n < 10) throw new Error(`a mix needs at least 10 resources (got ${n})`);
  const callbacks = PROVIDERS.length;
  const configs = Math.round(n * 0.3);
  const instances = Math.min(configs, Math.round(n * 0.13));
  const sessions = Math.round(n * 0.2);
  const roles = n - callbacks - configs - instances - sessions;
  return { callbacks, configs, instances, roles, sessions };
}

export interface MixOptions {
  /**
   * How many resources get a changed name, an in-place change: configs, roles and callbacks in that
   * order (session names replace, instances have none).
   */
  changed?: number;
  suffix?: string;
  /** Namespaces role slugs, so several stacks can share one emulator environment. */
  slugPrefix?: string;
  /**
   * The constructors of the five types: pulumi-tcs's (the dynamic door) unless given: the bench's native
   * door (scripts/bench/programs/native-resources.ts) or its same-shape floor (scripts/bench/programs/same-shape.ts).
   */
  resources?: MixResources;
  /**
   * For a run with --continue-on-error: a resource that fails leaves its outputs rejected, which the
   * Node SDK reports as unhandled rejections (and Jest as a failed test file). Recovering every output
   * (pulumi.recover) lets the program go on, exporting no id for the failed resource.
   */
  recoverFailures?: boolean;
}

type Declare<Args> = new (name: string, args: Args) => pulumi.CustomResource;

/** A constructor per type, taking the arguments of pulumi-tcs's classes. */
export interface MixResources {
  ProviderConfig: Declare<tcs.ProviderConfigArgs>;
  Callback: Declare<tcs.CallbackArgs>;
  CallbackInstance: Declare<tcs.CallbackInstanceArgs>;
  Role: Declare<tcs.RoleArgs>;
  IntegrationSetupSession: Declare<tcs.IntegrationSetupSessionArgs>;
}

/** The program; returns the number of resources declared and the ids of every one, for checks. */
export function mixProgram(n: number, options: MixOptions = {}): PulumiFn {
  const counts = mixCounts(n);
  const suffix = options.suffix ?? " (changed)";
  const slug = options.slugPrefix ?? "mix";
  const classes: MixResources = options.resources ?? tcs;
  // The changes go to configs first, then roles, then callbacks.
  let left = options.changed ?? 0;
  const take = (available: number) => {
    const k = Math.min(left, available);
    left -= k;
    return k;
  };
  const changedConfigs = take(counts.configs);
  const changedRoles = take(counts.roles);
  const changedCallbacks = take(counts.callbacks);
  const label = (base: string, i: number, changed: number) => (i < changed ? `${base}${suffix}` : base);

  const idOf = (resource: pulumi.CustomResource): pulumi.Output<string> => {
    if (!options.recoverFailures) return resource.id;
    const outputs = Object.values(resource).filter((value) => pulumi.Output.isInstance(value));
    for (const output of outputs) pulumi.recover(output, () => undefined);
    return pulumi.recover(resource.id, () => "");
  };

  return async () => {
    const ids: Record<string, unknown> = {};
    const configsByProvider = PROVIDERS.map(() => [] as Array<{ id: pulumi.Output<string> }>);
    for (let i = 0; i < counts.configs; i++) {
      const p = i % PROVIDERS.length;
      const provider = PROVIDERS[p];
      const config = new classes.ProviderConfig(`config-${i}`, {
        providerId: provider.providerId,
        name: label(`${provider.key} config ${i}`, i, changedConfigs),
        value: provider.value(i),
        toolFilters: { type: "tool_keys", keys: ["issues.list"] },
        metadata: { owner: "scale" },
      });
      configsByProvider[p].push(config);
      ids[`config-${i}`] = idOf(config);
    }
    const callbacks = PROVIDERS.map((provider, p) => {
      const callback = new classes.Callback(`callback-${provider.key}`, {
        integrationProviderId: provider.integrationProviderId,
        name: label(`${provider.key} events`, p, changedCallbacks),
        description: "Events for the scale run.",
        metadata: { owner: "scale" },
      });
      ids[`callback-${provider.key}`] = idOf(callback);
      return callback;
    });
    for (let i = 0; i < counts.instances; i++) {
      const p = i % PROVIDERS.length;
      const config = configsByProvider[p][Math.floor(i / PROVIDERS.length)];
      const instance = new classes.CallbackInstance(`instance-${i}`, {
        callbackId: callbacks[p].id,
        providerConfigId: config.id,
        providerAuthConfigId: PROVIDERS[p].authConfigId,
      });
      ids[`instance-${i}`] = idOf(instance);
    }
    for (let i = 0; i < counts.roles; i++) {
      const role = new classes.Role(`role-${i}`, {
        name: label(`Scale role ${i}`, i, changedRoles),
        slug: `${slug}-role-${i}`,
        permissions: i % 2 === 0 ? ["thread_read"] : ["thread_create", "thread_read"],
      });
      ids[`role-${i}`] = idOf(role);
    }
    for (let i = 0; i < counts.sessions; i++) {
      const session = new classes.IntegrationSetupSession(`session-${i}`, {
        integrationId: SESSION_INTEGRATIONS[i % SESSION_INTEGRATIONS.length],
        name: `Setup link ${i}`,
        redirectUrl: "https://example.com/done",
      });
      ids[`session-${i}`] = idOf(session);
    }
    return ids;
  };
}
