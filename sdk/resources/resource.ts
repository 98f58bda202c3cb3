// Shared by the resource classes: the request core, and path ids checked before they are sent.

import { ClientErrorCodes, ToolConnectivityError } from "../core/errors";
import type { RequestCore } from "../internal/request";

export abstract class Resource {
  protected readonly core: RequestCore;
  constructor(core: RequestCore) {
    this.core = core;
  }
}

/**
 * An id as a path segment. An empty id would silently turn `GET /callbacks/{id}` into the list
 * route, so it is refused here; anything else is encoded and left for the service to judge.
 */
export function pathId(id: string, name: string): string {
  if (typeof id !== "string" || id === "") {
    throw new ToolConnectivityError(
      `${name} must be a non-empty string, got ${JSON.stringify(id)}.`,
      ClientErrorCodes.INVALID_ARGUMENT,
    );
  }
  return encodeURIComponent(id);
}
