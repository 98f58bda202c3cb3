// Every golden record (the real service's shapes from observed-records.md, in three variants: every
// field, optional fields left out, nullable fields null) reads through the SDK without error and
// without losing or changing a field; and the committed golden files are what the generator makes of
// test/golden/observed-records.md.

import * as fs from "node:fs";
import type { ToolConnectivityClient } from "../../../sdk/index";
import { toWire } from "../../../sdk/internal/casing";
import {
  OBSERVED_RECORDS,
  observedRecordsPath,
  renderGoldenFiles,
  staleGoldenFiles,
} from "../../../scripts/golden-records";
import { goldenFiles, variantOf, VARIANTS, type GoldenFile } from "../../golden/load";
import { json, mockedClient } from "./helpers";
import type { MockPool } from "undici";

type Reader = (
  client: ToolConnectivityClient,
  pool: MockPool,
  wire: Record<string, any>,
) => Promise<{ read: unknown; expected: unknown }>;

const reply = (pool: MockPool, method: string, path: string, body: unknown) =>
  pool.intercept({ method, path }).reply(200, body as object, { headers: json });
const single = (wire: Record<string, any>) => ({
  items: [wire],
  pagination: { has_more_after: false, has_more_before: false },
});

/** How the SDK reads each endpoint of observed-records.md; a new endpoint there fails until it has one. */
const READERS: Record<string, Reader> = {
  "GET /provider-configs (list)": async (client, pool, wire) => {
    reply(pool, "GET", "/provider-configs", wire);
    return { read: (await client.providerConfigs.list()).items, expected: wire.items };
  },
  "GET /provider-configs/{id}": async (client, pool, wire) => {
    // The create and update answers have the same shape as the get.
    reply(pool, "GET", `/provider-configs/${wire.id}`, wire);
    reply(pool, "POST", "/provider-configs", wire);
    reply(pool, "PATCH", `/provider-configs/${wire.id}`, wire);
    const read = [
      await client.providerConfigs.retrieve(wire.id),
      await client.providerConfigs.create({ providerId: wire.provider_id, value: {} }),
      await client.providerConfigs.update(wire.id, { name: "renamed" }),
    ];
    return { read, expected: [wire, wire, wire] };
  },
  "DELETE /provider-configs/{id}": async (client, pool, wire) => {
    reply(pool, "DELETE", `/provider-configs/${wire.id}`, wire);
    return { read: await client.providerConfigs.delete(wire.id), expected: undefined };
  },
  "GET /provider-config-schema": async (client, pool, wire) => {
    reply(pool, "GET", `/provider-config-schema?provider_id=${wire.provider_id}`, wire);
    return { read: await client.providerConfigSchema.retrieve({ providerId: wire.provider_id }), expected: wire };
  },
  "GET /custom-provider-deployments/{id}": async (client, pool, wire) => {
    reply(pool, "GET", `/custom-provider-deployments/${wire.id}`, wire);
    reply(pool, "GET", "/custom-provider-deployments", single(wire));
    return {
      read: [
        await client.customProviderDeployments.retrieve(wire.id),
        (await client.customProviderDeployments.list()).items[0],
      ],
      expected: [wire, wire],
    };
  },
  "GET /custom-provider-deployments/{id}/logs": async (client, pool, wire) => {
    reply(pool, "GET", `/custom-provider-deployments/${wire.custom_provider_deployment_id}/logs`, wire);
    return {
      read: await client.customProviderDeployments.retrieveLogs(wire.custom_provider_deployment_id),
      expected: wire,
    };
  },
  "GET /custom-provider-versions (list)": async (client, pool, wire) => {
    reply(pool, "GET", "/custom-provider-versions", wire);
    return { read: (await client.customProviderVersions.list()).items, expected: wire.items };
  },
};

const files = goldenFiles();
const cases = files.flatMap((file) =>
  VARIANTS.map((variant) => [file.endpoint, variant, file] as [string, string, GoldenFile]),
);

describe("golden records", () => {
  it("cover every endpoint of observed-records.md, each with its three variants", () => {
    expect(files.map((f) => f.endpoint).sort()).toEqual(Object.keys(READERS).sort());
    for (const file of files) expect(Object.keys(file.variants).sort()).toEqual([...VARIANTS].sort());
  });

  it("are what `npm run golden` makes of the committed observed-records.md", () => {
    const markdown = fs.readFileSync(observedRecordsPath(), "utf8");
    expect(staleGoldenFiles(renderGoldenFiles(markdown))).toEqual([]);
    for (const file of files) expect(file.source).toBe(OBSERVED_RECORDS);
  });

  it.each(cases)("%s (%s) reads through the SDK, every field kept", async (endpoint, variant, file) => {
    const { client, pool } = mockedClient();
    const { read, expected } = await READERS[endpoint](client, pool, variantOf(file, variant as never));
    expect(toWire(read)).toEqual(expected);
  });
});
