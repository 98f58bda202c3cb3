// What the commands of the real world (issue 45: another stack on the account, objects made by hand,
// fresh runners, rotated keys, replaceOnChanges on unique keys; issue 51: a twin stack, `pulumi state
// delete`, adoption of another stack's object) saw happen, summed over a property run, so that a run
// proves each happened (lifecycle.test.ts fails when one is too rare).
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
  /**
   * An unfinished create's object met on a fresh runner, never taken over on a guess: refused naming
   * it and adoptId (a callback or config by its marker, a role or instance as declared), left as it
   * was, then claimed; a session, which blocks nothing, left beside a new one and named in a warning.
   */
  freshRunnerNotTakenOver: 0,
  /** A connection's key rotated within its environment: the next up wrote nothing. */
  keysRotated: 0,
  /** A connection's key moved to another environment: every run refused naming a resource, nothing written or dropped. */
  keysMovedRefused: 0,
  /** A role's replaceOnChanges replacement keeping its slug, refused at preview naming the fix. */
  roleKeptSlugRefused: 0,
  /** A callback renamed under replaceOnChanges: ["name"], replaced by a new one on its integration provider. */
  callbackReplacedOnName: 0,
  /** A twin stack's up of this stack's program: refused for this stack's objects it met, which stayed as they were. */
  twinStackRefused: 0,
  /** `pulumi state delete` of a resource (and its dependents), the next up refused naming each, then claimed: the same ids. */
  stateDeleteClaimed: 0,
  /** An object another stack holds adopted: warned about at preview, handed over by that stack's state delete, then adopted. */
  foreignAdoptionWarned: 0,
};

/**
 * What the model met along the way, printed with the counts above but not required of a run (it
 * depends on where the random sequences go): loose objects (loose.ts) met by upAndCheck's runs.
 */
export const looseCounts = {
  /** Creates refused for a loose callback or config carrying their marker (one a fresh runner left), then claimed with adoptId. */
  claimed: 0,
  /** Sessions made beside a loose session carrying their marker (one a stack let go of), which the run named in a warning. */
  sessionsBeside: 0,
};
