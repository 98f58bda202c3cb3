// The model's Deployer on the real engine through the native door (the plugin pulumi-resource-tcs):
// the inline program registers `tcs:index:<Kind>` custom resources, which the engine sends to the
// provider plugin that the project's settings name (`plugins.providers`, see nativePlugins). The
// model's "prod" connection is the Pulumi way to a second environment on this door: an explicit
// provider resource named "prod" holding that environment's settings, passed as the `provider`
// option (the native door has no `connection` input). State is read back from the export as on the
// dynamic door (StackDeployer), each resource's environment from its provider reference.
import * as path from "node:path";
import * as pulumi from "@pulumi/pulumi";
import type { ConfigMap, Stack } from "@pulumi/pulumi/automation";
import type { Declaration, StateEntry } from "../../model/harness/sim-engine";
import type { ResourceKind } from "../../../provider/shapes/shape";
import { CONNECTION_INPUT } from "../../../provider/shapes/reserved";
import { SHAPES } from "../../../provider/shapes";
import { REPO_ROOT } from "../../lib/engine";
import { NativeProvider, NativeResource } from "./native-resources";
import { argsOf, StackDeployer, type ExportedResource, type StackDeployerOptions } from "./engine-deployer";

const TYPE_PREFIX = "tcs:index:";
/** The model's named connection, and the name of the explicit provider that stands for it. */
const PROD = "prod";

/** Pulumi.yaml's `plugins` that make the engine run this repository's native provider (bin/pulumi-resource-tcs). */
export const nativePlugins = { providers: [{ name: "tcs", path: path.join(REPO_ROOT, "bin") }] };

/** An explicit provider's settings: one environment of the service. */
export interface ProviderSettings {
  apiKey: string;
  baseUrl: string;
  rateLimitTier: string;
}

/**
 * The inline program for a list of declarations on the native door. A declaration on the "prod"
 * connection gets the explicit provider "prod" (made once, and only when a declaration uses it), its
 * key a secret; the others get the default provider, whose settings are the stack's `tcs:*` config.
 */
export function nativeProgramOf(declarations: Declaration[], prod: ProviderSettings): () => Promise<void> {
  return async () => {
    let prodProvider: pulumi.ProviderResource | undefined;
    const providerFor = (connection: unknown): pulumi.ProviderResource | undefined => {
      if (connection === undefined) return undefined;
      if (connection !== PROD) throw new Error(`model bug: connection ${JSON.stringify(connection)} is none of the world's`);
      prodProvider ??= new NativeProvider(PROD, {
        apiKey: pulumi.secret(prod.apiKey),
        baseUrl: prod.baseUrl,
        rateLimitTier: prod.rateLimitTier,
      });
      return prodProvider;
    };
    const made = new Map<string, pulumi.CustomResource>();
    for (const decl of declarations) {
      const { args, replaceOnChanges } = argsOf(decl, made, [CONNECTION_INPUT]);
      const provider = providerFor(decl.args[CONNECTION_INPUT]);
      const opts: pulumi.CustomResourceOptions = { ...(provider ? { provider } : {}), ...(replaceOnChanges ? { replaceOnChanges } : {}) };
      made.set(decl.name, new NativeResource(decl.kind, decl.name, args, opts));
    }
  };
}

export class NativeEngineDeployer extends StackDeployer {
  constructor(
    open: (program: () => Promise<void>) => Promise<Stack>,
    /** The settings of the "prod" connection's environment, for the explicit provider "prod". */
    private prod: ProviderSettings,
    options: StackDeployerOptions = {},
  ) {
    super(open, options);
  }

  protected programOf(declarations: Declaration[]): () => Promise<void> {
    return nativeProgramOf(declarations, this.prod);
  }

  /** The default provider's key is `tcs:apiKey`; the explicit provider "prod" holds its own, in the program. */
  protected configForKeys(keys: { default: string; prod: string }): ConfigMap {
    this.prod = { ...this.prod, apiKey: keys.prod };
    return { "tcs:apiKey": { value: keys.default, secret: true } };
  }

  protected kindOf(resource: ExportedResource): ResourceKind | undefined {
    const kind = resource.type.startsWith(TYPE_PREFIX) ? resource.type.slice(TYPE_PREFIX.length) : undefined;
    return kind !== undefined && Object.hasOwn(SHAPES, kind) ? (kind as ResourceKind) : undefined;
  }

  /**
   * The model reads a resource's environment from `connection` in its inputs and outputs (invariants.ts,
   * connectionOf), as the dynamic door records it. This door records it as the resource's provider
   * reference instead: a resource of the explicit provider "prod" reads as on the "prod" connection,
   * one of the default provider as on the default connection (no `connection`, as there).
   */
  protected override entryOf(resource: ExportedResource, kind: ResourceKind): StateEntry {
    const entry = super.entryOf(resource, kind);
    if (resource.inputs[CONNECTION_INPUT] !== undefined || resource.outputs[CONNECTION_INPUT] !== undefined) {
      throw new Error(`${entry.name}: a native resource records ${CONNECTION_INPUT} in state (the program never sends it)`);
    }
    if (providerNameOf(resource.provider) === PROD) {
      entry.inputs = { ...entry.inputs, [CONNECTION_INPUT]: PROD };
      entry.outputs = { ...entry.outputs, [CONNECTION_INPUT]: PROD };
    }
    return entry;
  }
}

/** The name of the provider a reference (`urn:pulumi:<stack>::<project>::pulumi:providers:tcs::<name>::<id>`) names. */
function providerNameOf(reference: string | undefined): string | undefined {
  if (!reference) return undefined;
  const urn = reference.slice(0, reference.lastIndexOf("::"));
  return urn.slice(urn.lastIndexOf("::") + 2);
}
