// Ids an input names that the service would refuse at create, refused at preview instead (issue 59):
// a callback instance's callback must be an active callback, and its config an active config of that
// callback's provider; without this, `up` made the objects before it and then failed on a 404 or 422.
// Only kinds the API lists can be checked: callbacks and provider configs. Integrations, integration
// providers, auth configs, config vaults and the permission catalog have no endpoint that lists or
// reads them, so an id of those that names nothing cannot be told from one that names something
// (docs/contract-decisions.md, "Checked against the service at preview").
// The live objects of a kind are listed once per run, whole, as the create path's orphan search lists
// them (the same request, in the same never-dropped scan of ctx.orphans): an up that creates objects of
// the kind pays nothing more, and one that does not pays one list. An id this run created, after that
// list, is known to exist (ctx.claimed); an id not known yet (another resource's output) is skipped.
import type { Callback, ProviderConfig } from "../../sdk";
import { renderCheckReason } from "../diagnostic";
import { SCAN_PAGE_SIZE } from "../page-size";
import { isUnknown } from "../shapes/normalize";
import type { CheckFailure, ResourceKind } from "../shapes/shape";
import type { ApiContext } from "./binding";
import type { PageLike } from "./read-batcher";

const SECTION = "docs/troubleshooting.md#ids-checked-at-preview";

/** What a check reads of a referenced object. */
interface Referenced {
  id: string;
  providerId?: string | null;
}

interface LiveList {
  /** What a reference that names no live object of the kind is: the check failure's summary. */
  missing: string;
  /** What to name instead. */
  fix: string;
  /** The kind's live objects: the list its binding's markedIn().listAll() sends, so both share one scan. */
  firstPage(ctx: ApiContext): Promise<PageLike<Referenced>>;
}

/** The kinds whose objects the API lists; a reference to any other kind is the service's to judge. */
const LISTED: Partial<Record<ResourceKind, LiveList>> = {
  Callback: {
    missing: "names no active callback of this environment (no such id, or deleted or archived)",
    fix: "Pass a tcs.Callback's id",
    firstPage: (ctx): Promise<PageLike<Callback>> =>
      ctx.client.callbacks.list({ status: "active", limit: SCAN_PAGE_SIZE }),
  },
  ProviderConfig: {
    missing: "names no active provider config of this environment",
    fix: "Pass a tcs.ProviderConfig's id, of the callback's provider",
    firstPage: (ctx): Promise<PageLike<ProviderConfig>> =>
      ctx.client.providerConfigs.list({ status: "active", limit: SCAN_PAGE_SIZE }),
  },
};

/** Why a reference fails that the run's list of its kind does not hold. */
function noLiveObject(list: LiveList): string {
  return renderCheckReason({ summary: list.missing, fix: list.fix, docs: SECTION });
}

/** Why a reference to `kind` fails when it names no live object; undefined for a kind the API does not list. */
export function noLiveObjectOf(kind: ResourceKind): string | undefined {
  const list = LISTED[kind];
  return list && noLiveObject(list);
}

/** The live object `id` of `kind`; undefined when the run's list of the kind does not hold it. */
function findLive(ctx: ApiContext, kind: ResourceKind, list: LiveList, id: string): Promise<Referenced | undefined> {
  return ctx.orphans.findWhere(
    { kind },
    () => list.firstPage(ctx),
    (record) => record.id === id,
  );
}

/**
 * Failures for the references in `news` (field -> the kind it names) that name no live object of a
 * listed kind, and the live record of each one found, for checks across references. A reference that
 * is not a known string, or that this run created, is not looked up.
 */
export async function checkReferences(
  ctx: ApiContext,
  references: Readonly<Record<string, ResourceKind>>,
  news: Record<string, unknown>,
): Promise<{ failures: CheckFailure[]; found: Record<string, Referenced> }> {
  const failures: CheckFailure[] = [];
  const found: Record<string, Referenced> = {};
  await Promise.all(
    Object.entries(references).map(async ([field, kind]) => {
      const id = news[field];
      const list = LISTED[kind];
      if (!list || typeof id !== "string" || isUnknown(id) || ctx.claimed.has(id)) return;
      const live = await findLive(ctx, kind, list, id);
      if (live) found[field] = live;
      else failures.push({ property: field, reason: noLiveObject(list) });
    }),
  );
  // In field order, whichever list answered first.
  const order = Object.keys(references);
  failures.sort((a, b) => order.indexOf(a.property) - order.indexOf(b.property));
  return { failures, found };
}

/** A failure on `providerConfigId` when the config is of another provider than the callback it is attached to. */
export function configOfAnotherProvider(
  callback: Referenced | undefined,
  config: Referenced | undefined,
): CheckFailure[] {
  // A record that does not say its provider says nothing: the service judges.
  if (!callback?.providerId || !config?.providerId || callback.providerId === config.providerId) return [];
  return [
    {
      property: "providerConfigId",
      // The engine prints the config's id beside it; the callback's is the user's to look up.
      reason: renderCheckReason({
        summary: `is of ${config.providerId}, not the callback's ${callback.providerId}`,
        fix: "Pass a config of that provider",
        docs: SECTION,
      }),
    },
  ];
}
