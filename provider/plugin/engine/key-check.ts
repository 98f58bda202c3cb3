// A connection's key, checked before a run writes with it: a wrong key (or one of the wrong kind) is
// reported at preview, naming the connection and the setting that holds the key, instead of failing
// halfway through the up on the first create.
import type { ToolConnectivityClient } from "../../../sdk";
import { AuthenticationError, PermissionDeniedError } from "../../../sdk/core/errors";
import { apiKeySetting, describeConnection } from "../../connections";

/** A publishable key reads public data only: the provider writes, so it needs the secret key. */
export function publishableKeyRefusal(connection: string | undefined, apiKey: string | undefined): string | undefined {
  if (!apiKey?.startsWith("service_pk_")) return undefined;
  return (
    `${describeConnection(connection)} has a publishable key (service_pk_...), which cannot create or change objects: ` +
    `set the environment's secret key with pulumi config set --secret ${apiKeySetting(connection)} service_sk_...`
  );
}

/**
 * Why the service refuses this connection's key, or undefined when it accepts it. One list request
 * of one record; any other failure (the service unreachable, say) is left for the step itself to report.
 */
export async function keyRefusal(client: ToolConnectivityClient, connection: string | undefined): Promise<string | undefined> {
  try {
    // No retries: a refusal is final, and a service that does not answer is the step's to report.
    await client.roles.list({ limit: 1 }, { maxRetries: 0 });
    return undefined;
  } catch (error) {
    if (error instanceof AuthenticationError) {
      return (
        `${describeConnection(connection)}: the service refused its API key (401, ${error.message}). ` +
        `Set the key of that environment: pulumi config set --secret ${apiKeySetting(connection)} service_sk_...`
      );
    }
    if (error instanceof PermissionDeniedError) {
      return (
        `${describeConnection(connection)}: the API key may not manage this environment's objects (403, ${error.message}). ` +
        `Use a secret key with full access: pulumi config set --secret ${apiKeySetting(connection)} service_sk_...`
      );
    }
    return undefined;
  }
}
