// Refusals said once through the dynamic door. Pulumi's dynamic-provider host (@pulumi/pulumi 3.259.0,
// cmd/dynamic-provider/index.js lines 156, 202, 258 and 299: the check, diff, read and delete
// handlers; create and update do not print) catches what a provider method throws, prints
// `console.error(`${e}: ${e.stack}`)`, and returns the error to the engine, which prints its message
// as the resource's error. The engine also
// shows the plugin's stderr, so each refusal reached the user twice, the second time doubled and with
// its stack: a 284-character refusal was seen as a 584-character message and 4 lines of stack (issue
// 59, measured with TCS_E2E_MESSAGE_LOG). The host runs in this process (serve.ts loads into it), so a
// refusal the engine throws on purpose is remembered as it passes, and the host's line for it, that
// exact string, is not printed; every other line, and any other error's stack (a bug's), still is.
import { DiagnosticError } from "../diagnostic";

/** The host's lines still to come for refusals thrown, by their text (two resources may throw the same). */
const expected = new Map<string, number>();
let installed = false;

/**
 * A refusal: an error whose message is all the user needs. A DiagnosticError, or a plain Error, which
 * the engine throws only with a message it wrote; a TypeError or any other class is a bug's, with its stack.
 */
function isRefusal(error: unknown): error is Error {
  return error instanceof DiagnosticError || (error instanceof Error && error.constructor === Error);
}

/** What the host prints for `error`, as it builds it. */
function hostLine(error: Error): string {
  return `${String(error)}: ${error.stack}`;
}

/** Drops the host's console line for each remembered refusal, once; installed on first use. */
function install(): void {
  if (installed) return;
  installed = true;
  const print = console.error.bind(console);
  console.error = (...args: unknown[]) => {
    const [line] = args;
    const left = args.length === 1 && typeof line === "string" ? expected.get(line) : undefined;
    if (left === undefined) return print(...args);
    if (left > 1) expected.set(line as string, left - 1);
    else expected.delete(line as string);
  };
}

/** Remembers a refusal the host is about to print, then lets it go on to the host. */
function remembered(error: unknown): never {
  if (isRefusal(error)) {
    install();
    const line = hostLine(error);
    expected.set(line, (expected.get(line) ?? 0) + 1);
  }
  throw error;
}

/** The methods whose errors the host prints (create's and update's it does not: nothing to drop). */
const PRINTED_BY_HOST = new Set<PropertyKey>(["check", "diff", "read", "delete"]);

/** `methods`, each of whose refusals (a rejected promise) the host then does not print again with its stack. */
export function refusalsSaidOnce<T extends object>(methods: T): T {
  return new Proxy(methods, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key);
      if (typeof value !== "function" || !PRINTED_BY_HOST.has(key)) return value;
      return (...args: unknown[]) => {
        const result: unknown = value.apply(target, args);
        return result instanceof Promise ? result.catch(remembered) : result;
      };
    },
  });
}
