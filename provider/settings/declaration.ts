// The provider's settings, each declared once, as pulumi-go-provider's `infer` reads a provider's config
// from one struct. Reading, validation and its messages (read.ts), the owners' fixes (owner.ts), named
// connections, the native door's CheckConfig, and the schema's config section (so every SDK and the
// settings' table in docs/reference/) all come from here. No other source file spells a setting's config
// key or variable: test/unit/provider/settings.test.ts holds them to it. docs/adding-a-resource.md#add-a-setting.
import type { RateLimitTier } from "../../sdk";
import { DEFAULT_TIER, parseTier, TIER_FORMS } from "./tier";
import { baseUrlProblem, FIRST_SERVICE_VERSION, serviceVersionRefusal, type Refusal } from "./values";

interface Setting<T> {
  /** The environment variable the default connection falls back to. */
  readonly variable: string;
  readonly description: string;
  /** The value a client applies when neither the config nor the variable sets it. */
  readonly default?: T;
  /** What applies when unset, as the description says it, when the SDK chooses it. */
  readonly unsetMeans?: string;
  /** What a fix sets a missing or refused value to: a placeholder, or the usual value. */
  readonly fix: string;
  /** Kept secret: in state, in the schema, and never printed. */
  readonly secret?: true;
  /** Chooses which environment a provider reaches: a change of it may move its resources. */
  readonly environment?: true;
  /** The value the text names, or why it names none: a refused text fails the read. */
  readonly parse?: (text: string) => T | { problem: string };
  /** Why a value that reads cannot be used, judged before any request. */
  readonly check?: (text: string) => Refusal | undefined;
}

const declare = <T = string>(setting: Setting<T>) => setting;

export const SETTINGS = {
  apiKey: declare({
    variable: "TCS_API_KEY",
    description: "The Tool Connectivity Service API key (`service_sk_...`).",
    fix: "service_sk_...",
    secret: true,
    environment: true,
  }),
  baseUrl: declare({
    variable: "TCS_BASE_URL",
    description:
      "The base URL of the service's API, an absolute `https://` URL (plain `http://` only for a loopback host, such as a local emulator), with no query string or fragment.",
    fix: "https://...",
    environment: true,
    check: baseUrlProblem,
  }),
  serviceVersion: declare({
    variable: "TCS_SERVICE_VERSION",
    description: `The API version to request: the date of a published version, written YYYY-MM-DD (\`${FIRST_SERVICE_VERSION}\` or later).`,
    unsetMeans: "the SDK's default version",
    fix: FIRST_SERVICE_VERSION,
    check: serviceVersionRefusal,
  }),
  rateLimitTier: declare<RateLimitTier>({
    variable: "TCS_RATE_LIMIT_TIER",
    description: `How fast requests are paced: ${TIER_FORMS}.`,
    default: DEFAULT_TIER,
    fix: "production",
    parse: parseTier,
  }),
};

export type SettingName = keyof typeof SETTINGS;

/** The settings' values as read: the text, or what the setting's grammar parses it into. */
export type ProviderSettings = {
  [K in SettingName]?: (typeof SETTINGS)[K] extends Setting<infer T> ? T : never;
};

export const SETTING_NAMES = Object.keys(SETTINGS) as SettingName[];

/** Each setting's declaration, for the code that treats them all alike. */
export const settingOf = (name: SettingName): Setting<unknown> => SETTINGS[name];

export const SECRET_SETTINGS: readonly SettingName[] = SETTING_NAMES.filter((name) => settingOf(name).secret);

export const ENVIRONMENT_SETTINGS: readonly SettingName[] = SETTING_NAMES.filter((name) => settingOf(name).environment);
