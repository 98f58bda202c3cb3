// A provider whose key or base URL is gone while state holds resources made with them: the usual cause
// is a stack moved to another backend without its config file (Pulumi.<stack>.yaml, which `pulumi stack
// rm` deletes unless --preserve-config). DiffConfig cannot tell which environment no key reaches, so
// it refuses (config.ts); said as "changed", the refusal sent the user looking for a change they never
// made. Named as missing, with the file to bring along and the docs section on moving a stack.
import { render } from "../diagnostic";
import { SETTINGS, ENVIRONMENT_SETTINGS, configKey, type ConfigSource, type SettingsOwner } from "../settings";

/**
 * The refusal when `owner`'s new settings (`source`: the stack config or an explicit provider's inputs,
 * then the environment variables behind them) lack the key or base URL; undefined when both are there.
 * `urn` is the provider's, whose stack names the config file.
 */
export function missingSettingsRefusal(urn: string, owner: SettingsOwner, source: ConfigSource, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const missing = ENVIRONMENT_SETTINGS.filter((name) => !(source(configKey(name)) ?? env[SETTINGS[name].variable]));
  if (missing.length === 0) return undefined;
  const [them, are] = missing.length > 1 ? ["them", "are"] : ["it", "is"];
  // `urn:pulumi:<stack>::...`: the stack names the file.
  const stack = urn.split("::")[0].replace(/^urn:pulumi:/, "");
  return render({
    object: owner.describe(),
    summary: `${missing.map((name) => owner.key(name)).join(" and ")} ${are} missing, and state holds resources made with ${them}, so they are neither kept nor replaced`,
    fix:
      owner.kind === "provider"
        ? `Set the provider's ${missing.join(" and ")} again`
        : `Set ${them} again: a stack moved to another backend needs its Pulumi.${stack}.yaml`,
    docs: "docs/guide.md#moving-a-stack-to-another-backend",
  });
}
