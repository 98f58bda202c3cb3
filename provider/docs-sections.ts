// The docs sections a message may send the user to: one list, so a message cannot name a section
// that is not here, and test/unit/provider/docs-sections.test.ts fails when a heading it names is
// renamed or gone. Imports nothing: every layer's messages use it.

export const DOCS_SECTIONS = [
  "docs/adoption.md#not-in-state",
  "docs/adoption.md#what-is-not",
  "docs/guide.md#configuration",
  "docs/guide.md#moving-a-stack-to-another-backend",
  "docs/guide.md#tcscallback",
  "docs/guide.md#tcscallbackinstance",
  "docs/guide.md#tcsintegrationsetupsession",
  "docs/guide.md#tcsproviderconfig",
  "docs/guide.md#tcsrole",
  "docs/troubleshooting.md#429-rate_limited",
  "docs/troubleshooting.md#a-create-the-service-commits-late",
  "docs/troubleshooting.md#an-id-the-service-would-refuse-at-preview",
  "docs/troubleshooting.md#lives-in-another-environment",
  "docs/troubleshooting.md#orphans",
] as const;

/** A section of the repository's docs, as a message names it: `docs/<file>.md#<anchor>`. */
export type DocsSection = (typeof DOCS_SECTIONS)[number];
