// What the shapes derive, against what the classes are recorded to register (the lists the resource
// classes once wrote by hand): the outputs a program registers, which are the properties every state of
// the kind holds, the secrets, the type token; and each binding maps exactly the outputs its shape
// declares. The record, registrations.json, is written by `npm run codegen` from the shapes: a change of
// what states hold shows in the commit that makes it, so it is made on purpose (a shape changed without
// codegen fails here, and `codegen/run.sh --check` names the file).
import * as fs from "node:fs";
import * as path from "node:path";
import { registrations } from "../../../codegen/shapes/registrations";
import { BINDINGS } from "../../../provider/engine/bindings";
import { RESOURCE_KINDS, SHAPES } from "../../../provider/shapes";

const REGISTERED: unknown = JSON.parse(fs.readFileSync(path.join(__dirname, "registrations.json"), "utf8"));

describe("shapes", () => {
  it("derive the outputs, secret outputs and secret inputs the resource classes are recorded to register", () => {
    expect(registrations()).toEqual(REGISTERED);
  });

  it("each binding maps exactly the outputs of its shape that the service holds (settings and adoptId are the engine's)", () => {
    for (const kind of RESOURCE_KINDS) {
      const shape = SHAPES[kind];
      const held = shape.outputNames.filter(
        (name) => name !== "adoptId" && name !== "connection" && !Object.hasOwn(shape.settings, name),
      );
      expect({ kind, outputs: Object.keys(BINDINGS[kind].toOutputs({ id: "x" }, {})).sort() }).toEqual({
        kind,
        outputs: [...held].sort(),
      });
    }
  });

  it("check the declared inputs with adoptId, by the resource's id prefix", () => {
    expect(
      SHAPES.Role.schema.safeParse({ name: "R", slug: "r", permissions: [], adoptId: "rol_abcdefghijklmnopqrst" })
        .success,
    ).toBe(true);
    const wrong = SHAPES.Role.schema.safeParse({
      name: "R",
      slug: "r",
      permissions: [],
      adoptId: "cb_abcdefghijklmnopqrst",
    });
    expect(wrong.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["adoptId", "must be a role id: 'rol_' followed by 20 letters and digits"],
    ]);
  });
});
