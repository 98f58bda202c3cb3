// The schema's config variables and an explicit provider's inputs, the same, from provider/settings/declaration.ts.
// No `defaultInfo`: the generated SDKs would read the variable and pass it as the provider's input, kept in
// state, and an API key read that way is not even marked secret. The plugin reads the variable itself.
import { SETTINGS } from "../../provider/settings";
import type { Properties } from "./pulumi-types";

export const PROVIDER_SETTINGS: Properties = Object.fromEntries(
  Object.entries(SETTINGS).map(([name, setting]) => {
    const unset = "unsetMeans" in setting ? `; ${setting.unsetMeans} when neither is` : "";
    const description = `${setting.description} Read from \`${setting.variable}\` when not set${unset}.`;
    return [name, { type: "string", description, ...("secret" in setting ? { secret: true } : {}) }];
  }),
);

export const PROVIDER_DESCRIPTION =
  "The provider type for the tcs package. A provider is one environment of the service (one API key and base URL): declare one explicit provider per environment to manage several in one program.";
