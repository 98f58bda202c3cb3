// Resource options the provider carries out itself, through the real engine and bindings: the
// engine gives a dynamic provider's diff no say on replaceOnChanges (it reports no changed keys), so the
// option arrives as an input; a replacement that keeps a unique key deletes first, or is refused when
// the API cannot delete. (Their effect on the real engine and service: test/long/resource-options.test.ts.)
import { BINDINGS } from "../../../provider/engine/bindings";
import { markerFor } from "../../../provider/engine/create-marker";
import { parsePath, withReplaceOnChanges } from "../../../provider/engine/replace-on-changes";
import { ResourceEngine } from "../../../provider/engine/resource-engine";
import { replaceOnChangesInput, resourceProps } from "../../../provider/dynamic/tcs-resource";
import { SHAPES } from "../../../provider/shapes";
import { UNKNOWN } from "../../../provider/shapes/normalize";
import { REPLACE_ON_CHANGES_INPUT } from "../../../provider/shapes/reserved";
import type { ResourceKind } from "../../../provider/shapes/shape";

function engine(kind: ResourceKind) {
  const noApi = () => {
    throw new Error("diff and these checks must not touch the API");
  };
  return new ResourceEngine(BINDINGS[kind], noApi, () => undefined);
}

const callback = {
  integrationProviderId: "intp_github00000000000000",
  name: "GitHub events",
  metadata: { owner: "platform", team: "a" },
  status: "active",
};
const role = { name: "Support", slug: "support", permissions: ["thread_read"] };

describe("replaceOnChanges", () => {
  it("reaches the provider as an input only when set", () => {
    expect(replaceOnChangesInput(undefined)).toEqual({});
    expect(replaceOnChangesInput({ replaceOnChanges: [] })).toEqual({});
    const props = resourceProps(SHAPES.Callback, "events", { name: "x" }, { replaceOnChanges: ["name"] });
    expect(props[REPLACE_ON_CHANGES_INPUT]).toEqual(["name"]);
    expect(resourceProps(SHAPES.Callback, "events", { name: "x" }, {})).not.toHaveProperty(REPLACE_ON_CHANGES_INPUT);
  });

  it("parses Pulumi's property paths", () => {
    expect(parsePath("name")).toEqual(["name"]);
    expect(parsePath("metadata.owner")).toEqual(["metadata", "owner"]);
    expect(parsePath('metadata["a.b"]')).toEqual(["metadata", "a.b"]);
    expect(parsePath("toolFilters.keys[0]")).toEqual(["toolFilters", "keys", 0]);
    expect(parsePath("*")).toEqual(["*"]);
  });

  it("turns a change of a named in-place field into a replacement, and only that field", async () => {
    const news = { ...callback, name: "renamed", description: "new", [REPLACE_ON_CHANGES_INPUT]: ["name"] };
    expect(await engine("Callback").diff("cb_x", callback, news)).toMatchObject({ changes: true, replaces: ["name"] });
    const descriptionOnly = { ...callback, description: "new", [REPLACE_ON_CHANGES_INPUT]: ["name"] };
    expect(await engine("Callback").diff("cb_x", callback, descriptionOnly)).toMatchObject({
      changes: true,
      replaces: [],
    });
    const unchanged = { ...callback, [REPLACE_ON_CHANGES_INPUT]: ["name"] };
    expect(await engine("Callback").diff("cb_x", callback, unchanged)).toEqual({
      changes: false,
      replaces: [],
      deleteBeforeReplace: false,
      changed: [],
    });
  });

  it("replaces on a path inside a field only when that part changed; '*' names every field", async () => {
    const ownerPath = { [REPLACE_ON_CHANGES_INPUT]: ["metadata.owner"] };
    const teamChanged = await engine("Callback").diff("cb_x", callback, {
      ...callback,
      metadata: { owner: "platform", team: "b" },
      ...ownerPath,
    });
    expect(teamChanged).toMatchObject({ changes: true, replaces: [] });
    const ownerChanged = await engine("Callback").diff("cb_x", callback, {
      ...callback,
      metadata: { owner: "ops", team: "a" },
      ...ownerPath,
    });
    expect(ownerChanged).toMatchObject({ changes: true, replaces: ["metadata"] });
    const unknownOwner = await engine("Callback").diff("cb_x", callback, {
      ...callback,
      metadata: { owner: UNKNOWN, team: "a" },
      ...ownerPath,
    });
    expect(unknownOwner.replaces).toEqual(["metadata"]);
    const everything = await engine("Callback").diff("cb_x", callback, {
      ...callback,
      description: "new",
      [REPLACE_ON_CHANGES_INPUT]: ["*"],
    });
    expect(everything.replaces).toEqual(["description"]);
  });

  it("leaves the fields replaceOnChanges names out of the create marker, so an in-place change keeps the marker", () => {
    const fields = SHAPES.ProviderConfig.rules;
    const args = { providerId: "prov_github00000000000000", name: "one", value: { a: 1 } };
    const secret = Buffer.alloc(32, 1);
    const marker = (name: string) => markerFor(secret, "key", { ...args, name }, fields);
    expect(marker("one")).toBe(marker("two"));
    expect(marker("one")).not.toBe(markerFor(secret, "key", { ...args, value: { a: 2 } }, fields));
    expect(withReplaceOnChanges(fields, {})).toBe(fields);
  });
});

describe("replacements that keep a unique key", () => {
  it("delete a callback before making its replacement on the same integration provider", async () => {
    const news = { ...callback, name: "renamed", [REPLACE_ON_CHANGES_INPUT]: ["name"] };
    expect(await engine("Callback").diff("cb_x", callback, news)).toEqual({
      changes: true,
      replaces: ["name"],
      deleteBeforeReplace: true,
      changed: ["name"],
    });
  });

  it("create first when the integration provider changes, is unknown, or the old callback is archived", async () => {
    const moved = await engine("Callback").diff("cb_x", callback, {
      ...callback,
      integrationProviderId: "intp_linear00000000000000",
    });
    expect(moved).toMatchObject({ replaces: ["integrationProviderId"], deleteBeforeReplace: false });
    const unknown = await engine("Callback").diff("cb_x", callback, { ...callback, integrationProviderId: UNKNOWN });
    expect(unknown.deleteBeforeReplace).toBe(false);
    const archived = await engine("Callback").diff(
      "cb_x",
      { ...callback, status: "archived" },
      { ...callback, name: "renamed", [REPLACE_ON_CHANGES_INPUT]: ["name"] },
    );
    expect(archived).toMatchObject({ replaces: ["name", "status"], deleteBeforeReplace: false });
  });

  it("refuse at preview a role replacement that keeps its slug (the API cannot delete roles), naming the fix", async () => {
    const news = { ...role, name: "Support team", [REPLACE_ON_CHANGES_INPUT]: ["name"] };
    const check = await engine("Role").check(role, news);
    expect(check.failures).toEqual([
      {
        property: "name",
        reason: expect.stringMatching(
          /the old one keeps its slug\. Change slug too, or take name out of replaceOnChanges/,
        ),
      },
    ]);
    // With a new slug the replacement can be made; the old role stays in the account (no delete).
    const newSlug = await engine("Role").check(role, { ...news, slug: "support-team" });
    expect(newSlug.failures).toEqual([]);
    expect(await engine("Role").diff("rol_x", role, { ...news, slug: "support-team" })).toMatchObject({
      replaces: ["name"],
      deleteBeforeReplace: false,
    });
    // A first create and an in-place change are not replacements.
    expect((await engine("Role").check({}, news)).failures).toEqual([]);
    expect((await engine("Role").check(role, { ...role, name: "Support team" })).failures).toEqual([]);
  });
});
