// A provider config's vault must be one of its provider's: the service refuses a vault of another
// provider with a 422 at create, halfway through the up. The spec gives no endpoint that reads a vault
// (Provider Config Vaults are named as a resource area, with no endpoints), but every config made from
// a vault embeds it (`from_vault`, with its `provider_id`), and the config list filters by
// `provider_config_vault_id`. So one list request of one config tells a vault's provider whenever some
// config of the environment was made from it; when none was, nothing is known and the service judges
// the create itself (docs/contract-decisions.md, "Checked against the service at preview").
import type { ProviderConfig } from "../../sdk";
import type { CheckFailure } from "../shapes/shape";
import type { ApiContext } from "./binding";

/** What the configs made from a vault say of it. */
interface VaultOwner {
  providerId: string;
  name?: string;
  /** The config it was seen on, so the user can look at it. */
  seenOn: string;
}

/**
 * The vaults asked about in this run, by connection: an ApiContext is one connection's for the life of
 * the plugin process (one run), so two configs from one vault cost one request, and nothing outlives
 * the run or crosses to another environment.
 */
const asked = new WeakMap<ApiContext, Map<string, Promise<VaultOwner | undefined>>>();

function ownerOf(config: ProviderConfig): VaultOwner {
  // A record that leaves `from_vault` out still names its provider, which a vault's configs share.
  const name = config.fromVault?.name ?? undefined;
  return {
    providerId: config.fromVault?.providerId ?? config.providerId,
    seenOn: config.id,
    ...(name ? { name } : {}),
  };
}

function vaultOwner(ctx: ApiContext, vaultId: string): Promise<VaultOwner | undefined> {
  let vaults = asked.get(ctx);
  if (!vaults) asked.set(ctx, (vaults = new Map()));
  let owner = vaults.get(vaultId);
  if (!owner) {
    owner = (async () => {
      const page = await ctx.client.providerConfigs.list({ providerConfigVaultId: vaultId, limit: 1 });
      return page.items[0] && ownerOf(page.items[0]);
    })();
    // A failed request is not an answer: the next config from this vault asks again.
    owner.catch(() => vaults.delete(vaultId));
    vaults.set(vaultId, owner);
  }
  return owner;
}

/** A failure on `providerConfigVaultId` when the vault is known to be another provider's; none when it is this one's or unknown. */
export async function checkVaultProvider(
  ctx: ApiContext,
  vaultId: string,
  providerId: string,
): Promise<CheckFailure[]> {
  const owner = await vaultOwner(ctx, vaultId);
  if (!owner || owner.providerId === providerId) return [];
  const named = owner.name ? `"${owner.name}", ` : "";
  return [
    {
      property: "providerConfigVaultId",
      reason:
        `is a config vault of provider ${owner.providerId} (${named}seen on config ${owner.seenOn}, made from it), not of providerId ${providerId}: ` +
        `name a vault of ${providerId}, or leave providerConfigVaultId out and give the settings in value (the service would refuse the create with a 422)`,
    },
  ];
}
