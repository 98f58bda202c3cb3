// An account of 300 objects, as a team adopting it would have one: with the emulator's fixtures (4
// configs, an instance), 150 configs, one callback with 80 instances (each on its own config) and 69
// custom roles. Each of its scopes takes one list page of 100 but the configs' (two), so reading all
// of it at the batched floor costs a handful of requests, as a refresh of the stack holding it does.
import type { RunningEmulator } from "pulumi-tcs/emulator";
import { api } from "./tcs-stack";

/** The objects made here; with the fixtures, the account holds 300. */
const MADE = { configs: 146, instances: 79, roles: 69 };
export const ACCOUNT_OBJECTS = 300;

/** Makes the account's objects through the API; `tag` keeps role slugs apart between accounts of one emulator. */
export async function makeAdoptionAccount(emulator: RunningEmulator, tag: string): Promise<void> {
  const configs: string[] = [];
  for (let i = 0; i < MADE.configs; i++) {
    const config = await api(emulator, "POST", "/provider-configs", {
      provider_id: "prov_github00000000000000",
      name: `${tag} config ${i}`,
      value: { base_url: "https://api.github.com", timeout_seconds: 30 },
    });
    configs.push(config.id as string);
  }
  const callback = await api(emulator, "POST", "/callbacks", {
    integration_provider_id: "intp_github00000000000000",
    name: `${tag} events`,
  });
  for (let i = 0; i < MADE.instances; i++) {
    await api(emulator, "POST", `/callbacks/${callback.id}/instances`, {
      provider_config_id: configs[i],
      provider_auth_config_id: "pac_githuboauth000000000",
    });
  }
  for (let i = 0; i < MADE.roles; i++) {
    await api(emulator, "POST", "/roles", {
      name: `${tag} role ${i}`,
      slug: `${tag}-role-${i}`,
      permissions: ["thread_read"],
    });
  }
}
