// A rule's settings: what the policy config gives, over the rule's defaults. The engine fills in the
// schema's defaults, but an older CLI or a config file with `null`s may not, so the rule applies them
// again; each rule declares its defaults once and its config schema reads them from there.

export function configOf<T extends object>(args: { getConfig<C extends object>(): C }, defaults: T): T {
  const given = args.getConfig<Record<string, unknown>>();
  const settings: Record<string, unknown> = { ...(defaults as Record<string, unknown>) };
  for (const [key, value] of Object.entries(given)) if (value !== undefined && value !== null) settings[key] = value;
  return settings as T;
}
