import { errors } from "../errors";
import { inRange, matches, paginate, type Query } from "../query";

/** Pieces every list handler uses: the common parameters, date ranges and the envelope. */
export interface Dated {
  id: string;
  created_at: string;
  updated_at?: string;
}

export function commonFilters(query: Query) {
  return {
    id: query.list("id"),
    created_at: query.dateRange("created_at"),
    updated_at: query.dateRange("updated_at"),
  };
}

export function passesCommon(record: Dated, filters: ReturnType<typeof commonFilters>): boolean {
  return (
    matches(record.id, filters.id) &&
    inRange(record.created_at, filters.created_at) &&
    (filters.updated_at === undefined || inRange(record.updated_at ?? record.created_at, filters.updated_at))
  );
}

/**
 * Reads the page parameters, throws the query's collected problems, filters and pages. `all` is every
 * record of the list (anchors of after/before are looked up there).
 */
export function listResponse<T extends Dated, R>(
  query: Query,
  all: T[],
  keep: (record: T) => boolean,
  render: (record: T) => R,
) {
  const page = query.page();
  query.done();
  const byId = new Map(all.map((record) => [record.id, record]));
  const result = paginate(all.filter(keep), page, (id) => byId.get(id));
  return { items: result.items.map(render), pagination: result.pagination };
}

export function found<T>(record: T | undefined, what: string, id: string): T {
  if (record === undefined) throw errors.notFound(what, id);
  return record;
}
