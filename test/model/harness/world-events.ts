// What the commands of the real world (issue 45: another stack on the account, objects made by hand,
// fresh runners, rotated keys, replaceOnChanges on unique keys) saw happen, summed over a property run,
// so that a run proves each happened (lifecycle.test.ts fails when one is too rare).
export const worldEventCounts = {
  /** Runs of the other stack on its own objects, converged, this stack's objects as they were. */
  otherStackRuns: 0,
  /** The other stack declaring a natural key this stack manages: refused naming the object and adoptId. */
  otherStackRefused: 0,
  /** A declaration colliding with an object made by hand: refused naming it and adoptId, the object as it was. */
  handMadeRefused: 0,
  /** ... then adopted by the adoptId the refusal named. */
  handMadeAdopted: 0,
  /** An unfinished create resumed on the same machine: what it made taken over. */
  resumedOnSameMachine: 0,
  /** An unfinished create's marked object met on a fresh runner: deleted and made anew (a session: made anew beside it). */
  freshRunnerRemade: 0,
  /** An unfinished create's role or instance met on a fresh runner: refused naming it, adoptId and pulumi refresh's pending creates. */
  freshRunnerRefused: 0,
  /** A connection's key rotated within its environment: the next up wrote nothing. */
  keysRotated: 0,
  /** A role's replaceOnChanges replacement keeping its slug, refused at preview naming the fix. */
  roleKeptSlugRefused: 0,
  /** A callback renamed under replaceOnChanges: ["name"], replaced by a new one on its integration provider. */
  callbackReplacedOnName: 0,
};
