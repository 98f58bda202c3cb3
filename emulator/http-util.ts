import type { IncomingMessage, ServerResponse } from "node:http";
import { ApiError } from "./errors";
import { assertNestingWithinLimit } from "./json-depth";

export const MAX_BODY_BYTES = 1024 * 1024;
const DRAIN_LIMIT_BYTES = 16 * MAX_BODY_BYTES;

/** Reads and parses a JSON body; an empty body is `undefined`. Malformed or oversized: 400; a field nested too deep: 422. */
export async function readJsonBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    // Past the limit the rest is drained (so the client reads the 400 instead of a reset), up to a point.
    if (size > DRAIN_LIMIT_BYTES) req.socket.destroy();
    if (size <= MAX_BODY_BYTES) chunks.push(chunk as Buffer);
  }
  if (size > MAX_BODY_BYTES)
    throw new ApiError("invalid_request", `The request body is larger than ${MAX_BODY_BYTES} bytes.`);
  if (size === 0) return undefined;
  const text = Buffer.concat(chunks).toString("utf8");
  if (text.trim() === "") return undefined;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    throw new ApiError("invalid_request", `The request body is not valid JSON: ${(error as Error).message}.`, {
      hint: "Send a JSON object with Content-Type: application/json.",
    });
  }
  // Before anything that recurses sees it (see json-depth.ts): too deep is a 422, never a 500.
  assertNestingWithinLimit(body);
  return body;
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const payload = JSON.stringify(body);
  res.writeHead(status, {
    ...headers,
    "Content-Type": "application/json; charset=utf-8",
    "Content-Length": Buffer.byteLength(payload),
  });
  res.end(payload);
}

export function sendHtml(
  res: ServerResponse,
  status: number,
  html: string,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, {
    ...headers,
    "Content-Type": "text/html; charset=utf-8",
    "Content-Length": Buffer.byteLength(html),
  });
  res.end(html);
}

export function sendError(res: ServerResponse, error: ApiError, headers: Record<string, string> = {}): void {
  sendJson(res, error.status, error.toBody(), { ...headers, ...error.headers });
}

export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  return address === "::1" || address.startsWith("127.") || address.startsWith("::ffff:127.");
}

export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] as string,
  );
}
