// `orphan`: settles an orphan a refresh or the drift report named (engine/orphans.ts): an object that
// carries the create marker of an object the stack holds, though no resource holds it. Taking it over
// is the stack's business (adoptId, or pulumi import); this command does the other two: delete it, or
// release it (remove the marker, so it is no longer any stack's and nothing names it again). Only an
// object that carries a marker is touched: the command cannot delete what a person made.
import { parseArgs } from "node:util";
import { ToolConnectivityClient } from "../../sdk";
import { DiagnosticError } from "../diagnostic";
import type { DocsSection } from "../docs-sections";
import { markerIn, withoutMarker } from "../engine/create-marker";
import { notFoundAsUndefined } from "../engine/not-found";
import { SETTINGS } from "../settings";
import { readStackConfigWithPulumi, resolveTarget } from "./generate/target";
import { tierNote } from "./tier-note";

const SECTION: DocsSection = "docs/troubleshooting.md#orphans";

const usage = (program: string) => `Usage: ${program} orphan <id> (--delete | --release) [--base-url <url>]

Settles an orphan that pulumi refresh or the drift report named: a callback (cb_...) or provider config
(pcfg_...) carrying the create marker of an object a stack holds, which no resource holds. The key is
read from ${SETTINGS.apiKey.variable}, the base URL from --base-url or ${SETTINGS.baseUrl.variable}. To keep it instead,
adopt it (adoptId, or pulumi import). See ${SECTION}
  --delete    delete it
  --release   remove its create marker: it stays, as an object no stack manages`;

/** What the command reads of an orphan, whichever its kind. */
interface OrphanRecord {
  status?: string | null;
  name?: string | null;
  description?: string | null;
  metadata?: unknown;
}

/** The kinds an orphan can be, by their ids' prefix: those whose create writes a marker and the API can delete. */
const KINDS: Record<
  "cb" | "pcfg",
  {
    name: string;
    retrieve(client: ToolConnectivityClient, id: string): Promise<OrphanRecord>;
    remove(client: ToolConnectivityClient, id: string): Promise<unknown>;
    release(client: ToolConnectivityClient, id: string, live: OrphanRecord): Promise<unknown>;
  }
> = {
  cb: {
    name: "callback",
    retrieve: (client: ToolConnectivityClient, id: string) => client.callbacks.retrieve(id),
    remove: (client: ToolConnectivityClient, id: string) => client.callbacks.delete(id),
    // The API replaces a callback's name, description and metadata together.
    release: (client: ToolConnectivityClient, id: string, live: OrphanRecord) =>
      client.callbacks.update(id, {
        name: live.name ?? null,
        description: live.description ?? null,
        metadata: withoutMarker(live.metadata),
      }),
  },
  pcfg: {
    name: "provider config",
    retrieve: (client: ToolConnectivityClient, id: string) => client.providerConfigs.retrieve(id),
    remove: (client: ToolConnectivityClient, id: string) => client.providerConfigs.delete(id),
    release: (client: ToolConnectivityClient, id: string, live: OrphanRecord) =>
      client.providerConfigs.update(id, { metadata: withoutMarker(live.metadata) }),
  },
};

/** Runs `orphan`; `program` is the command as the user typed it (pulumi-tcs, or the plugin executable). Throws a usage error. */
export async function orphan(argv: string[], program: string): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      delete: { type: "boolean" },
      release: { type: "boolean" },
      "base-url": { type: "string" },
      help: { type: "boolean" },
    },
  });
  if (values.help) {
    process.stdout.write(`${usage(program)}\n`);
    return 0;
  }
  const [id, ...extra] = positionals;
  const kind = KINDS[(id?.split("_")[0] ?? "") as keyof typeof KINDS];
  if (!id || extra.length > 0 || !kind) {
    throw new DiagnosticError({
      summary: "name one callback (cb_...) or provider config (pcfg_...) id, as the orphan warning does",
      fix: `Run ${program} orphan <id> --delete (or --release)`,
      docs: SECTION,
    });
  }
  if (values.delete === values.release) {
    throw new DiagnosticError({
      summary: `say what to do with ${id}`,
      fix: `Run ${program} orphan ${id} --delete, or --release to keep it unmanaged`,
      docs: SECTION,
    });
  }
  const { apiKey, baseUrl, rateLimitTier } = await resolveTarget(
    { baseUrl: values["base-url"] },
    process.env,
    readStackConfigWithPulumi,
  );
  const onTierBelowService = tierNote(program, "orphan", rateLimitTier, { variable: true });
  const client = new ToolConnectivityClient({
    apiKey,
    baseUrl,
    ...(rateLimitTier ? { rateLimit: rateLimitTier } : {}),
    onTierBelowService,
  });

  const live = await notFoundAsUndefined(kind.retrieve(client, id));
  if (!live || live.status === "deleted") {
    process.stderr.write(`${program} orphan: ${kind.name} ${id} no longer exists; nothing to do\n`);
    return 0;
  }
  if (markerIn(live.metadata) === undefined) {
    throw new DiagnosticError({
      summary: `${kind.name} ${id} carries no create marker: no stack made it, so it is no orphan; nothing was changed`,
      fix: "Check the id against the one the orphan warning named",
      docs: SECTION,
    });
  }
  if (values.delete) await kind.remove(client, id);
  else await kind.release(client, id, live);
  process.stderr.write(
    `${program} orphan: ${kind.name} ${id} ${values.delete ? "deleted" : "released: it no longer carries a create marker"}\n`,
  );
  return 0;
}
