// The provider's settings: the package's config variables (`tcs:apiKey` in stack config, for the
// default provider) and an explicit provider's inputs, which are the same four. Their meaning is
// provider/settings.ts's and config.ts's (and setting-values.ts's checks). Each falls back to an environment variable,
// read by the plugin itself. No `defaultInfo`: with it the generated SDKs read the variable and pass
// its value as the provider's input, which Pulumi keeps in state, and an API key read that way is not
// even marked secret (the SDKs wrap only a declared value).
import { SECRET_SETTINGS, SETTINGS, type SettingName } from "../../provider/settings";
import type { Properties, PropertySpec } from "./pulumi-types";

/** Each setting's schema; whether it is secret, and its variable, come from provider/settings.ts. */
const SETTING_SCHEMAS: Record<SettingName, Omit<PropertySpec, "secret">> = {
  apiKey: {
    type: "string",
    description: `The Tool Connectivity Service API key (\`service_sk_...\`). Read from \`${SETTINGS.apiKey}\` when not set.`,
  },
  baseUrl: {
    type: "string",
    description:
      "The base URL of the service's API, an absolute `https://` URL (plain `http://` only for a loopback host, such as a local emulator), with no query string or fragment. Read from `" +
      SETTINGS.baseUrl +
      "` when not set.",
  },
  serviceVersion: {
    type: "string",
    description:
      "The API version to request: the date of a published version, written YYYY-MM-DD (`2026-01-01` or later). Read from `" +
      SETTINGS.serviceVersion +
      "` when not set; the SDK's default version when neither is.",
  },
  rateLimitTier: {
    type: "string",
    description:
      "How fast requests are paced: `development` (the default), `production`, or a negotiated window written `<requests>/<seconds>s` (e.g. `1000/60s`). Read from `" +
      SETTINGS.rateLimitTier +
      "` when not set.",
  },
};

export const PROVIDER_SETTINGS: Properties = Object.fromEntries(
  Object.entries(SETTING_SCHEMAS).map(([name, schema]) => [name, SECRET_SETTINGS.includes(name as SettingName) ? { ...schema, secret: true } : schema]),
);

export const PROVIDER_DESCRIPTION =
  "The provider type for the tcs package. A provider is one environment of the service (one API key and base URL): declare one explicit provider per environment to manage several in one program.";
