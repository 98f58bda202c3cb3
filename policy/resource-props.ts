// What a resource rule reads: the inputs the program declared for one kind of resource (the provider's
// Args, resolved), and a validateResource that runs for that kind only, matched by its type token.
import type { Unwrap } from "@pulumi/pulumi";
import type { ReportViolation, ResourceValidation, ResourceValidationArgs } from "@pulumi/policy";
import type {
  CallbackArgs,
  CallbackInstanceArgs,
  IntegrationSetupSessionArgs,
  ProviderConfigArgs,
  RoleArgs,
} from "../provider";
import { kindOfToken, type ResourceKind } from "../provider/type-tokens";

/**
 * The props of each kind. A rule still checks the shape of what it reads: values not known during
 * preview, and inputs the provider's own check refuses later, reach policies as they were written.
 */
export interface PropsOf {
  Callback: Unwrap<CallbackArgs>;
  CallbackInstance: Unwrap<CallbackInstanceArgs>;
  ProviderConfig: Unwrap<ProviderConfigArgs>;
  Role: Unwrap<RoleArgs>;
  IntegrationSetupSession: Unwrap<IntegrationSetupSessionArgs>;
}

/** A validateResource that runs only for resources of `kind`, through either door (dynamic or native token). */
export function forType<K extends ResourceKind>(
  kind: K,
  check: (props: PropsOf[K], args: ResourceValidationArgs, report: ReportViolation) => void,
): ResourceValidation {
  return (args, report) => {
    if (kindOfToken(args.type) === kind) check(args.props as PropsOf[K], args, report);
  };
}

/** The kind of a type token of this provider, or undefined for any other resource. */
export function kindOf(type: string): ResourceKind | undefined {
  return kindOfToken(type);
}
