import { ApiError, type FieldError } from "./errors";

/**
 * Query-string reading for list endpoints: array filters in every spelling the contract accepts
 * (`id=a&id=b`, `id[]=a`, `id[0]=a`, `id=a,b`), date ranges (`created_at[gt]=...&created_at[lt]=...`),
 * booleans and the common list parameters. A bad value is a 400 `invalid_request` naming the parameter.
 */
export class Query {
  private readonly problems: FieldError[] = [];

  /**
   * `maxPageSize`: the most records a page holds, whatever `limit` asks (a real service may serve
   * fewer a page than asked; a client must follow `has_more_after`).
   */
  constructor(
    readonly params: URLSearchParams,
    private readonly options: { maxPageSize?: number } = {},
  ) {}

  /** Values of an array filter, or undefined when the parameter is absent. */
  list(name: string): string[] | undefined {
    const values: string[] = [];
    let present = false;
    for (const [key, value] of this.params) {
      if (
        key === name ||
        key === `${name}[]` ||
        (key.startsWith(`${name}[`) && /^\[\d+\]$/.test(key.slice(name.length)))
      ) {
        present = true;
        for (const part of value.split(",")) if (part !== "") values.push(part);
      }
    }
    return present ? values : undefined;
  }

  enumList<T extends string>(name: string, allowed: readonly T[]): T[] | undefined {
    const values = this.list(name);
    if (values === undefined) return undefined;
    const bad = values.filter((v) => !(allowed as readonly string[]).includes(v));
    if (bad.length > 0) {
      this.problem(
        name,
        "invalid_value",
        `must be one of ${allowed.join(", ")} (got ${bad.map((b) => JSON.stringify(b.slice(0, 40))).join(", ")})`,
      );
      return undefined;
    }
    return values as T[];
  }

  string(name: string): string | undefined {
    const value = this.params.get(name);
    return value === null ? undefined : value;
  }

  boolean(name: string): boolean | undefined {
    const value = this.params.get(name);
    if (value === null) return undefined;
    if (value === "true") return true;
    if (value === "false") return false;
    this.problem(name, "invalid_value", "must be true or false");
    return undefined;
  }

  /** `name[gt]` / `name[lt]` as epoch milliseconds (exclusive bounds). */
  dateRange(name: string): { gt?: number; lt?: number } | undefined {
    let range: { gt?: number; lt?: number } | undefined;
    for (const [key, value] of this.params) {
      if (key === name) {
        this.problem(name, "invalid_format", `must be given as ${name}[gt] and/or ${name}[lt]`);
        continue;
      }
      const bound = /^\[(gt|lt)\]$/.exec(key.slice(name.length));
      if (!key.startsWith(`${name}[`)) continue;
      if (!bound) {
        this.problem(key, "invalid_value", `unknown bound; use ${name}[gt] or ${name}[lt]`);
        continue;
      }
      const ms = parseDateTime(value);
      if (ms === undefined) {
        this.problem(key, "invalid_format", "must be an ISO 8601 date-time such as 2026-11-21T10:00:00.000Z");
        continue;
      }
      range = { ...range, [bound[1]]: ms };
    }
    return range;
  }

  page(): PageRequest {
    const request: PageRequest = { limit: 25, order: "desc" };
    const limit = this.params.get("limit");
    if (limit !== null) {
      if (!/^\d{1,6}$/.test(limit) || Number(limit) < 1 || Number(limit) > 100)
        this.problem("limit", "invalid_value", "must be an integer from 1 to 100");
      else request.limit = Number(limit);
    }
    if (this.options.maxPageSize !== undefined) request.limit = Math.min(request.limit, this.options.maxPageSize);
    const order = this.params.get("order");
    if (order !== null) {
      if (order !== "asc" && order !== "desc") this.problem("order", "invalid_value", "must be asc or desc");
      else request.order = order;
    }
    const after = this.params.get("after") ?? this.params.get("cursor") ?? undefined;
    const before = this.params.get("before") ?? undefined;
    if (after !== undefined && before !== undefined)
      this.problem("before", "invalid_value", "cannot be combined with after or cursor");
    for (const [name, value] of [
      ["after", after],
      ["before", before],
    ] as const) {
      if (value !== undefined && (value === "" || value.length > 255))
        this.problem(name, "invalid_value", "must be a record id of at most 255 characters");
    }
    request.after = after || undefined;
    request.before = before || undefined;
    return request;
  }

  problem(name: string, code: FieldError["code"], message: string): void {
    this.problems.push({ code, message, path: [name] });
  }

  /** Throws the collected problems as one 400. Call after reading every parameter. */
  done(): void {
    if (this.problems.length === 0) return;
    const names = [...new Set(this.problems.map((p) => String(p.path[0])))];
    throw new ApiError(
      "invalid_request",
      `Invalid query parameter${names.length > 1 ? "s" : ""}: ${this.problems.map((p) => `${p.path[0]} ${p.message}`).join("; ")}.`,
      {
        errors: this.problems,
      },
    );
  }
}

export interface PageRequest {
  limit: number;
  order: "asc" | "desc";
  after?: string;
  before?: string;
}

export interface Page<T> {
  items: T[];
  pagination: { has_more_after: boolean; has_more_before: boolean };
}

interface Sortable {
  id: string;
  created_at: string;
}

/** ISO 8601 date-time with a zone (Z or offset); milliseconds optional. */
export function parseDateTime(value: unknown): number | undefined {
  if (typeof value !== "string") return undefined;
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/.test(value)) return undefined;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? undefined : ms;
}

function compare(a: Sortable, b: Sortable): number {
  if (a.created_at !== b.created_at) return a.created_at < b.created_at ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * Pages `items` (already filtered). `anchorOf` finds an `after`/`before` id among every record of the
 * list (filtered or not): the anchor need not match the filters, but it must exist (else a 400).
 */
export function paginate<T extends Sortable>(
  items: T[],
  request: PageRequest,
  anchorOf: (id: string) => Sortable | undefined,
): Page<T> {
  const direction = request.order === "asc" ? 1 : -1;
  const sorted = [...items].sort((a, b) => direction * compare(a, b));
  const anchorId = request.after ?? request.before;
  if (anchorId === undefined) {
    return {
      items: sorted.slice(0, request.limit),
      pagination: { has_more_after: sorted.length > request.limit, has_more_before: false },
    };
  }
  const anchor = anchorOf(anchorId);
  if (!anchor) {
    const name = request.after !== undefined ? "after" : "before";
    throw new ApiError(
      "invalid_request",
      `Invalid query parameter: ${name} names no record of this list (${JSON.stringify(anchorId.slice(0, 60))}).`,
      {
        errors: [{ code: "not_found", message: "names no record of this list", path: [name] }],
      },
    );
  }
  // Position of the first record that comes after the anchor in the current order.
  const firstAfter = sorted.findIndex((item) => direction * compare(item, anchor) > 0);
  const split = firstAfter === -1 ? sorted.length : firstAfter;
  if (request.after !== undefined) {
    const rest = sorted.slice(split);
    return {
      items: rest.slice(0, request.limit),
      pagination: { has_more_after: rest.length > request.limit, has_more_before: split > 0 },
    };
  }
  const strictlyBefore = sorted.slice(0, split).filter((item) => direction * compare(item, anchor) < 0);
  const start = Math.max(0, strictlyBefore.length - request.limit);
  return {
    items: strictlyBefore.slice(start),
    pagination: { has_more_after: sorted.length > strictlyBefore.length, has_more_before: start > 0 },
  };
}

/** Keeps records whose `field` lies strictly inside the range. */
export function inRange(value: string, range: { gt?: number; lt?: number } | undefined): boolean {
  if (!range) return true;
  const ms = Date.parse(value);
  if (range.gt !== undefined && !(ms > range.gt)) return false;
  if (range.lt !== undefined && !(ms < range.lt)) return false;
  return true;
}

export function matches(value: string | null | undefined, wanted: string[] | undefined): boolean {
  if (wanted === undefined) return true;
  return value !== null && value !== undefined && wanted.includes(value);
}
