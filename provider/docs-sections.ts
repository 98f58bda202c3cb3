// The docs sections a message may send the user to: one list, so a message cannot name a section
// that is not here, and test/unit/provider/diagnostic.test.ts fails when a heading it names is
// renamed or gone. Imports nothing: every layer's messages use it.

export const DOCS_SECTIONS = [
  "docs/adoption.md#adopting-an-existing-environment",
  "docs/adoption.md#interrupted-creates-what-is-recovered-and-what-asks-you",
  "docs/adoption.md#into-a-program-that-reaches-several-environments",
  "docs/adoption.md#not-import-adoptid",
  "docs/adoption.md#not-in-state",
  "docs/adoption.md#what-is-not",
  "docs/guide.md#configuration",
  "docs/guide.md#moving-a-stack-to-another-backend",
  "docs/guide.md#named-connections-several-environments-in-one-program",
  "docs/guide.md#resources",
  "docs/guide.md#tcscallback",
  "docs/guide.md#tcscallbackinstance",
  "docs/guide.md#tcsintegrationsetupsession",
  "docs/guide.md#tcsproviderconfig",
  "docs/guide.md#tcsrole",
  "docs/native-provider.md#import",
  "docs/native-provider.md#on-a-named-connection",
  "docs/native-provider.md#settings-and-several-environments",
  "docs/troubleshooting.md#400-unsupported_version",
  "docs/troubleshooting.md#401-unauthorized",
  "docs/troubleshooting.md#403-forbidden--use-a-secret-key",
  "docs/troubleshooting.md#429-rate_limited",
  "docs/troubleshooting.md#a-create-the-service-commits-late",
  "docs/troubleshooting.md#a-replacement-collides-with-the-object-it-replaces",
  "docs/troubleshooting.md#a-setup-session-left-as-it-is",
  "docs/troubleshooting.md#errors-from-the-service",
  "docs/troubleshooting.md#ids-checked-at-preview",
  "docs/troubleshooting.md#lives-in-another-environment",
  "docs/troubleshooting.md#looking-for-a-lost-create-failed",
  "docs/troubleshooting.md#no-object-was-created-run-pulumi-up-again",
  "docs/troubleshooting.md#orphans",
  "docs/troubleshooting.md#the-create-intent-store",
] as const;

/** A section of the repository's docs, as a message names it: `docs/<file>.md#<anchor>`. */
export type DocsSection = (typeof DOCS_SECTIONS)[number];

/** The guide's section of each resource kind (its inputs, what the API cannot do to it), by the kind's name. */
export const KIND_SECTIONS = {
  Callback: "docs/guide.md#tcscallback",
  CallbackInstance: "docs/guide.md#tcscallbackinstance",
  IntegrationSetupSession: "docs/guide.md#tcsintegrationsetupsession",
  ProviderConfig: "docs/guide.md#tcsproviderconfig",
  Role: "docs/guide.md#tcsrole",
} as const satisfies Record<string, DocsSection>;
