// The provider's settings, one room: the declaration (declaration.ts) and what derives from it. Loads no
// package and no file of the SDK; the client and the tier advice (client.ts), which need it, are
// imported by their own path, by the code that makes requests.
export { ENVIRONMENT_SETTINGS, SECRET_SETTINGS, SETTING_NAMES, SETTINGS, type ProviderSettings, type SettingName } from "./declaration";
export { CONNECTIONS_KEY, configKey, settingOfConfigKey, SettingsOwner } from "./owner";
export { missingSettings, parseSetting, readSettings, settingValueProblem, type ConfigSource } from "./read";
export {
  connectionNameProblem,
  DEFAULT_CONNECTION_LABEL,
  missingConnectionSettings,
  readConnections,
  settingsFor,
  type ConnectionSettings,
} from "./connections";
export { formatRateLimitTier, parseTier } from "./tier";
export { baseUrlProblem } from "./values";
export type { RateLimitTier } from "../../sdk";
