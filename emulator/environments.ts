import { fixtureId, PREFIX } from "./ids";

export interface EnvironmentKeys {
  secret: string;
  /** Another secret key of the same environment, as a key rotation leaves two for a while. */
  secondSecret: string;
  publishable: string;
}

export type EnvironmentType = "development" | "production";

export interface Environment {
  id: string;
  type: EnvironmentType;
  keys: EnvironmentKeys;
}

/**
 * Well-known keys of the emulator's default project. They are valid on the emulator only (the real
 * service never issued them), so they can live in docs, tests and examples.
 */
export const TEST_KEYS: { development: EnvironmentKeys; production: EnvironmentKeys } = {
  development: {
    secret: "service_sk_emulator_dev_00000000000000000000",
    secondSecret: "service_sk_emulator_dev_second_0000000000000",
    publishable: "service_pk_emulator_dev_00000000000000000000",
  },
  production: {
    secret: "service_sk_emulator_prod_0000000000000000000",
    secondSecret: "service_sk_emulator_prod_second_000000000000",
    publishable: "service_pk_emulator_prod_0000000000000000000",
  },
};

export const ENVIRONMENTS: Environment[] = [
  { id: fixtureId(PREFIX.environment, "development"), type: "development", keys: TEST_KEYS.development },
  { id: fixtureId(PREFIX.environment, "production"), type: "production", keys: TEST_KEYS.production },
];

export type KeyType = "secret" | "publishable";

export interface Caller {
  environment: Environment;
  keyType: KeyType;
  /** The key itself: each key has its own rate-limit window. */
  key: string;
}

/** What a key of the right shape looks like; anything else is a 401 without a lookup. */
const KEY_SHAPE = /^service_(sk|pk)_[A-Za-z0-9_]{8,200}$/;

const callersByKey = new Map<string, Caller>();
for (const environment of ENVIRONMENTS) {
  for (const key of [environment.keys.secret, environment.keys.secondSecret])
    callersByKey.set(key, { environment, keyType: "secret", key });
  callersByKey.set(environment.keys.publishable, {
    environment,
    keyType: "publishable",
    key: environment.keys.publishable,
  });
}

export type KeyLookup = { ok: true; caller: Caller } | { ok: false; reason: "missing" | "malformed" | "unknown" };

/** Resolves an `Authorization` header to the environment and key type it belongs to. */
export function identifyCaller(authorization: string | undefined): KeyLookup {
  if (authorization === undefined || authorization.trim() === "") return { ok: false, reason: "missing" };
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
  if (!match || !KEY_SHAPE.test(match[1])) return { ok: false, reason: "malformed" };
  const caller = callersByKey.get(match[1]);
  return caller ? { ok: true, caller } : { ok: false, reason: "unknown" };
}
