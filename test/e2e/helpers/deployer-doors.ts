// The two doors as EngineDeployer (engine-deployer.ts) sees them: the program a door's resources are
// declared with, how they read in `pulumi stack export`, and where a door keeps the connections' keys.
//
// The dynamic door: the resource classes of pulumi-tcs (`pulumi-nodejs:dynamic/tcs:<Kind>`), the
// model's "prod" connection a `connection` input whose settings are the stack's
// `tcs:connections.prod.*` config.
//
// The native door (the plugin pulumi-resource-tcs): `tcs:index:<Kind>` custom resources, which the
// engine sends to the provider plugin the project's settings name (`plugins.providers`, see
// nativePlugins in native-resources.ts). The model's "prod" connection is the Pulumi way to a second
// environment on this door: an explicit provider resource named "prod" holding that environment's
// settings, passed as the `provider` option (the native door has no `connection` input), and each
// resource's environment reads back from its provider reference.
import * as pulumi from "@pulumi/pulumi";
import type { ConfigMap } from "@pulumi/pulumi/automation";
import * as tcs from "pulumi-tcs";
import { isRef, type Declaration, type StateEntry } from "../../model/harness/sim-engine";
import { SHAPES } from "../../../provider/shapes";
import { CONNECTION_INPUT, REPLACE_ON_CHANGES_INPUT } from "../../../provider/shapes/reserved";
import type { ResourceKind } from "../../../provider/shapes/shape";
import type { DeployerDoor, ExportedResource } from "./engine-deployer";
import { NativeProvider, NativeResource } from "./native-resources";

const CLASSES: Record<
  ResourceKind,
  new (name: string, args: never, opts?: pulumi.CustomResourceOptions) => pulumi.CustomResource
> = {
  Callback: tcs.Callback,
  CallbackInstance: tcs.CallbackInstance,
  ProviderConfig: tcs.ProviderConfig,
  Role: tcs.Role,
  IntegrationSetupSession: tcs.IntegrationSetupSession,
};

const DYNAMIC_TYPE_PREFIX = "pulumi-nodejs:dynamic/tcs:";
const NATIVE_TYPE_PREFIX = "tcs:index:";
/** The model's named connection, and the name of the explicit provider that stands for it on the native door. */
const PROD = "prod";

/** An explicit provider's settings: one environment of the service. */
export interface ProviderSettings {
  apiKey: string;
  baseUrl: string;
  rateLimitTier: string;
}

/** One declaration's args as a program passes them: references resolved, the model's `replaceOnChanges` input taken out as the option. */
function argsOf(
  decl: Declaration,
  made: Map<string, pulumi.CustomResource>,
  /** Args the door does not send (the native door's `connection`). */
  leftOut: readonly string[] = [],
): { args: Record<string, unknown>; replaceOnChanges?: string[] } {
  const args: Record<string, unknown> = {};
  let replaceOnChanges: string[] | undefined;
  for (const [key, value] of Object.entries(decl.args)) {
    if (value === undefined || leftOut.includes(key)) continue;
    // The model carries the resource option as the input it becomes; a program sets the option.
    if (key === REPLACE_ON_CHANGES_INPUT) replaceOnChanges = value as string[];
    else args[key] = isRef(value) ? made.get(value.$ref)!.id : value;
  }
  return { args, replaceOnChanges };
}

/** The dynamic door: references become the named resource's id, the connection an input. */
export const dynamicDoor: DeployerDoor = {
  name: "dynamic",
  programOf(declarations) {
    return async () => {
      const made = new Map<string, pulumi.CustomResource>();
      for (const decl of declarations) {
        const { args, replaceOnChanges } = argsOf(decl, made);
        made.set(
          decl.name,
          new CLASSES[decl.kind](decl.name, args as never, replaceOnChanges ? { replaceOnChanges } : undefined),
        );
      }
    };
  },
  kindOf(resource) {
    return resource.type.startsWith(DYNAMIC_TYPE_PREFIX)
      ? (resource.type.slice(DYNAMIC_TYPE_PREFIX.length) as ResourceKind)
      : undefined;
  },
  /** The default connection's key is `tcs:apiKey`, a named one's `tcs:connections.<name>.apiKey`. */
  configForKeys(keys): ConfigMap {
    return {
      "tcs:apiKey": { value: keys.default, secret: true },
      "tcs:connections.prod.apiKey": { value: keys.prod, secret: true },
    };
  },
};

/** The native door, its "prod" connection the explicit provider "prod" with these settings (its key replaced when the deployer is given new keys). */
export function nativeDoor(prodSettings: ProviderSettings): DeployerDoor {
  let prod = prodSettings;
  return {
    name: "native",
    /**
     * A declaration on the "prod" connection gets the explicit provider "prod" (made once, and only
     * when a declaration uses it), its key a secret; the others get the default provider, whose
     * settings are the stack's `tcs:*` config.
     */
    programOf(declarations) {
      const settings = prod;
      return async () => {
        let prodProvider: pulumi.ProviderResource | undefined;
        const providerFor = (connection: unknown): pulumi.ProviderResource | undefined => {
          if (connection === undefined) return undefined;
          if (connection !== PROD)
            throw new Error(`model bug: connection ${JSON.stringify(connection)} is none of the world's`);
          prodProvider ??= new NativeProvider(PROD, {
            apiKey: pulumi.secret(settings.apiKey),
            baseUrl: settings.baseUrl,
            rateLimitTier: settings.rateLimitTier,
          });
          return prodProvider;
        };
        const made = new Map<string, pulumi.CustomResource>();
        for (const decl of declarations) {
          const { args, replaceOnChanges } = argsOf(decl, made, [CONNECTION_INPUT]);
          const provider = providerFor(decl.args[CONNECTION_INPUT]);
          const opts: pulumi.CustomResourceOptions = {
            ...(provider ? { provider } : {}),
            ...(replaceOnChanges ? { replaceOnChanges } : {}),
          };
          made.set(decl.name, new NativeResource(decl.kind, decl.name, args, opts));
        }
      };
    },
    kindOf(resource) {
      const kind = resource.type.startsWith(NATIVE_TYPE_PREFIX)
        ? resource.type.slice(NATIVE_TYPE_PREFIX.length)
        : undefined;
      return kind !== undefined && Object.hasOwn(SHAPES, kind) ? (kind as ResourceKind) : undefined;
    },
    /** The default provider's key is `tcs:apiKey`; the explicit provider "prod" holds its own, in the program. */
    configForKeys(keys): ConfigMap {
      prod = { ...prod, apiKey: keys.prod };
      return { "tcs:apiKey": { value: keys.default, secret: true } };
    },
    /**
     * The model reads a resource's environment from `connection` in its inputs and outputs
     * (invariants.ts, connectionOf), as the dynamic door records it. This door records it as the
     * resource's provider reference instead: a resource of the explicit provider "prod" reads as on
     * the "prod" connection, one of the default provider as on the default connection (no
     * `connection`, as there).
     */
    completeEntry(entry: StateEntry, resource: ExportedResource): StateEntry {
      if (resource.inputs[CONNECTION_INPUT] !== undefined || resource.outputs[CONNECTION_INPUT] !== undefined) {
        throw new Error(
          `${entry.name}: a native resource records ${CONNECTION_INPUT} in state (the program never sends it)`,
        );
      }
      if (providerNameOf(resource.provider) !== PROD) return entry;
      return {
        ...entry,
        inputs: { ...entry.inputs, [CONNECTION_INPUT]: PROD },
        outputs: { ...entry.outputs, [CONNECTION_INPUT]: PROD },
      };
    },
  };
}

/** The name of the provider a reference (`urn:pulumi:<stack>::<project>::pulumi:providers:tcs::<name>::<id>`) names. */
function providerNameOf(reference: string | undefined): string | undefined {
  if (!reference) return undefined;
  const urn = reference.slice(0, reference.lastIndexOf("::"));
  return urn.slice(urn.lastIndexOf("::") + 2);
}
