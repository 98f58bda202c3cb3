// The native door's refusals that need no service (issue 45, failures 4 and 5), through the real
// engine core and bindings, its calls made in the order the engine makes them (v3.259): a role that
// the engine replaces for replaceOnChanges while it keeps its slug; import ids read whole; one object
// held by two resources of a run; other resources named by the native type. (On the real engine:
// test/e2e/native-refusals.test.ts.)
import { HeldIds, importRefusal, sharedIdRefusal } from "../../../provider/native/held-ids";
import { ResourceCalls } from "../../../provider/native/resource-calls";
import { BINDINGS } from "../../../provider/engine/bindings";
import { parseImportId } from "../../../provider/engine/import-id";
import { resourceNamed } from "../../../provider/engine/planner";
import { ResourceEngine } from "../../../provider/engine/resource-engine";
import { UNKNOWN } from "../../../provider/shapes/normalize";
import type { ResourceKind } from "../../../provider/shapes/shape";

const ROLE = "tcs:index:Role";
const urn = (name: string, type = ROLE) => `urn:pulumi:dev::project::${type}::${name}`;
const [roleId, otherId] = ["rol_0123456789abcdefghij", "rol_abcdefghij0123456789"];
const role = { name: "Support", slug: "support", permissions: ["thread_read"] };
const outputs = { ...role, isDefault: false, createdAt: "2026-01-01T00:00:00Z", updatedAt: "2026-01-01T00:00:00Z" };

function calls(): ResourceCalls {
  const noApi = () => {
    throw new Error("check and diff of these inputs must not touch the API");
  };
  return new ResourceCalls((kind: ResourceKind) => new ResourceEngine(BINDINGS[kind], noApi, () => undefined));
}

/** Check, diff, and the check the engine makes again, with no olds, of a replacement it plans itself. */
async function engineReplaces(door: ResourceCalls, name: string, id: string, news: Record<string, unknown>) {
  const checked = await door.check(ROLE, urn(name), role, news);
  expect(checked.failures).toEqual([]);
  await door.diff(ROLE, id, outputs, checked.inputs);
  return door.check(ROLE, urn(name), {}, news);
}

describe("a replacement the engine plans for replaceOnChanges (the native door is not told the option)", () => {
  it("is refused when the role keeps its slug, naming the field, the role and the fix", async () => {
    const again = await engineReplaces(calls(), "support", roleId, { ...role, name: "Support team" });
    expect(again.failures).toEqual([
      {
        property: "name",
        reason:
          `changing it replaces the Role, and the old one (${roleId}) keeps its slug. Change slug too, or take name out of replaceOnChanges. ` +
          "See docs/guide.md#tcsrole",
      },
    ]);
  });

  it("passes with a new slug, and with a slug not known yet", async () => {
    expect(
      (await engineReplaces(calls(), "support", roleId, { ...role, name: "Support team", slug: "support-team" }))
        .failures,
    ).toEqual([]);
    expect(
      (await engineReplaces(calls(), "support", roleId, { ...role, name: "Support team", slug: UNKNOWN })).failures,
    ).toEqual([]);
  });

  it("without a changed field (a replacementTrigger) names the slug and what forces the replacement", async () => {
    const again = await engineReplaces(calls(), "support", roleId, role);
    expect(again.failures).toEqual([
      {
        property: "slug",
        reason: expect.stringMatching(
          /^the Role is to be replaced, and the old one \(rol_\w+\) keeps its slug\. Change slug too, or remove what forces/,
        ),
      },
    ]);
  });

  it("leaves a first create alone: a resource checked with no olds and never diffed is new", async () => {
    const door = calls();
    expect((await door.check(ROLE, urn("fresh"), {}, role)).failures).toEqual([]);
    // Another resource's diff says nothing of this one.
    await door.check(ROLE, urn("other"), { ...role, slug: "other" }, { ...role, slug: "other" });
    await door.diff(ROLE, otherId, { ...outputs, slug: "other" }, { ...role, slug: "other" });
    expect((await door.check(ROLE, urn("fresh2"), {}, { ...role, slug: "fresh" })).failures).toEqual([]);
  });
});

describe("one object, one resource of a run", () => {
  it("refuses a second resource of the stack diffed with an id another holds, naming both and the fix", async () => {
    const door = calls();
    for (const name of ["ops", "opsAgain"]) await door.check(ROLE, urn(name), role, role);
    await door.diff(ROLE, roleId, outputs, (await door.check(ROLE, urn("ops"), role, role)).inputs);
    const second = (await door.check(ROLE, urn("opsAgain"), role, role)).inputs;
    await expect(door.diff(ROLE, roleId, outputs, second)).rejects.toThrow(
      `tcs:index:Role "opsAgain" holds ${roleId}, and so does tcs:index:Role "ops" of this stack: two resources would manage one object (imported twice?). ` +
        `Keep one: pulumi state delete '${urn("opsAgain")}' removes tcs:index:Role "opsAgain" from the stack and leaves the object.`,
    );
  });

  it("tells an import of an object another import or resource of the run holds which one, and how to go on", () => {
    const held = new HeldIds();
    expect(held.claim("Role", roleId, urn("ops"), "import")).toBeUndefined();
    expect(held.claim("Role", roleId, urn("ops"), "import")).toBeUndefined();
    expect(held.claim("Callback", roleId, urn("cb", "tcs:index:Callback"), "import")).toBeUndefined();
    const holder = held.claim("Role", roleId, urn("opsAgain"), "import");
    expect(holder).toEqual({ urn: urn("ops"), holding: "import" });
    expect(importRefusal("Role", roleId, urn("opsAgain"), holder!)).toBe(
      `cannot import ${roleId} as tcs:index:Role "opsAgain": this run imports it as tcs:index:Role "ops" too, and two resources would manage one object. Import it once.`,
    );
    expect(importRefusal("Role", roleId, urn("opsAgain"), { urn: urn("ops"), holding: "state" })).toMatch(
      /tcs:index:Role "ops" of this stack holds it, .*pulumi state delete 'urn:pulumi:dev::project::tcs:index:Role::ops' \(the object stays\)\.$/,
    );
    expect(sharedIdRefusal("Role", roleId, urn("ops"), { urn: urn("opsAgain"), holding: "import" })).toMatch(
      /this run imports it as tcs:index:Role "opsAgain" too: .*Remove the import option from tcs:index:Role "opsAgain"/,
    );
  });
});

describe("import ids", () => {
  const [cb, cbi] = ["cb_0123456789abcdefghij", "cbi_0123456789abcdefghij"];

  it("reads an object's id, and an instance's <callbackId>/<id>", () => {
    expect(parseImportId("Role", roleId)).toEqual({ id: roleId });
    expect(parseImportId("CallbackInstance", `${cb}/${cbi}`, "callbackId")).toEqual({ parent: cb, id: cbi });
  });

  it("refuses any other form whole, naming the form: nothing the user typed is dropped", () => {
    expect(() => parseImportId("CallbackInstance", `${cb}/${cbi}/x`, "callbackId")).toThrow(
      `the import id '${cb}/${cbi}/x' is not <callbackId>/<id>. ` +
        "Run pulumi import tcs:index:CallbackInstance <name> cb_<20 alphanumerics>/cbi_<20 alphanumerics>. See docs/native-provider.md#import",
    );
    for (const id of [cbi, `${cb}/`, `/${cbi}`, `${cbi}/${cb}`])
      expect(() => parseImportId("CallbackInstance", id, "callbackId")).toThrow(/is not <callbackId>\/<id>/);
    expect(() => parseImportId("Role", `${roleId}/x`)).toThrow(
      `the import id '${roleId}/x' is not a role id. Run pulumi import tcs:index:Role <name> rol_<20 alphanumerics>`,
    );
    expect(() => parseImportId("Role", cb)).toThrow(/is not a role id/);
  });
});

describe("another resource as a refusal names it", () => {
  it("by the dynamic door's class for a name, by the native type for a URN (under a component too)", () => {
    expect(resourceNamed("Role", "ops")).toBe('tcs.Role "ops"');
    expect(resourceNamed("Role", urn("ops"))).toBe('tcs:index:Role "ops"');
    expect(resourceNamed("Role", "urn:pulumi:dev::project::my:Team$tcs:index:Role::team-ops")).toBe(
      'tcs:index:Role "team-ops"',
    );
    // A name may hold "::": the name is everything after the type.
    expect(resourceNamed("Role", "urn:pulumi:dev::project::tcs:index:Role::team::ops")).toBe(
      'tcs:index:Role "team::ops"',
    );
  });

  it("names the native type in the same-key refusal of a YAML program", async () => {
    const door = calls();
    await door.check(ROLE, urn("ops"), {}, role);
    const second = await door.check(ROLE, urn("opsAgain"), {}, role);
    expect(second.failures).toEqual([
      { property: "slug", reason: expect.stringMatching(/^tcs:index:Role "ops" declares it too: one Role per slug/) },
    ]);
  });
});
