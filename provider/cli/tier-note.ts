// The commands' tier advice: when the service allows the key more than the command's tier sends, one
// plain line on stderr, `pulumi-tcs generate: note: ...`, as the commands say everything else. Without
// it the SDK warned the process, which Node prints in its own format ("(node:32687)
// [TCS_RATE_LIMIT_TIER] ToolConnectivityWarning ... Use `node --trace-warnings ...`"), naming a client
// option the user of a command never sees.
import type { TierBelowServiceNotice } from "../../sdk";
import { MESSAGE_LIMIT, render } from "../diagnostic";
import { SETTINGS, SettingsOwner, type RateLimitTier } from "../settings";
import { tierAdvice } from "../settings/client";

/** Where the command's tier came from: the environment, or a named connection of a stack's config (generate --stack). */
export type TierSource = { variable: true } | { stack: string; connection: string };

/** The client's onTierBelowService for `program command`, whose tier (`configured`, undefined for the default) came from `source`. */
export function tierNote(
  program: string,
  command: string,
  configured: RateLimitTier | undefined,
  source: TierSource,
): (notice: TierBelowServiceNotice) => void {
  return (notice) => {
    process.stderr.write(`${tierNoteLine(program, command, configured, source, notice)}\n`);
  };
}

/** The note's one line: `pulumi-tcs generate: note: the service allows this API key ...`. */
export function tierNoteLine(
  program: string,
  command: string,
  configured: RateLimitTier | undefined,
  source: TierSource,
  notice: TierBelowServiceNotice,
): string {
  const prefix = `${program} ${command}: note: `;
  return `${prefix}${render(tierAdvice(notice, configured, adviceFor(source)), MESSAGE_LIMIT - prefix.length)}`;
}

function adviceFor(source: TierSource): { setting: string; fix: (tier: string) => string; paced: string } {
  if ("variable" in source) {
    const variable = SETTINGS.rateLimitTier.variable;
    return { setting: variable, fix: (tier) => `set ${variable}=${tier}`, paced: "this command" };
  }
  const owner = SettingsOwner.connection(source.connection);
  // The setting is named just before; its command with --path and --stack would not fit in 300 characters.
  return {
    setting: owner.key("rateLimitTier"),
    fix: (tier) => `set it to \`${tier}\` in stack ${source.stack}`,
    paced: "this command",
  };
}
