// One HTTP attempt over an undici Dispatcher, with its own small handler instead of undici's
// `request()`: the handler hears `onRequestSent`, which is how the client knows whether a failed
// request ever fully reached the service (and so whether a POST is safe to send again). Responses of
// this API are small JSON documents, so the body is collected whole.

import type { Dispatcher } from "undici";

export interface AttemptRequest {
  origin: string;
  /** Path with query string, relative to the origin. */
  path: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
}

export interface AttemptResponse {
  status: number;
  /** Lower-case names; repeated headers joined with ", ". */
  headers: Record<string, string>;
  body: string;
}

export type AttemptFailureKind = "connection" | "timeout" | "abort";

/** An attempt that got no complete response. `sent`: the whole request had been written. */
export class AttemptFailed extends Error {
  override name = "AttemptFailed";
  constructor(
    readonly kind: AttemptFailureKind,
    readonly sent: boolean,
    cause: unknown,
  ) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
  }
}

export interface AttemptOptions {
  timeoutMs: number;
  signal?: AbortSignal;
}

export function sendAttempt(
  dispatcher: Dispatcher,
  request: AttemptRequest,
  options: AttemptOptions,
): Promise<AttemptResponse> {
  return new Promise<AttemptResponse>((resolve, reject) => {
    let settled = false;
    let sent = false;
    let controller: Dispatcher.DispatchController | null = null;
    let abortReason: Error | undefined;
    let status = 0;
    let headers: Record<string, string> = {};
    const chunks: Buffer[] = [];

    const finish = (outcome: { response: AttemptResponse } | { failure: AttemptFailed }) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener("abort", onUserAbort);
      if ("response" in outcome) resolve(outcome.response);
      else reject(outcome.failure);
    };

    // Stops the request wherever it is: undici may not have started it yet, in which case the
    // reason is kept and applied as soon as it does.
    const stop = (kind: AttemptFailureKind, reason: Error) => {
      // Settle first: aborting makes undici report the abort as a response error, which must not
      // win over the real reason.
      finish({ failure: new AttemptFailed(kind, sent, reason) });
      abortReason = reason;
      controller?.abort(reason);
    };

    const timer = setTimeout(
      () => stop("timeout", new Error(`timed out after ${options.timeoutMs} ms`)),
      options.timeoutMs,
    );
    const onUserAbort = () => stop("abort", new Error("aborted by the caller"));
    if (options.signal?.aborted) {
      onUserAbort();
      return;
    }
    options.signal?.addEventListener("abort", onUserAbort, { once: true });

    const handler: Dispatcher.DispatchHandler = {
      onRequestStart(ctrl) {
        controller = ctrl;
        if (abortReason) ctrl.abort(abortReason);
      },
      onRequestSent() {
        sent = true;
      },
      onResponseStart(_ctrl, statusCode, responseHeaders) {
        // A response means the service read the whole request, whatever the method.
        sent = true;
        status = statusCode;
        headers = normalizeHeaders(responseHeaders);
      },
      onResponseData(_ctrl, chunk) {
        chunks.push(chunk);
      },
      onResponseEnd() {
        finish({ response: { status, headers, body: Buffer.concat(chunks).toString("utf8") } });
      },
      onResponseError(_ctrl, error) {
        finish({ failure: new AttemptFailed("connection", sent, error) });
      },
    };

    try {
      dispatcher.dispatch(
        {
          origin: request.origin,
          path: request.path,
          method: request.method as Dispatcher.HttpMethod,
          headers: request.headers,
          body: request.body ?? null,
        },
        handler,
      );
    } catch (error) {
      finish({ failure: new AttemptFailed("connection", false, error) });
    }
  });
}

function normalizeHeaders(raw: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    out[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : value;
  }
  return out;
}
