// Builds list query strings the way the service reads them (contract: "Array filters"): camelCase
// names become snake_case, arrays become repeated keys (`id=a&id=b`), date ranges become bracketed
// keys (`created_at[gt]=...`), booleans become `true`/`false`, and undefined or null is left out.

import { camelToSnake } from "./casing";


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
