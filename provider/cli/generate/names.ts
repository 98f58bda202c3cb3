// Resource names from object names: readable, stable across runs for the same account, unique.

export interface GeneratedName {
  /** The Pulumi resource name, kebab-case (`github-for-agents`). */
  name: string;
  /** A TypeScript identifier for it (`githubForAgents`). */
  variable: string;
}

function kebab(label: string): string {
  const words = label
    .normalize("NFKD")
    .replace(/[^\w\s-]/g, " ")
    .replace(/_/g, " ")
    .trim()
    .toLowerCase()
    .split(/[\s-]+/)
    .filter(Boolean);
  return words.length > 0 ? words.join("-").slice(0, 60).replace(/-$/, "") : "object";
}

function camel(name: string): string {
  const variable = name.replace(/-([a-z0-9])/g, (_m, c: string) => c.toUpperCase());
  return /^[0-9]/.test(variable) ? `r${variable}` : variable;
}

/** One name per label, in order; repeats get -2, -3, ... */
export function uniqueNames(labels: string[]): GeneratedName[] {
  const seen = new Map<string, number>();
  return labels.map((label) => {
    const base = kebab(label);
    const count = (seen.get(base) ?? 0) + 1;
    seen.set(base, count);
    const name = count === 1 ? base : `${base}-${count}`;
    return { name, variable: camel(name) };
  });
}
