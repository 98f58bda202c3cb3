// The lookups are listed once (provider/lookups/catalog.ts): the program exports a function for each,
// the native provider serves each as a function of the schema, and neither door has one of its own.
import * as fs from "node:fs";
import * as path from "node:path";
import { LOOKUPS, missingArguments } from "../../../provider/lookups/catalog";
import { FUNCTION_TOKENS } from "../../../provider/native/invoke";
import * as programLookups from "../../../provider/dynamic/lookups";

const schema = JSON.parse(fs.readFileSync(path.resolve(__dirname, "../../../provider/native/schema.json"), "utf8")) as {
  functions: Record<string, unknown>;
};

it("has a program function for every lookup, and no other but the poller", () => {
  const exported = Object.entries(programLookups)
    .filter(([, value]) => typeof value === "function")
    .map(([name]) => name);
  expect(exported.sort()).toEqual([...Object.keys(LOOKUPS), "waitForCustomProviderDeployment"].sort());
});

it("serves every lookup as a native function, and the schema declares exactly those", () => {
  expect(FUNCTION_TOKENS.sort()).toEqual(
    Object.keys(LOOKUPS)
      .map((name) => `tcs:index:${name}`)
      .sort(),
  );
  expect(Object.keys(schema.functions).sort()).toEqual(FUNCTION_TOKENS.sort());
});

it("names the arguments a lookup cannot do without", () => {
  expect(missingArguments("getCustomProviderDeployment", {})).toBe(
    "id is required: the id of the custom provider deployment",
  );
  expect(missingArguments("getCallbackEvents", { callbackId: "" })).toMatch(/^callbackId is required/);
  expect(missingArguments("getCallbackEvents", { callbackId: "cb_1" })).toBeUndefined();
  expect(missingArguments("getRoles", {})).toBeUndefined();
});
