// The inputs the resource classes send beside the declared fields are named with `__`, which the CLI
// leaves out of every plan, diff and refresh it shows (as it does `__provider`); the plugin still reads
// them under the names earlier versions recorded in state (`tcsCreateKey`, ...). The real engine's
// display is proved in test/e2e/plans-show-user-fields.test.ts; the saved state of an earlier version
// in test/e2e/saved-state.test.ts.
import * as pulumi from "@pulumi/pulumi";
import type { StepEventMetadata } from "@pulumi/pulumi/automation";
import { classifyStep } from "../../../provider/cli/drift/classify";
import { BINDINGS } from "../../../provider/engine/bindings";
import { createKeyOf, stripEngineKeys } from "../../../provider/engine/engine-inputs";
import { replaceOnChange, withReplaceOnChanges } from "../../../provider/engine/replace-on-changes";
import { ResourceEngine } from "../../../provider/engine/resource-engine";
import { alreadyValidated, checksFingerprint } from "../../../provider/engine/validated-by";
import { SHAPES } from "../../../provider/shapes";
import {
  CONNECTION_INPUT,
  CREATE_KEY_INPUT,
  REPLACE_ON_CHANGES_INPUT,
  VALIDATED_BY_INPUT,
} from "../../../provider/shapes/reserved";

type Props = Record<string, unknown>;

const role = { name: "Support", slug: "support", permissions: ["thread_read"] };
/** The plumbing as a state written by an earlier version records it. */
const FORMER = { tcsCreateKey: "0f9b7c1d", tcsValidatedBy: "0123456789abcdef", tcsReplaceOnChanges: ["name"] };

describe("plumbing inputs", () => {
  const registered: Props[] = [];

  beforeAll(() => {
    pulumi.runtime.setMocks(
      {
        newResource: (args) => {
          registered.push(args.inputs);
          return { id: `${args.name}-id`, state: args.inputs };
        },
        call: (args) => args.inputs,
      },
      "project",
      "stack",
      true,
    );
  });

  it("the program sends its plumbing under `__` names only, and the connection, a user field, under its own", async () => {
    // Loaded after the mocks are set, as Pulumi's unit-testing guide says.
    const tcs = await import("../../../provider/index");
    const declared = { ...role, connection: "staging" };
    const resource = new tcs.Role("support", declared, { replaceOnChanges: ["name"] });
    await new Promise((resolve) => resource.urn.apply(resolve));
    const [inputs] = registered;
    const sent = Object.keys(inputs).filter((key) => !Object.hasOwn(declared, key));
    expect(sent.sort()).toEqual(["__provider", CREATE_KEY_INPUT, REPLACE_ON_CHANGES_INPUT].sort());
    expect(sent.every((key) => key.startsWith("__"))).toBe(true);
    expect(inputs[CONNECTION_INPUT]).toBe("staging");
    expect(inputs[CREATE_KEY_INPUT]).toMatch(/^[0-9a-f]{32}$/);
  });

  it("check records the fingerprint under its `__` name", async () => {
    const engine = new ResourceEngine(
      BINDINGS.Role,
      () => {
        throw new Error("check of these inputs sends nothing");
      },
      () => undefined,
    );
    const checked = await engine.check({}, { ...role, [CREATE_KEY_INPUT]: "k" });
    expect(
      Object.keys(checked.inputs ?? {})
        .filter((key) => !Object.hasOwn(role, key))
        .sort(),
    ).toEqual([CREATE_KEY_INPUT, VALIDATED_BY_INPUT].sort());
    expect(VALIDATED_BY_INPUT.startsWith("__")).toBe(true);
  });

  it("the plugin reads the former names: the create key (the same marker), replaceOnChanges, and none is a declared field", () => {
    expect(createKeyOf({ ...role, ...FORMER })).toBe(FORMER.tcsCreateKey);
    expect(createKeyOf({ ...role, [CREATE_KEY_INPUT]: FORMER.tcsCreateKey })).toBe(FORMER.tcsCreateKey);
    expect(
      stripEngineKeys({
        ...role,
        ...FORMER,
        [CREATE_KEY_INPUT]: "k",
        [VALIDATED_BY_INPUT]: "f",
        [REPLACE_ON_CHANGES_INPUT]: ["name"],
        __provider: "p",
        connection: "c",
      }),
    ).toEqual(role);
    expect(replaceOnChange("name", role, { ...role, name: "Renamed", tcsReplaceOnChanges: ["name"] })).toBe(true);
    expect(withReplaceOnChanges(SHAPES.Role.rules, { tcsReplaceOnChanges: ["name"] }).name.onChange).toBe("replace");
  });

  it("a fingerprint recorded under its former name counts as not validated", () => {
    const recorded = { ...role, [CREATE_KEY_INPUT]: "k", tcsValidatedBy: checksFingerprint() };
    expect(alreadyValidated(recorded, { ...role, [CREATE_KEY_INPUT]: "k" })).toBe(false);
    expect(
      alreadyValidated(
        { ...role, [CREATE_KEY_INPUT]: "k", [VALIDATED_BY_INPUT]: checksFingerprint() },
        { ...role, [CREATE_KEY_INPUT]: "k" },
      ),
    ).toBe(true);
  });

  it("pulumi-tcs drift lists no plumbing as a change, under either name", () => {
    const type = "pulumi-nodejs:dynamic/tcs:Role";
    const urn = `urn:pulumi:prod::tcs::${type}::support`;
    const outputs = { ...role, description: null, isDefault: false, createdAt: "t0", updatedAt: "t0" };
    // Outputs of an older version that carried the plumbing, refreshed by one that records it under `__` names.
    const before = { ...outputs, ...FORMER };
    const after = {
      ...outputs,
      [CREATE_KEY_INPUT]: "k",
      [VALIDATED_BY_INPUT]: "f",
      [REPLACE_ON_CHANGES_INPUT]: ["name"],
    };
    const state = (props: Props) => ({
      type,
      urn,
      custom: true,
      id: "rol_1",
      inputs: { ...role, ...FORMER },
      outputs: props,
    });
    const step = {
      op: "same",
      urn,
      type,
      old: state(before),
      new: state(after),
      provider: "",
    } as unknown as StepEventMetadata;
    expect(classifyStep(step)).toEqual({});
  });
});
