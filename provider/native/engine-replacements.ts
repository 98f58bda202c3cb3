// Replacements the engine plans by itself. On this door Pulumi applies `replaceOnChanges` to the
// fields the provider's diff reports as changed, and is not told the option (a DiffRequest carries
// only ignoreChanges): the diff plans an update, the engine makes it a replacement. It then checks
// the replacement's inputs again, with no olds (v3.259 step_generator.go, before the replacement's
// steps), so that check is the provider's one chance to refuse the replacement at preview. This
// remembers, from the diff, what that check needs: the object's id, its unique key as recorded, and
// the fields diff reported. Only for kinds whose replacement can be impossible (a unique key the API
// cannot delete the holder of: a role's slug), and little of each, so a run of many resources keeps
// no more than a few strings a role.
import { CONNECTION_INPUT } from "../shapes/reserved";
import type { ShapeRules } from "../shapes/shape";
import type { Props } from "./properties";

export interface DiffedObject {
  id: string;
  /** The recorded outputs that decide whether a replacement keeps the unique key. */
  olds: Props;
  /** The fields diff reported as changed. */
  changed: readonly string[];
}

export class EngineReplacements {
  private readonly objects = new Map<string, DiffedObject>();

  /** After a diff of resource `urn`: kept when a replacement of it could be one the service cannot make. */
  rememberDiff(urn: string, shape: ShapeRules<Props>, id: string, olds: Props, changed: readonly string[]): void {
    const key = shape.uniqueKey;
    if (key === undefined || !shape.undeletable) return;
    const kept: Props = { [key]: olds[key] };
    if (olds[CONNECTION_INPUT] !== undefined) kept[CONNECTION_INPUT] = olds[CONNECTION_INPUT];
    this.objects.set(urn, { id, olds: kept, changed });
  }

  /**
   * At a check of resource `urn` with no olds: when this process diffed it, the check is the
   * engine's of the replacement it planned (a new resource is checked once, before any diff).
   */
  replacing(urn: string): DiffedObject | undefined {
    const found = this.objects.get(urn);
    this.objects.delete(urn);
    return found;
  }
}
