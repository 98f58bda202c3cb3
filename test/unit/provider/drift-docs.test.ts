// docs/drift.md matches the code: its field-by-field table is the provider's declared inputs and
// outputs, and its Markdown example is what its JSON example renders to.
import * as fs from "node:fs";
import * as path from "node:path";
import { toMarkdown } from "../../../provider/cli/drift/render";
import { RESOURCE_KINDS, SHAPES } from "../../../provider/shapes";

describe("docs/drift.md", () => {
  /** The field-by-field table: per resource, the backticked names of each column. */
  function documented(): Map<string, string[][]> {
    const doc = fs.readFileSync(path.join(__dirname, "../../../docs/drift.md"), "utf8");
    const rows = doc.split("\n").filter((line) => line.startsWith("| `tcs."));
    return new Map(
      rows.map((row) => {
        const [resource, ...columns] = row.split("|").slice(1, -1);
        return [
          resource.trim().replace(/`tcs\.(\w+)`/, "$1"),
          columns.map((cell) => [...cell.matchAll(/`(\w+)`/g)].map((m) => m[1]).sort()),
        ];
      }),
    );
  }

  it("shows the Markdown report that its JSON report example renders to", () => {
    const doc = fs.readFileSync(path.join(__dirname, "../../../docs/drift.md"), "utf8");
    const json = /## The JSON report\n\n```json\n([\s\S]*?)```/.exec(doc)![1];
    const markdown = /## The Markdown report\n\n```markdown\n([\s\S]*?)```/.exec(doc)![1];
    expect(toMarkdown(JSON.parse(json)).trim()).toBe(markdown.trim());
  });

  it("shows the report of a stack with several connections as its JSON renders it", () => {
    const doc = fs.readFileSync(path.join(__dirname, "../../../docs/drift.md"), "utf8");
    const [, json, markdown] =
      /## Stacks with several connections\n[\s\S]*?```json\n([\s\S]*?)```\n\nrenders as\n\n```markdown\n([\s\S]*?)```/.exec(
        doc,
      )!;
    expect(markdown).toMatch(/### Connection `staging`/);
    expect(toMarkdown(JSON.parse(json)).trim()).toBe(markdown.trim());
  });

  it("says, for every resource, which outputs are drift (declared), lifecycle (the service's) and never compared", () => {
    const table = documented();
    expect([...table.keys()].sort()).toEqual([...RESOURCE_KINDS].sort());
    for (const kind of RESOURCE_KINDS) {
      const declared = Object.keys(SHAPES[kind].rules);
      const outputs = SHAPES[kind].outputNames;
      const providerSettings = [...Object.keys(SHAPES[kind].settings), "adoptId", "connection"].sort();
      expect({ kind, columns: table.get(kind) }).toEqual({
        kind,
        columns: [
          [...declared].sort(),
          outputs.filter((name) => !declared.includes(name) && !providerSettings.includes(name)).sort(),
          providerSettings,
        ],
      });
    }
  });
});
