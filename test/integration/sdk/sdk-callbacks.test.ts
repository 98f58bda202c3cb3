import { BadRequestError, NotFoundError, UnprocessableEntityError, type Callback } from "../../../sdk/index";
import { startSdkHarness, waitFor, type SdkHarness } from "./sdk-helpers";

let h: SdkHarness;
beforeAll(async () => {
  h = await startSdkHarness();
});
afterAll(() => h.close());

function integrationProvider(name: string) {
  const found = h.emu.fixtures.integration_providers.find((p) => p.id.includes(name));
  if (!found) throw new Error(`no integration provider ${name}`);
  return found;
}

describe("callbacks through the SDK", () => {
  let callback: Callback;

  it("creates, reads, updates and lists a callback", async () => {
    const client = h.client();
    const github = integrationProvider("github");
    callback = await client.callbacks.create({
      integrationProviderId: github.id,
      name: "orders",
      metadata: { team_name: "payments" },
    });
    expect(callback).toMatchObject({
      object: "callback",
      status: "active",
      name: "orders",
      description: null,
      metadata: { team_name: "payments" },
      integrationProviderId: github.id,
      providerId: github.provider_id,
      integrationId: github.integration_id,
    });

    expect(await client.callbacks.retrieve(callback.id)).toEqual(callback);

    const updated = await client.callbacks.update(callback.id, {
      description: "Order events",
      metadata: { team_name: "billing" },
    });
    expect(updated).toMatchObject({ name: "orders", description: "Order events", metadata: { team_name: "billing" } });

    const page = await client.callbacks.list({
      integrationProviderId: [github.id, integrationProvider("linear").id],
      status: "active",
    });
    expect(page.items.map((c) => c.id)).toEqual([callback.id]);
  });

  it("maps the service's refusals to error classes", async () => {
    const client = h.client();
    const duplicate = await client.callbacks
      .create({ integrationProviderId: integrationProvider("github").id })
      .catch((e: unknown) => e);
    expect(duplicate).toBeInstanceOf(UnprocessableEntityError);
    expect((duplicate as UnprocessableEntityError).code).toBe("already_exists");
    expect((duplicate as UnprocessableEntityError).requestId).toMatch(/^req_/);

    const unsupported = await client.callbacks
      .create({ integrationProviderId: integrationProvider("notion").id })
      .catch((e: unknown) => e);
    expect(unsupported).toBeInstanceOf(BadRequestError);
    expect((unsupported as BadRequestError).code).toBe("callbacks_not_supported");

    await expect(client.callbacks.retrieve("cb_doesnotexist00000000")).rejects.toBeInstanceOf(NotFoundError);
    const tooLong = await client.callbacks.retrieve("x".repeat(300)).catch((e: unknown) => e);
    expect(tooLong).toBeInstanceOf(BadRequestError);
  });

  it("attaches an instance, lists, reads and detaches it", async () => {
    const client = h.client();
    const github = h.emu.fixtures.providers.find((p) => p.id === callback.providerId)!;
    const config = await client.providerConfigs.create({
      providerId: github.id,
      providerConfigVaultId: github.config_vaults[0]!.id,
      name: "sdk instance config",
    });
    const instance = await client.callbacks.instances.create(callback.id, {
      providerConfigId: config.id,
      providerAuthConfigId: github.auth_configs[0]!.id,
    });
    expect(instance).toMatchObject({
      object: "callback.instance",
      status: "attached",
      config: { id: config.id },
      authConfig: { id: github.auth_configs[0]!.id },
    });
    expect(instance.triggers?.length).toBeGreaterThan(0);

    expect(await client.callbacks.instances.retrieve(callback.id, instance.id)).toEqual(instance);
    const listed = await client.callbacks.instances.list(callback.id, { providerConfigId: config.id });
    expect(listed.items.map((i) => i.id)).toEqual([instance.id]);

    // A webhook delivery records an event, readable through the events endpoints.
    const webhook = instance.triggers?.find((t) => t.source === "webhook");
    expect(webhook?.webhookUrl).toBeTruthy();
    const delivery = await fetch(webhook!.webhookUrl!, {
      method: "POST",
      body: JSON.stringify({ id: "evt-1", ref_name: "main" }),
      headers: { "content-type": "application/json" },
    });
    expect(delivery.status).toBe(202);
    const event = await waitFor(
      async () => (await client.callbacks.events.list(callback.id, { sourceId: "evt-1" })).items[0],
    );
    expect(event).toMatchObject({
      object: "callback.event",
      callbackId: callback.id,
      callbackInstanceId: instance.id,
      sourceId: "evt-1",
    });
    // Event payloads keep their keys verbatim.
    expect(event.output).toEqual({ id: "evt-1", ref_name: "main" });
    expect(await client.callbacks.events.retrieve(callback.id, event.id)).toMatchObject({ id: event.id });

    const detached = await client.callbacks.instances.delete(callback.id, instance.id);
    expect(detached?.status).toBe("detached");
  });

  it("waits for background registration and deletes the callback", async () => {
    const client = h.client();
    const registered = await waitFor(async () => {
      const page = await client.callbacks.instances.list(callback.id, { status: "attached" });
      return page.items.length > 0 ? page.items : undefined;
    });
    expect(registered.length).toBeGreaterThan(0);

    const deleted = await client.callbacks.delete(callback.id);
    expect(deleted?.status).toBe("deleted");
    expect((await client.callbacks.retrieve(callback.id)).status).toBe("deleted");
    expect((await client.callbacks.list()).items.map((c) => c.id)).not.toContain(callback.id);
    expect((await client.callbacks.list({ status: "deleted" })).items.map((c) => c.id)).toContain(callback.id);
  });
});
