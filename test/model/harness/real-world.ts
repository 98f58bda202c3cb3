// The commands of the real world (issues 45 and 51), with their weights in quarters of the other
// commands' (commandArbitraries): another stack on the account (and an object of it handed over to
// this one), objects made by hand, runs on a fresh machine, keys rotated within their environment or
// moved to another,
// replaceOnChanges on kinds whose natural key the service keeps unique, a twin stack (the same project
// and stack name in another backend), and `pulumi state delete`. Each a quarter to three quarters as
// often as the rarest command there, so that `npm test`'s model run keeps its time; half the slow
// creates of oneObjectCommands are a fresh runner's too.
import fc from "fast-check";
import { HandMadeCollision } from "./by-hand";
import { KeyMovedToOtherEnvironment } from "./environment-move";
import { FRESH_KINDS, UnfinishedCreateThenUp } from "./fresh-runner";
import { AdoptFromOtherStack, OtherStackClaims, OtherStackDeclares } from "./other-stack";
import { SLOTS } from "./program";
import type { Command } from "./real";
import { RotateKey } from "./rotation";
import { StateDeleteThenUp } from "./state-delete";
import { TwinStackUp } from "./twin-stack";
import { CallbackRenamedUnderReplaceOnChanges, RoleKeepsSlugUnderReplaceOnChanges } from "./unique-keys";
import type { Connection } from "./world";

export function realWorldCommands(options: { faults: boolean; realEngine?: boolean }): fc.WeightedArbitrary<Command>[] {
  // The real engine runs them in a fixed sequence per door (test/long/model-engine.test.ts): its random
  // sequences, at four commands, would seldom reach them, and each costs several runs of the engine.
  if (options.realEngine) return [];
  const variant = fc.nat({ max: 7 });
  const connection = fc.constantFrom<Connection>(undefined, "prod");
  const keyed = fc.constantFrom<"Role" | "Callback" | "CallbackInstance">("Role", "Callback", "CallbackInstance");
  const commands: fc.WeightedArbitrary<Command>[] = [
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.constantFrom<OtherStackDeclares["slot"]>("roleA", "cbA", "pcA", "instA"),
          variant,
          connection,
          fc.nat({ max: 3 }),
        )
        .map(([slot, v, c, r]) => new OtherStackDeclares(slot, v, c, r === 0)),
    },
    { weight: 2, arbitrary: fc.tuple(keyed, variant).map(([kind, v]) => new OtherStackClaims(kind, v)) },
    {
      weight: 2,
      arbitrary: fc.tuple(keyed, variant, connection).map(([kind, v, c]) => new HandMadeCollision(kind, v, c)),
    },
    { weight: 1, arbitrary: connection.map((c) => new RotateKey(c)) },
    { weight: 1, arbitrary: connection.map((c) => new KeyMovedToOtherEnvironment(c)) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(fc.constantFrom<"cbA" | "cbB">("cbA", "cbB"), variant)
        .map(([slot, v]) => new CallbackRenamedUnderReplaceOnChanges(slot, v)),
    },
    // A role slot without adoptId is rarer than a callback slot without one: more often.
    {
      weight: 3,
      arbitrary: fc
        .tuple(fc.constantFrom<"roleA" | "roleB">("roleA", "roleB"), variant)
        .map(([slot, v]) => new RoleKeepsSlugUnderReplaceOnChanges(slot, v)),
    },
    { weight: 2, arbitrary: fc.constant(new TwinStackUp()) },
    // A slot that is declared and may be created as declared: not every slot drawn.
    { weight: 3, arbitrary: fc.constantFrom(...SLOTS).map((slot) => new StateDeleteThenUp(slot)) },
    // The other stack makes the object first where it holds none: it seldom finds nothing to hand over.
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom<AdoptFromOtherStack["slot"]>("cbA", "pcA"), variant, connection)
        .map(([slot, v, c]) => new AdoptFromOtherStack(slot, v, c)),
    },
  ];
  if (options.faults) {
    commands.push({
      weight: 3,
      // On a fresh runner two times in three.
      arbitrary: fc
        .tuple(FRESH_KINDS, variant, connection, fc.nat({ max: 2 }))
        .map(([kind, v, c, fresh]) => new UnfinishedCreateThenUp(kind, v, c, fresh > 0)),
    });
  }
  return commands;
}
