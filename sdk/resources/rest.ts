// The vocabulary the resource table (table.ts) is written in, stripe-node style: each method of a
// resource is one row, `retrieve: get(path, schema, what)`, and a resource is the class its rows make.
// A row's path is a function of the ids the method takes first (`(callbackId: string) => ...`), so the
// method's signature is derived, parameter names included: the ids, then the body or the list's
// filters where the row takes them (typed by `body<P>()` or `query<P>()`), then the request options.
import type { z } from "zod";
import type { RequestOptions } from "../core/options";
import { listEnvelope, PagePromise, withAfter } from "../core/pagination";
import type { HttpMethod, RequestCore, RequestSpec } from "../internal/request";
import { Resource } from "./resource";

/** A method's path, from the ids it takes (each passed through pathId, which names it in errors). */
type PathOf = (...ids: string[]) => string;

/** What the response is read as, and what the request may do besides (see RequestSpec). */
type Answer<S extends z.ZodType | null> = Pick<
  RequestSpec<S>,
  "schema" | "what" | "emptyBodyIsNull" | "allowsPublishableKey"
>;

type Result<S extends z.ZodType | null> = S extends z.ZodType ? z.output<S> : void;

/** A row: the method, as a function of the client's request core and the method's arguments. */
type Row = (core: RequestCore, ...args: never[]) => unknown;

/**
 * What a method answers with: a record's schema, typed by the record's name (`reads<Role>(RoleSchema,
 * "role")`) so that the methods' types name the record too, and what it is, for error messages.
 */
export function reads<T>(schema: z.ZodType<T>, what: string): { schema: z.ZodType<T>; what: string } {
  return { schema, what };
}

/** The type of a body or a list's filters: a value only the compiler reads. */
export interface Params<P> {
  readonly params?: P;
}

/** The body a write takes (`create: send("POST", () => "/roles", body<RoleCreateParams>(), ...)`). */
export function body<P extends object>(): Params<P> {
  return {};
}

/** The filters a list takes, all optional. */
export const query = body;

/** GET one object, or any answer read by its schema: `(...ids, opts?)`. */
export function get<P extends PathOf, S extends z.ZodType | null>(path: P, answer: Answer<S>) {
  return (core: RequestCore, ...args: [...Parameters<P>, opts?: RequestOptions]): Promise<Result<S>> =>
    core.request(
      { method: "GET", path: path(...(args.slice(0, path.length) as string[])), ...answer },
      args[path.length] as RequestOptions | undefined,
    );
}

/**
 * DELETE: `(...ids, opts?)`. Read by its schema, the answer may be empty (a 204: null); with no schema
 * (null), whatever a success carries is not read.
 */
export function del<P extends PathOf, S extends z.ZodType | null>(path: P, answer: Omit<Answer<S>, "emptyBodyIsNull">) {
  return (
    core: RequestCore,
    ...args: [...Parameters<P>, opts?: RequestOptions]
  ): Promise<S extends z.ZodType ? z.output<S> | null : void> =>
    core.request(
      {
        method: "DELETE",
        path: path(...(args.slice(0, path.length) as string[])),
        ...answer,
        ...(answer.schema === null ? {} : { emptyBodyIsNull: true }),
      },
      args[path.length] as RequestOptions | undefined,
    ) as Promise<S extends z.ZodType ? z.output<S> | null : void>;
}

/** A write with a body (POST, PUT, PATCH): `(...ids, params, opts?)`. */
export function send<P extends PathOf, B extends object, S extends z.ZodType>(
  method: HttpMethod,
  path: P,
  _body: Params<B>,
  answer: Answer<S>,
) {
  return (core: RequestCore, ...args: [...Parameters<P>, params: B, opts?: RequestOptions]): Promise<z.output<S>> =>
    core.request(
      { method, path: path(...(args.slice(0, path.length) as string[])), body: args[path.length] as B, ...answer },
      args[path.length + 1] as RequestOptions | undefined,
    ) as Promise<z.output<S>>;
}

/** GET with the request's parameters in the query (the provider config schema): `(params, opts?)`. */
export function ask<P extends PathOf, Q extends object, S extends z.ZodType>(
  path: P,
  _query: Params<Q>,
  answer: Answer<S>,
) {
  return (core: RequestCore, ...args: [...Parameters<P>, params: Q, opts?: RequestOptions]): Promise<z.output<S>> =>
    core.request(
      {
        method: "GET",
        path: path(...(args.slice(0, path.length) as string[])),
        query: args[path.length] as Q,
        ...answer,
      },
      args[path.length + 1] as RequestOptions | undefined,
    ) as Promise<z.output<S>>;
}

/** A list, walked page by page (PagePromise): `(...ids, params = {}, opts?)`. */
export function list<P extends PathOf, Q extends object, T extends { id: string }>(
  path: P,
  _query: Params<Q>,
  item: { schema: z.ZodType<T> },
  what: string,
) {
  const schema = listEnvelope(item.schema);
  return (core: RequestCore, ...args: [...Parameters<P>, params?: Q, opts?: RequestOptions]): PagePromise<T> => {
    const ids = args.slice(0, path.length) as string[];
    const params = (args[path.length] ?? {}) as Q;
    const opts = args[path.length + 1] as RequestOptions | undefined;
    return new PagePromise((after) =>
      core.request({ method: "GET", path: path(...ids), query: withAfter(params, after), schema, what }, opts),
    );
  };
}

/** The methods a table of rows gives its class: each row without the request core. */
export type Methods<T extends Record<string, Row>> = {
  [K in keyof T]: T[K] extends (core: RequestCore, ...args: infer A) => infer R ? (...args: A) => R : never;
};

/** The class of a resource whose methods are the rows of `table`. */
export function resource<T extends Record<string, Row>>(table: T): new (core: RequestCore) => Resource & Methods<T> {
  class TableResource extends Resource {
    static {
      // On the prototype, as a class's own methods are.
      for (const [name, row] of Object.entries(table)) {
        Object.defineProperty(TableResource.prototype, name, {
          value(this: TableResource, ...args: never[]) {
            return row(this.core, ...args);
          },
          writable: true,
          configurable: true,
        });
      }
    }
  }
  // The prototype holds every row of the table as a method: what Methods<T> types.
  return TableResource as unknown as new (core: RequestCore) => Resource & Methods<T>;
}
