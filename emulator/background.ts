import { catalog } from "./fixtures/catalog";
import type { IntegrationInstanceDoc } from "./fixtures/seed";
import { attachInstance, getCallback, recordEvent, type CallbackInstanceDoc } from "./model/callbacks";
import { getConfig } from "./model/provider-configs";
import type { EmulatorState } from "./state";
import type { Job } from "./storage/store";

/** Most events one poll job writes when the clock jumped far ahead (the rest of the gap is skipped). */
const MAX_EVENTS_PER_CATCH_UP = 20;

/**
 * The emulator's background life: a ticker (unref'd, stopped by close()) that runs due jobs against
 * the emulator's clock. Jobs live in the database, so they survive a restart and a clock jump runs
 * them at once (the control plane settles right after moving the clock).
 */
export class Background {
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly state: EmulatorState,
    private readonly log: (line: string) => void,
    private readonly tickMs = 100,
  ) {}

  start(): void {
    this.timer = setInterval(() => this.settleSafely(), this.tickMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  private settleSafely(): void {
    try {
      this.settle();
    } catch (error) {
      this.log(`background: ${(error as Error).message}`);
    }
  }

  /** Runs every job that is due now. */
  settle(): void {
    for (let round = 0; round < 100; round++) {
      const due = this.state.store.dueJobs(this.state.clock.now());
      if (due.length === 0) return;
      this.state.store.transaction(() => {
        for (const job of due) {
          this.state.store.deleteJob(job.seq);
          if (job.kind === "register_instances") this.registerInstances(job);
          else if (job.kind === "poll") this.poll(job);
        }
      });
    }
  }

  /** A new callback is registered against every active integration instance using its provider. */
  private registerInstances(job: Job): void {
    const { state } = this;
    const callback = getCallback(state, job.env, job.ref);
    if (!callback || callback.status !== "active") return;
    const existing = state.store.list<CallbackInstanceDoc>(job.env, "callback_instance", callback.id);
    for (const instance of state.store.list<IntegrationInstanceDoc>(job.env, "integration_instance")) {
      if (instance.status !== "active" || instance.integration_id !== callback.integration_id) continue;
      for (const link of instance._providers) {
        if (link.provider_id !== callback.provider_id) continue;
        const config = getConfig(state, job.env, link.config_id);
        if (!config || config.status !== "active") continue;
        const taken = existing.some(
          (i) =>
            i.status === "attached" && i.config.id === config.id && (i.auth_config?.id ?? null) === link.auth_config_id,
        );
        if (taken) continue;
        const authConfigId =
          link.auth_config_id !== null && catalog.authConfig(link.auth_config_id) ? link.auth_config_id : null;
        attachInstance(state, job.env, callback, config, authConfigId, job.due_at);
      }
    }
  }

  /** A polling trigger produces one event per interval that elapsed while its instance is attached. */
  private poll(job: Job): void {
    const { state } = this;
    const [instanceId, triggerId] = job.ref.split(":");
    const instance = state.store.get<CallbackInstanceDoc>(job.env, "callback_instance", instanceId);
    if (!instance || instance.status !== "attached") return;
    const trigger = instance.triggers.find((t) => t.id === triggerId);
    if (!trigger || trigger.poll_interval_seconds === null || trigger.next_poll_at === null) return;
    const intervalMs = trigger.poll_interval_seconds * 1000;
    const now = state.clock.now();
    let next = Date.parse(trigger.next_poll_at);
    let produced = 0;
    while (next <= now && produced < MAX_EVENTS_PER_CATCH_UP) {
      const sequence = Math.floor((next - Date.parse(instance.created_at)) / intervalMs);
      recordEvent(state, job.env, instance, trigger, {
        source_id: `poll_${trigger.id.slice(-8)}_${sequence}`,
        output: { trigger_key: trigger.provider_trigger.key, sequence, polled_at: state.clock.iso(next) },
        at: next,
      });
      trigger.last_polled_at = state.clock.iso(next);
      next += intervalMs;
      produced++;
    }
    if (next <= now) next = now + intervalMs;
    trigger.next_poll_at = state.clock.iso(next);
    state.store.update(job.env, "callback_instance", instance);
    state.schedule(job.env, "poll", job.ref, next);
  }
}
