// One SDK call per endpoint of observed-records.md that reads its golden record, as plain data (a
// client property, a method, its arguments), so a script outside this repository can make it with
// the installed package; `expected` is the record as the call gives it back in wire form.
type Wire = Record<string, any>;
export interface GoldenCall {
  call: [string, string];
  args: unknown[];
  route: string;
  list?: boolean;
  expected: unknown;
}

/** One SDK call per endpoint of observed-records.md, reading its golden record. */
export const GOLDEN_CALLS: Record<string, (wire: Wire) => GoldenCall> = {
  "GET /provider-configs (list)": (w) => ({
    call: ["providerConfigs", "list"],
    args: [],
    route: "GET /provider-configs",
    list: true,
    expected: w.items,
  }),
  "GET /provider-configs/{id}": (w) => ({
    call: ["providerConfigs", "retrieve"],
    args: [w.id],
    route: `GET /provider-configs/${w.id}`,
    expected: w,
  }),
  "DELETE /provider-configs/{id}": (w) => ({
    call: ["providerConfigs", "delete"],
    args: [w.id],
    route: `DELETE /provider-configs/${w.id}`,
    expected: undefined,
  }),
  "GET /provider-config-schema": (w) => ({
    call: ["providerConfigSchema", "retrieve"],
    args: [{ providerId: w.provider_id }],
    route: "GET /provider-config-schema",
    expected: w,
  }),
  "GET /custom-provider-deployments/{id}": (w) => ({
    call: ["customProviderDeployments", "retrieve"],
    args: [w.id],
    route: `GET /custom-provider-deployments/${w.id}`,
    expected: w,
  }),
  "GET /custom-provider-deployments/{id}/logs": (w) => ({
    call: ["customProviderDeployments", "retrieveLogs"],
    args: [w.custom_provider_deployment_id],
    route: `GET /custom-provider-deployments/${w.custom_provider_deployment_id}/logs`,
    expected: w,
  }),
  "GET /custom-provider-versions (list)": (w) => ({
    call: ["customProviderVersions", "list"],
    args: [],
    route: "GET /custom-provider-versions",
    list: true,
    expected: w.items,
  }),
};
