// A check failure inside an input, as property-path.ts words it: the Pulumi property path, the value
// cut short, never a secret input's value; a top-level input keeps its name as the property.
import { failureAt, propertyPath, shownValue, topLevelInput } from "../../../provider/engine/property-path";

test("property paths are Pulumi's: indexes in brackets, keys that are not identifiers quoted", () => {
  expect(propertyPath(["permissions", 1])).toBe("permissions[1]");
  expect(propertyPath(["toolFilters", "keys", 0])).toBe("toolFilters.keys[0]");
  expect(propertyPath(["metadata", "a.b"])).toBe('metadata["a.b"]');
  expect(propertyPath(["metadata", "team-name"])).toBe("metadata.team-name");
  expect(topLevelInput('metadata["a.b"]')).toBe("metadata");
  expect(topLevelInput("permissions[1]")).toBe("permissions");
  expect(topLevelInput("value.base_url")).toBe("value");
});

test("a value is shown as JSON, cut after 60 characters; a missing one says so", () => {
  expect(shownValue("Bad Perm")).toBe('"Bad Perm"');
  expect(shownValue([])).toBe("[]");
  expect(shownValue("v".repeat(600))).toBe(`"${"v".repeat(59)}…, 600 characters`);
  expect(shownValue(undefined)).toBe("not set");
});

test("a failure inside an input is the resource's, with path and value; a secret input's value is never shown", () => {
  expect(failureAt(["permissions", 1], "Bad Perm", "must be a permission identifier", false)).toEqual({
    property: "",
    reason: 'permissions[1] ("Bad Perm") must be a permission identifier',
  });
  expect(failureAt(["value", "base_url"], "https://secret.example", "must be a uri", true)).toEqual({
    property: "",
    reason: "value.base_url (secret, not shown) must be a uri",
  });
  expect(failureAt(["slug"], "Bad Slug", "must be lowercase", false)).toEqual({
    property: "slug",
    reason: "must be lowercase",
  });
  expect(failureAt([], {}, "unrecognized key", false)).toEqual({ property: "", reason: "unrecognized key" });
});
