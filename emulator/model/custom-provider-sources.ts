import { createHash } from "node:crypto";
import { CUSTOM_PROVIDERS, type CustomProviderFixture } from "../fixtures/catalog";
import { PREFIX } from "../ids";

/**
 * Where a custom provider deployment came from, in the shapes the service's own client declares
 * (test/golden/observed-records.md): who started it, the commit and push it built (scm
 * deployments only: a manual or system deployment has `commit: null` and `scm_push: null`), and the
 * immutable bucket holding its sources (linked to the repository when the custom provider has one).
 * Everything is derived from the deployment's id and fixture, so every answer repeats it exactly.
 */
export type Trigger = "manual" | "system" | "scm";

interface Release {
  id: string;
  custom_provider_id: string;
  trigger: Trigger;
  identifier: string;
  created_at: string;
}

/** The 20 characters after a record id's prefix: other ids of the same release reuse them. */
function body(id: string): string {
  return id.slice(id.indexOf("_") + 1);
}

function sha(id: string): string {
  return createHash("sha1").update(id).digest("hex");
}

export function customProviderFixture(customProviderId: string): CustomProviderFixture | undefined {
  return CUSTOM_PROVIDERS.find((c) => c.id === customProviderId);
}

/** Who made a deployment or version: a person (manual), the repository's pusher (scm) or the service. */
export function actorPreview(trigger: Trigger, createdAt: string) {
  const people = {
    manual: {
      type: "user",
      identifier: "ada@acme.example",
      name: "Ada Lovelace",
      organization_actor_id: `${PREFIX.organizationActor}${"ada".padEnd(20, "0")}`,
    },
    scm: { type: "scm", identifier: "github:ada-l", name: "ada-l", organization_actor_id: null },
    system: { type: "system", identifier: "system", name: "Tool Connectivity Service", organization_actor_id: null },
  } as const;
  const person = people[trigger];
  return {
    object: "custom_provider.actor#preview",
    id: `${PREFIX.customProviderActor}${person.type.padEnd(20, "0")}`,
    ...person,
    created_at: createdAt,
  };
}

function repository(customProvider: CustomProviderFixture) {
  const repo = customProvider.repository!;
  return {
    object: "scm.repository",
    id: `${PREFIX.scmRepository}${body(customProvider.id)}`,
    provider: {
      object: "scm.provider",
      type: "github",
      id: `${PREFIX.scmProvider}github${"0".repeat(14)}`,
      name: "GitHub",
      owner: repo.owner,
    },
    url: `https://github.com/${repo.owner}/${repo.name}`,
    is_private: true,
    default_branch: "main",
    created_at: customProvider.releases[0]?.created_at ?? "2026-01-01T00:00:00.000Z",
  };
}

export function deploymentSources(release: Release) {
  const customProvider = customProviderFixture(release.custom_provider_id);
  const linked = customProvider?.repository ? customProvider : undefined;
  const fromScm = release.trigger === "scm" && linked !== undefined;
  const message = `Release ${release.identifier}`;
  return {
    commit: fromScm
      ? {
          object: "custom_provider.deployment.commit",
          id: sha(release.id),
          type: "git",
          message,
          created_at: release.created_at,
        }
      : null,
    immutable_bucket: {
      object: "bucket",
      id: `${PREFIX.bucket}${body(release.id)}`,
      is_immutable: true,
      is_read_only: true,
      scm_repo_link: linked
        ? {
            object: "bucket.scm_repo",
            is_linked: "true",
            path: linked.repository!.path,
            repository: repository(linked),
          }
        : null,
      created_at: release.created_at,
    },
    actor: actorPreview(release.trigger, release.created_at),
    scm_push: fromScm
      ? {
          object: "scm.push",
          id: `${PREFIX.scmPush}${body(release.id)}`,
          actor: {
            object: "scm.actor",
            id: `${PREFIX.scmActor}adal${"0".repeat(16)}`,
            external_id: "583231",
            name: "ada-l",
            email: "ada@acme.example",
          },
          commit: {
            object: "scm.commit",
            id: `${PREFIX.scmCommit}${body(release.id)}`,
            sha: sha(release.id),
            branch: "main",
            message,
            created_at: release.created_at,
          },
          repository: repository(linked),
          created_at: release.created_at,
        }
      : null,
  };
}

/** What a version runs: the custom provider's container image (tagged with the version) or remote server. */
export function versionSource(customProviderId: string, identifier: string) {
  const source = customProviderFixture(customProviderId)?.source;
  if (!source) return {};
  if ("container_image" in source)
    return { container_image: { ...source.container_image, container_image_tag: identifier } };
  return { remote_mcp_server: { ...source.remote_mcp_server } };
}
