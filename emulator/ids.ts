import { randomBytes } from "node:crypto";

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
export const ID_BODY_LENGTH = 20;

/** Record id prefixes (docs/service.md, "Wire conventions", plus the few it leaves to us). */
export const PREFIX = {
  callback: "cb_",
  callbackInstance: "cbi_",
  callbackInstanceTrigger: "cbit_",
  callbackEvent: "cbe_",
  providerConfig: "pcfg_",
  configVault: "pcvt_",
  setupSession: "iss_",
  role: "rol_",
  customProvider: "cprov_",
  customProviderEnvironment: "cpenv_",
  customProviderDeployment: "cpd_",
  customProviderVersion: "cpv_",
  customProviderDeploymentStep: "cpds_",
  customProviderActor: "cpact_",
  organizationActor: "oact_",
  bucket: "bkt_",
  scmProvider: "scmp_",
  scmRepository: "repo_",
  scmPush: "push_",
  scmActor: "scma_",
  scmCommit: "scmc_",
  provider: "prov_",
  providerVersion: "pver_",
  providerSpecification: "pspec_",
  providerTrigger: "ptrg_",
  providerDeployment: "pdep_",
  authConfig: "pac_",
  integration: "int_",
  integrationProvider: "intp_",
  integrationInstance: "inst_",
  environment: "env_",
  request: "req_",
} as const;

/** `length` characters drawn uniformly from base62 (rejection sampling keeps it unbiased). */
export function randomBase62(length: number): string {
  let out = "";
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248) out += BASE62[byte % 62];
      if (out.length === length) break;
    }
  }
  return out;
}

export function newId(prefix: string): string {
  return prefix + randomBase62(ID_BODY_LENGTH);
}

/** A readable fixture id that is still valid: the name padded with zeros to 20 base62 characters. */
export function fixtureId(prefix: string, name: string): string {
  if (!/^[A-Za-z0-9]{1,20}$/.test(name)) throw new Error(`fixture id name must be 1-20 base62 characters: ${name}`);
  return prefix + name.padEnd(ID_BODY_LENGTH, "0");
}

/** Capability tokens (webhook and setup URLs): long enough that nobody guesses one. */
export function newToken(): string {
  return randomBase62(40);
}
