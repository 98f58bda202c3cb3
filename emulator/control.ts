import { ApiError, errors } from "./errors";
import { ENVIRONMENTS, type Environment } from "./environments";
import { CUSTOM_PROVIDERS } from "./fixtures/catalog";
import type { Fixtures } from "./fixtures/index";
import type { ProviderConfigDoc } from "./model/provider-configs";
import { detachAllInstances, getCallback } from "./model/callbacks";
import { createRelease, renderDeployment, type VersionDoc } from "./model/custom-providers";
import type { EmulatorState } from "./state";
import { oneOf, str, validateBody, type Check } from "./validate";

/** What the control plane can reach beyond the handlers' state. */
export interface ControlContext {
  state: EmulatorState;
  fixtures: Fixtures;
  startedAt: number;
  reset(): void;
  settle(): void;
  faults: { configure(body: unknown): void; clear(): void; describe(): unknown; release(): unknown };
  counters: { snapshot(): unknown; reset(): void };
}

export interface ControlResponse {
  status: number;
  body: unknown;
}

const environmentField: Check = (value, path, problems) => {
  if (typeof value !== "string" || !ENVIRONMENTS.some((e) => e.id === value || e.type === value)) {
    problems.push({
      code: "invalid_value",
      message: `must be one of ${ENVIRONMENTS.flatMap((e) => [e.type, e.id]).join(", ")}`,
      path,
    });
  }
};

function environmentsFor(value: unknown): Environment[] {
  return value === undefined ? ENVIRONMENTS : ENVIRONMENTS.filter((e) => e.id === value || e.type === value);
}

/** The `/_emulator/` routes: outside the public API, for tests and demos. */
export function handleControl(method: string, path: string, body: unknown, ctx: ControlContext): ControlResponse {
  const { state } = ctx;
  const route = `${method} ${path}`;
  switch (route) {
    case "GET /_emulator/health":
      return {
        status: 200,
        body: {
          status: "ok",
          uptime_ms: Date.now() - ctx.startedAt,
          db: state.store.path,
          records: state.store.count(),
          clock: clockView(state),
        },
      };
    case "POST /_emulator/reset":
      ctx.reset();
      return { status: 200, body: { status: "reset", records: state.store.count(), clock: clockView(state) } };
    case "GET /_emulator/fixtures":
      return { status: 200, body: ctx.fixtures };
    case "GET /_emulator/faults":
      return { status: 200, body: ctx.faults.describe() };
    case "POST /_emulator/faults":
      ctx.faults.configure(body);
      return { status: 200, body: ctx.faults.describe() };
    case "DELETE /_emulator/faults":
      ctx.faults.clear();
      return { status: 200, body: ctx.faults.describe() };
    case "POST /_emulator/faults/release":
      return { status: 200, body: ctx.faults.release() };
    case "GET /_emulator/clock":
      return { status: 200, body: clockView(state) };
    case "POST /_emulator/clock": {
      const input = validateBody(body, {
        fields: {
          advance_ms: {
            required: true,
            check: (value, p, problems) => {
              if (typeof value !== "number" || !Number.isInteger(value) || value < 0 || value > 366 * 86_400_000) {
                problems.push({
                  code: "invalid_value",
                  message: "must be an integer number of milliseconds from 0 to one year",
                  path: p,
                });
              }
            },
          },
        },
      });
      state.clock.advance(input.advance_ms as number);
      ctx.settle();
      return { status: 200, body: clockView(state) };
    }
    case "GET /_emulator/requests":
      return { status: 200, body: ctx.counters.snapshot() };
    case "DELETE /_emulator/requests":
      ctx.counters.reset();
      return { status: 200, body: ctx.counters.snapshot() };
    case "POST /_emulator/custom-provider-deployments":
      return { status: 200, body: startDeployment(body, state) };
  }
  const settings = /^GET \/_emulator\/provider-configs\/([^/]+)\/settings$/.exec(route);
  if (settings) return { status: 200, body: configSettings(decodeURIComponent(settings[1]), state) };
  const archive = /^POST \/_emulator\/callbacks\/([^/]+)\/archive$/.exec(route);
  if (archive) return { status: 200, body: archiveCallback(decodeURIComponent(archive[1]), body, state) };
  throw errors.routeNotFound(method, path);
}

function clockView(state: EmulatorState) {
  return { offset_ms: state.clock.offset, now: state.clock.iso() };
}

/**
 * The settings a provider config holds (its vault's values with `value` applied): what the public API
 * never returns, so that tests can prove a declared `value` reached the service.
 */
function configSettings(configId: string, state: EmulatorState) {
  for (const environment of ENVIRONMENTS) {
    const config = state.store.get<ProviderConfigDoc>(environment.id, "provider_config", configId);
    if (config)
      return {
        id: config.id,
        environment: environment.id,
        value: config._value,
        provider_config_vault_id: config._vault_id,
      };
  }
  throw errors.notFound("provider config", configId);
}

/** Archiving happens only out of band (integration provider callbacks disabled): not undoable. */
function archiveCallback(callbackId: string, body: unknown, state: EmulatorState) {
  const input = validateBody(body, { fields: { environment: { check: environmentField } } });
  for (const environment of environmentsFor(input.environment)) {
    const callback = getCallback(state, environment.id, callbackId);
    if (!callback) continue;
    if (callback.status === "deleted")
      throw errors.invalidAction(`Callback ${callback.id} is deleted and cannot be archived.`);
    if (callback.status === "archived") return callback;
    const archived = { ...callback, status: "archived" as const, updated_at: state.clock.iso() };
    state.store.transaction(() => {
      state.store.update(environment.id, "callback", archived);
      state.store.deleteJobsFor(environment.id, callback.id);
      detachAllInstances(state, environment.id, callback.id);
    });
    return archived;
  }
  throw errors.notFound("callback", callbackId);
}

/** Starts a new release of a fixture custom provider (queued -> deploying -> succeeded | failed). */
function startDeployment(body: unknown, state: EmulatorState) {
  const input = validateBody(body, {
    fields: {
      custom_provider_id: { required: true, check: oneOf(CUSTOM_PROVIDERS.map((c) => c.id)) },
      outcome: { check: oneOf(["succeeded", "failed"]) },
      identifier: { check: str({ min: 1, max: 100 }) },
      environment: { check: environmentField },
    },
  });
  const environment = environmentsFor(input.environment ?? "development")[0];
  const customProvider = CUSTOM_PROVIDERS.find((c) => c.id === input.custom_provider_id)!;
  const versions = state.store
    .list<VersionDoc>(environment.id, "cp_version")
    .filter((v) => v.custom_provider_id === customProvider.id);
  const index = versions.reduce((max, v) => Math.max(max, v.index), 0) + 1;
  if (index > 10_000) throw new ApiError("invalid_action", "Too many releases for one custom provider.");
  const { deployment, version } = state.store.transaction(() =>
    createRelease(
      state,
      environment.id,
      customProvider,
      {
        index,
        identifier: (input.identifier as string | undefined) ?? `v${index}`,
        trigger: "manual",
        outcome: (input.outcome as "succeeded" | "failed" | undefined) ?? "succeeded",
      },
      state.clock.now(),
    ),
  );
  // No deployment_id was given, so the release has its deployment.
  return { environment_id: environment.id, deployment: renderDeployment(state, deployment!), version_id: version.id };
}
