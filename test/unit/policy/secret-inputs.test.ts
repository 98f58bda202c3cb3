// policy/secret-inputs.ts wraps an internal function of @pulumi/policy (no public API tells a secret
// input from a plain one; see that file). These tests drive the package's own analyzer handler, the
// code the engine's AnalyzeStack call reaches, with the wire form the engine sends: they fail the day
// @pulumi/policy stops deserializing through the wrapped function, stops handing the marker through
// its proxy, or changes the shapes they build, instead of the pack silently judging wrongly.
import * as path from "node:path";
import { specialSecretSig, specialSigKey } from "@pulumi/pulumi/runtime/rpc";
import type { StackValidationPolicy } from "@pulumi/policy";
import { DEFAULT_DYNAMIC_PROVIDER_TYPE } from "../../../provider/type-tokens";

const KEY = "service_sk_0123456789abcdef";
const URN = `urn:pulumi:prod::policy-test::${DEFAULT_DYNAMIC_PROVIDER_TYPE}::default`;

interface Diagnostic {
  policy: string;
  message: string;
}

/**
 * One AnalyzeStack call to a fresh copy of @pulumi/policy's server (jest.isolateModules: tracking
 * installed in one call does not leak into the next), for a stack holding only the default provider
 * with `props` on the wire.
 */
function analyzeStack(
  props: Record<string, unknown>,
  options: { tracking: boolean; probe?: StackValidationPolicy },
): Promise<Diagnostic[]> {
  return new Promise((resolve, reject) => {
    jest.isolateModules(() => {
      const policyDir = path.dirname(require.resolve("@pulumi/policy/package.json"));
      const fromPolicy = (id: string) => require(require.resolve(id, { paths: [policyDir] }));
      // The order of policy/index.ts: the package is loaded, then the tracking installed.
      const server = fromPolicy("@pulumi/policy/server");
      if (options.tracking) require("../../../policy/secret-inputs").installSecretKeyTracking();
      const { apiKeySecret } = require("../../../policy/rules/api-key-secret");
      const analyzer = fromPolicy("@pulumi/pulumi/proto/analyzer_pb");
      const { Struct } = fromPolicy("google-protobuf/google/protobuf/struct_pb");

      const resource = new analyzer.AnalyzerResource();
      resource.setType(DEFAULT_DYNAMIC_PROVIDER_TYPE);
      resource.setUrn(URN);
      resource.setName("default");
      resource.setProperties(Struct.fromJavaScript(props));
      resource.setOptions(new analyzer.AnalyzerResourceOptions());
      const request = new analyzer.AnalyzeStackRequest();
      request.setResourcesList([resource]);

      const policies = options.probe ? [apiKeySecret, options.probe] : [apiKeySecret];
      const handle = server.makeAnalyzeStackRpcFun("tcs-policy", "0.1.0", "mandatory", policies);
      handle(
        { request },
        (
          error: Error | undefined,
          response: { getDiagnosticsList(): { getPolicyname(): string; getMessage(): string }[] },
        ) => {
          if (error) reject(error);
          else
            resolve(response.getDiagnosticsList().map((d) => ({ policy: d.getPolicyname(), message: d.getMessage() })));
        },
      );
    });
  });
}

const secret = (value: string) => ({ [specialSigKey]: specialSecretSig, value });

describe("secret inputs through @pulumi/policy's own analyzer handler", () => {
  it("tells a secret tcs:apiKey (passes) from a plain one (violation)", async () => {
    expect(
      await analyzeStack({ "tcs:apiKey": secret(KEY), "tcs:baseUrl": "http://127.0.0.1:4010" }, { tracking: true }),
    ).toEqual([]);
    expect(
      await analyzeStack({ "tcs:apiKey": KEY, "tcs:baseUrl": "http://127.0.0.1:4010" }, { tracking: true }),
    ).toEqual([
      {
        policy: "tcs-api-key-secret",
        message: expect.stringContaining("stack config tcs:apiKey of stack 'prod' is plain text"),
      },
    ]);
  });

  it("changes nothing other policies see: the key's value unwrapped, no extra enumerable key", async () => {
    const seen: unknown[] = [];
    const probe: StackValidationPolicy = {
      name: "probe",
      description: "records what a policy sees",
      validateStack: (args) => {
        for (const resource of args.resources)
          seen.push({ apiKey: resource.props["tcs:apiKey"], keys: Object.keys(resource.props) });
      },
    };
    await analyzeStack({ "tcs:apiKey": secret(KEY), "tcs:baseUrl": "http://x" }, { tracking: true, probe });
    expect(seen).toEqual([{ apiKey: KEY, keys: ["tcs:apiKey", "tcs:baseUrl"] }]);
  });

  it("without the tracking, the package hides the marker: the rule says it cannot tell", async () => {
    expect(await analyzeStack({ "tcs:apiKey": secret(KEY) }, { tracking: false })).toEqual([
      {
        policy: "tcs-api-key-secret",
        message: expect.stringContaining("cannot tell whether the stack config's API keys are secrets"),
      },
    ]);
  });
});
