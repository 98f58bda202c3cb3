// What the dynamic door's program sends the engine core as hidden inputs, the native door derives
// from the URN the engine hands it with every call: the resource's identity, from which its create
// marker is made (dynamic/create-key.ts on the other door), and which other resource of the program
// declares the same natural key (dynamic/one-owner.ts on the other door).
import { createKeyOfUrn, naturalKeyClaim } from "../shapes/identity";
import { isUnknown } from "../shapes/normalize";
import { CREATE_KEY_INPUT, SAME_KEY_AS_INPUT } from "../shapes/reserved";
import type { ShapeRules } from "../shapes/shape";
import type { Props } from "./properties";

/**
 * The natural keys the resources checked in this process declare, per kind: the first resource to
 * declare one owns it, and any other declaring it is told whom it collides with (the core's check
 * then refuses it, naming both). One process serves one provider, so one environment.
 */
export class NaturalKeys {
  private readonly owners = new Map<string, string>();

  /** The inputs with the identity inputs the core reads added. */
  identify(urn: string, kind: string, shape: ShapeRules<Props>, news: Props): Props {
    const inputs: Props = { ...news, [CREATE_KEY_INPUT]: createKeyOfUrn(urn) };
    const other = this.claim(urn, kind, shape, news);
    // Its URN, from which the core's refusal names it as this door declares it (`tcs:index:Role "ops"`).
    if (other) inputs[SAME_KEY_AS_INPUT] = other;
    return inputs;
  }

  private claim(urn: string, kind: string, shape: ShapeRules<Props>, news: Props): string | undefined {
    const fields = shape.naturalKey;
    // A value not known yet (preview) or not a plain value claims nothing.
    if (
      !fields ||
      fields.some((field) => isUnknown(news[field]) || (typeof news[field] === "object" && news[field] !== null))
    )
      return undefined;
    const key = naturalKeyClaim(
      kind,
      null,
      fields.map((field) => news[field]),
    );
    const owner = this.owners.get(key);
    if (owner === undefined) this.owners.set(key, urn);
    return owner !== undefined && owner !== urn ? owner : undefined;
  }
}
