// What the engine answers each call with, in its own words. Each door maps them to its protocol: the
// dynamic door hands them to @pulumi/pulumi's dynamic-provider host (whose results have these fields),
// the native door turns them into the gRPC messages of the provider protocol (native/resource-calls.ts).
import type { Props } from "./engine-inputs";

/** An input the engine refuses, with the reason the user reads; `property` empty for the resource as a whole. */
export interface CheckFailure {
  readonly property: string;
  readonly reason: string;
}

/** The inputs as the engine records them (plumbing added), and what is wrong with them. */
export interface Checked {
  readonly inputs?: Props;
  readonly failures?: CheckFailure[];
}

/** What changed between the recorded and the declared inputs, and how it is carried out. */
export interface Diffed {
  readonly changes?: boolean;
  /** The fields whose change replaces the object. */
  readonly replaces?: string[];
  /** The new object can only be made once the old one is gone (a key the service keeps unique). */
  readonly deleteBeforeReplace?: boolean;
  /** Every field that differs, for a door that shows a detailed diff (the native one). */
  readonly changed: string[];
}

/** The object a create made or took over. */
export interface Created {
  readonly id: string;
  readonly outs: Props;
}

/** The object as it is now; no id: it is gone. `inputs` only when the declared fields changed by hand (or on import). */
export interface Read {
  readonly id?: string;
  readonly props?: Props;
  readonly inputs?: Props;
}

/** The object after an update. */
export interface Updated {
  readonly outs: Props;
}
