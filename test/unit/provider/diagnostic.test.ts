// Diagnostics as values (issue 60): every rendered message is one line of at most 300 characters that
// ends with a docs section which exists, whatever the values put in it.
import * as fs from "node:fs";
import * as path from "node:path";
import { DiagnosticError, MESSAGE_LIMIT, quoted, render } from "../../../provider/diagnostic";
import { DOCS_SECTIONS } from "../../../provider/docs-sections";

const ROOT = path.join(__dirname, "../../..");

/** The anchors GitHub gives a Markdown file's headings. */
function anchorsOf(file: string): string[] {
  return fs
    .readFileSync(path.join(ROOT, file), "utf8")
    .split("\n")
    .filter((line) => /^#+\s/.test(line))
    .map((line) =>
      line
        .replace(/^#+\s*/, "")
        .toLowerCase()
        .replace(/[^\w\s-]/g, "")
        .replace(/\s/g, "-"),
    );
}

it.each(DOCS_SECTIONS)("the docs section %s exists", (section) => {
  const [file, anchor] = section.split("#");
  expect(anchorsOf(file)).toContain(anchor);
});

const ID = "pcfg_aB3aB3aB3aB3aB3aB3aB";

it("renders the object, what happened, the fix and the section, in that order", () => {
  const text = render({
    object: `tcs:ProviderConfig ${ID}`,
    summary: "lives in another environment",
    fix: "Run pulumi refresh",
    docs: "docs/troubleshooting.md#lives-in-another-environment",
  });
  expect(text).toBe(
    `tcs:ProviderConfig ${ID}: lives in another environment. Run pulumi refresh. See docs/troubleshooting.md#lives-in-another-environment`,
  );
});

it("puts the fix first when asked", () => {
  const text = render({
    summary: "the claim",
    fix: "If up --replace: set deleteBeforeReplace",
    docs: "docs/adoption.md#not-in-state",
    fixFirst: true,
  });
  expect(text).toBe("If up --replace: set deleteBeforeReplace. the claim. See docs/adoption.md#not-in-state");
});

it("keeps a message within the limit by cutting what happened, never the fix or the section", () => {
  const summary = `the service refused description ${"x".repeat(10_240)}, because it is longer than 1000 characters`;
  const text = render({
    object: `tcs:Role ${ID}`,
    summary,
    fix: "Run pulumi preview after shortening it",
    docs: "docs/guide.md#tcsrole",
  });
  expect(text.length).toBeLessThanOrEqual(MESSAGE_LIMIT);
  expect(text).toContain("…");
  expect(text).toContain("because it is longer than 1000 characters.");
  expect(text).toMatch(/Run pulumi preview after shortening it\. See docs\/guide\.md#tcsrole$/);
});

it("makes a message of several lines one line", () => {
  const text = render({ summary: "first\n  second", fix: "fix it", docs: "docs/guide.md#configuration" });
  expect(text).not.toContain("\n");
  expect(text).toContain("first second.");
});

it("stays within the limit when the object and the fix are long, the object giving way first", () => {
  const connection = "c".repeat(63);
  const text = render({
    object: `connection '${connection}'`,
    summary: "has no apiKey, so no request can be made",
    fix: `run pulumi config set --secret --path tcs:connections.${connection}.apiKey service_sk_...`,
    docs: "docs/guide.md#configuration",
  });
  expect(text.length).toBeLessThanOrEqual(MESSAGE_LIMIT);
  expect(text).toContain(`tcs:connections.${connection}.apiKey service_sk_...`);
  expect(text).toContain("has no apiKey");
  expect(() => render({ summary: "x", fix: "y".repeat(400), docs: "docs/guide.md#configuration" })).not.toThrow();
  expect(
    render({ summary: "x", fix: "y".repeat(400), docs: "docs/guide.md#configuration" }).length,
  ).toBeLessThanOrEqual(MESSAGE_LIMIT);
});

it("throws as an Error whose message is the rendered diagnostic", () => {
  const diagnostic = { summary: "gone", fix: "Run pulumi refresh", docs: "docs/troubleshooting.md#orphans" } as const;
  const error = new DiagnosticError(diagnostic);
  expect(error).toBeInstanceOf(Error);
  expect(error.message).toBe(render(diagnostic));
  expect(error.diagnostic).toBe(diagnostic);
});

it("quotes a short value whole and a long one cut, with its length", () => {
  expect(quoted("thread_read")).toBe("'thread_read'");
  expect(quoted(["a", 1])).toBe(`'["a",1]'`);
  const long = quoted("y".repeat(10_240));
  expect(long).toBe(`'${"y".repeat(60)}…' (10,240 characters)`);
});
