// The resource calls of the native door: check, diff, create, read, update and delete, each turned
// from the engine's request into a call of the same engine core the dynamic door calls
// (engine/resource-engine.ts), and its answer back. Nothing about a resource's behaviour is
// decided here: the door adds what the dynamic door's program would have sent (the identity inputs,
// identity.ts), marks secret properties secret (properties.ts), and spells the core's diff the way
// this protocol shows it (a detailed diff naming each field and whether it replaces).
import { CREATE_KEY_INPUT, PLUMBING_INPUTS, SAME_KEY_AS_INPUT } from "../shapes/reserved";
import type { ResourceKind, ShapeRules } from "../shapes/shape";
import { SHAPES } from "../shapes";
import { kindOfNativeToken } from "../type-tokens";
import type { EngineDiff } from "../engine/planner";
import type { ProviderMethods } from "../engine/resource-engine";
import { namedConnectionMove } from "./dynamic-door-move";
import { EngineReplacements } from "./engine-replacements";
import { HeldIds, importRefusal, sharedIdRefusal } from "./held-ids";
import { createKeyOfUrn } from "../shapes/identity";
import { NaturalKeys } from "./identity";
import { withSecrets, type Props } from "./properties";

/** How a field differs, as the protocol's PropertyDiff.Kind names it. */
export type FieldChange = "add" | "delete" | "update";

export interface DetailedDiff {
  changes: boolean;
  replaces: string[];
  deleteBeforeReplace: boolean;
  fields: Record<string, { change: FieldChange; replaces: boolean }>;
}

export class ResourceCalls {
  private readonly naturalKeys = new NaturalKeys();
  private readonly heldIds = new HeldIds();
  private readonly replacements = new EngineReplacements();
  /** The URN of each resource checked, by its create key: a DiffRequest's inputs carry the key that check added. */
  private readonly urnOfKey = new Map<string, string>();

  constructor(private readonly engineFor: (kind: ResourceKind) => ProviderMethods) {}

  async check(
    type: string,
    urn: string,
    olds: Props,
    news: Props,
  ): Promise<{ inputs: Props; failures: { property: string; reason: string }[] }> {
    const kind = kindOfNativeToken(type);
    const shape = SHAPES[kind] as ShapeRules<Props>;
    const moved = namedConnectionMove(olds);
    if (moved) return { inputs: withSecrets(news, shape.secretInputs), failures: [moved] };
    const identified = this.naturalKeys.identify(urn, kind, shape, news);
    this.urnOfKey.set(identified[CREATE_KEY_INPUT] as string, urn);
    const engine = this.engineFor(kind);
    const result = await engine.check(olds, identified);
    const failures = result.failures ?? [];
    // No olds for a resource this process diffed: the engine checks the replacement it planned.
    const replaced = Object.keys(olds).length === 0 ? this.replacements.replacing(urn) : undefined;
    if (replaced && failures.length === 0)
      failures.push(...engine.checkReplacement(replaced.id, replaced.olds, identified, replaced.changed));
    const { [SAME_KEY_AS_INPUT]: _other, ...inputs } = (result.inputs ?? news) as Props;
    return { inputs: withSecrets(inputs, shape.secretInputs), failures };
  }

  async diff(type: string, id: string, olds: Props, news: Props): Promise<DetailedDiff> {
    const kind = kindOfNativeToken(type);
    const diff = await this.engineFor(kind).diff(id, olds, news);
    const urn = this.urnOfKey.get(news[CREATE_KEY_INPUT] as string);
    if (urn !== undefined) {
      const holder = this.heldIds.claim(kind, id, urn, "state");
      if (holder) throw new Error(sharedIdRefusal(kind, id, urn, holder));
      this.replacements.rememberDiff(urn, SHAPES[kind] as ShapeRules<Props>, id, olds, diff.changed);
    }
    return detailed(diff, olds, news);
  }

  async create(type: string, urn: string, inputs: Props): Promise<{ id: string; outputs: Props }> {
    const kind = kindOfNativeToken(type);
    const created = await this.engineFor(kind).create(withIdentity(urn, inputs), urn);
    return { id: created.id, outputs: this.outputs(kind, created.outs ?? {}) };
  }

  /**
   * Refresh, or `pulumi import` when the engine knows nothing of the object yet (no properties).
   * `imported`: the engine sent no properties at all, as an import does (the read of a `get` sends the
   * properties it declares, none or some): the object becomes the resource's, so no other resource of
   * this run may hold it.
   */
  async read(
    type: string,
    urn: string,
    id: string,
    props: Props,
    inputs: Props,
    imported = false,
  ): Promise<{ id?: string; outputs?: Props; inputs?: Props }> {
    const kind = kindOfNativeToken(type);
    const engine = this.engineFor(kind);
    const importing = Object.keys(props).length === 0;
    const result = importing ? await engine.readForImport(id, urn) : await engine.read(id, props, urn);
    // No id: the object is gone, and the engine drops it from state.
    if (!result.id) return {};
    if (imported) {
      const holder = this.heldIds.claim(kind, result.id, urn, "import");
      if (holder) throw new Error(importRefusal(kind, result.id, urn, holder));
    }
    // Refreshed inputs only when a declared field changed by hand (or on import); otherwise those
    // recorded stand as they are, the identity inputs check added among them.
    const declared = result.inputs ? this.inputs(kind, result.inputs) : withSecrets(inputs, SHAPES[kind].secretInputs);
    return { id: result.id, outputs: this.outputs(kind, result.props ?? {}), inputs: declared };
  }

  async update(type: string, urn: string, id: string, olds: Props, news: Props): Promise<Props> {
    const kind = kindOfNativeToken(type);
    const updated = await this.engineFor(kind).update(id, olds, withIdentity(urn, news));
    return this.outputs(kind, updated.outs ?? {});
  }

  async delete(type: string, urn: string, id: string, props: Props): Promise<void> {
    await this.engineFor(kindOfNativeToken(type)).delete(id, props, urn);
  }

  private outputs(kind: ResourceKind, outs: Props): Props {
    return withSecrets(outs, SHAPES[kind].secretOutputs);
  }

  /** Inputs as the engine records them, and `pulumi import` writes them as code: the declared fields alone. */
  private inputs(kind: ResourceKind, inputs: Props): Props {
    const declared = Object.fromEntries(Object.entries(inputs).filter(([key]) => !PLUMBING_INPUTS.includes(key)));
    return withSecrets(declared, SHAPES[kind].secretInputs);
  }
}

/** The inputs with the resource's identity (recorded by check; derived again for a state written without it). */
function withIdentity(urn: string, inputs: Props): Props {
  return inputs[CREATE_KEY_INPUT] === undefined ? { ...inputs, [CREATE_KEY_INPUT]: createKeyOfUrn(urn) } : inputs;
}

/** The core's diff with each differing field said as added, deleted or updated, and whether it replaces. */
function detailed(diff: EngineDiff, olds: Props, news: Props): DetailedDiff {
  const fields: DetailedDiff["fields"] = {};
  for (const name of diff.changed) {
    const change: FieldChange = olds[name] === undefined ? "add" : news[name] === undefined ? "delete" : "update";
    fields[name] = { change, replaces: (diff.replaces ?? []).includes(name) };
  }
  return {
    changes: diff.changes === true,
    replaces: diff.replaces ?? [],
    deleteBeforeReplace: diff.deleteBeforeReplace === true,
    fields,
  };
}
