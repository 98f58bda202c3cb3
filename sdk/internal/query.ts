// Builds list query strings the way the service reads them (contract: "Array filters"): camelCase
// names become snake_case, arrays become repeated keys (`id=a&id=b`), date ranges become bracketed
// keys (`created_at[gt]=...`), booleans become `true`/`false`, and undefined or null is left out.
// An empty array is refused: left out it would list every record, the opposite of "any of none".

import { camelToSnake } from "./casing";
import { ClientErrorCodes, ToolConnectivityError } from "../core/errors";

export function buildQueryString(params: object | undefined): string {
  if (!params) return "";
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    appendParam(search, camelToSnake(name), value);
  }
  const text = search.toString();
  return text ? `?${text}` : "";
}

function appendParam(search: URLSearchParams, key: string, value: unknown): void {
  if (value === undefined || value === null) return;
  if (Array.isArray(value)) {
    if (value.length === 0) {
      throw new ToolConnectivityError(
        `List filter ${key} is an empty array, which would match no record; leave the filter out to list every record, or skip the call.`,
        ClientErrorCodes.INVALID_ARGUMENT,
      );
    }
    for (const item of value) appendParam(search, key, item);
    return;
  }
  if (value instanceof Date) {
    search.append(key, value.toISOString());
    return;
  }
  if (typeof value === "object") {
    for (const [sub, inner] of Object.entries(value)) appendParam(search, `${key}[${camelToSnake(sub)}]`, inner);
    return;
  }
  search.append(key, String(value));
}
