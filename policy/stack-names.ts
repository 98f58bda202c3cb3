// Which stack a rule is judging, and whether it is one of a list: every policy receives the URN, so
// the stack's name comes from there.

/** The stack name in a URN (`urn:pulumi:<stack>::<project>::<type>::<name>`), as `pulumi.getStack()` gives it. */
export function stackOfUrn(urn: string): string {
  const head = urn.split("::")[0] ?? "";
  return head.split(":")[2] ?? "";
}

/**
 * Whether a stack name matches one of the patterns: exact names, or `*` standing for any run of
 * characters (`prod-*`). Case-sensitive, as stack names are.
 */
export function stackMatches(stack: string, patterns: readonly string[]): boolean {
  return patterns.some((pattern) => new RegExp(`^${pattern.split("*").map(escapeRegex).join(".*")}$`).test(stack));
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
