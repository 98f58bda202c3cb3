// The pack's rules are the ones docs/policy.md lists, with the default level and settings it states.
import * as fs from "node:fs";
import * as path from "node:path";
import type { ResourceValidationPolicy, StackValidationPolicy } from "@pulumi/policy";
import { policies } from "../../../policy/policies";

const DOC = fs.readFileSync(path.resolve(__dirname, "..", "..", "..", "docs", "policy.md"), "utf8");

interface Documented {
  name: string;
  level: string;
  defaults: Record<string, unknown>;
}

/** The rows of the doc's rules table: | `name` | applies to | level | `setting` (`default`), ... | */
function documentedRules(): Documented[] {
  const rows = [...DOC.matchAll(/^\| `(tcs-[\w-]+)` \| [^|]+ \| (\w+) \| (.*) \|$/gm)];
  return rows.map(([, name, level, settings]) => ({
    name,
    level,
    defaults: Object.fromEntries(
      [...settings.matchAll(/`(\w+)` \(`([^`]+)`/g)].map(([, key, value]) => [key, JSON.parse(value)]),
    ),
  }));
}

function defaultsOf(policy: ResourceValidationPolicy | StackValidationPolicy): Record<string, unknown> {
  const properties = policy.configSchema?.properties ?? {};
  return Object.fromEntries(
    Object.entries(properties).map(([key, schema]) => [key, (schema as { default?: unknown }).default]),
  );
}

describe("the pack", () => {
  it("holds the rules of docs/policy.md, in its order, with the default levels and settings it states", () => {
    const documented = documentedRules();
    expect(documented).toHaveLength(7);
    expect(
      policies.map((policy) => ({ name: policy.name, level: policy.enforcementLevel, defaults: defaultsOf(policy) })),
    ).toEqual(documented);
  });
});
