import type { IncomingMessage, ServerResponse } from "node:http";
import { ApiError, errors } from "./errors";
import { catalog } from "./fixtures/catalog";
import { escapeHtml, readJsonBody, sendError, sendHtml, sendJson } from "./http-util";
import { getCallback, recordEvent, WEBHOOK_PATH, type CallbackInstanceDoc } from "./model/callbacks";
import { completeSession, effectiveStatus, SETUP_PATH, type SetupSessionDoc } from "./model/setup-sessions";
import type { EmulatorState } from "./state";

/**
 * Capability URLs the service hands out: webhook URLs of callback instances and their triggers, and
 * setup session pages. Whoever holds the URL may use it, so they need no API key; the token in the
 * path (40 random base62 characters) is the credential.
 */
export function isCapabilityPath(pathname: string): boolean {
  return pathname.startsWith(WEBHOOK_PATH) || pathname.startsWith(SETUP_PATH);
}

export async function handleCapability(
  req: IncomingMessage,
  res: ServerResponse,
  pathname: string,
  state: EmulatorState,
): Promise<void> {
  try {
    if (pathname.startsWith(WEBHOOK_PATH))
      return await handleWebhook(req, res, pathname.slice(WEBHOOK_PATH.length), state);
    return await handleSetup(req, res, pathname.slice(SETUP_PATH.length), state);
  } catch (error) {
    if (error instanceof ApiError) return sendError(res, error);
    throw error;
  }
}

async function handleWebhook(
  req: IncomingMessage,
  res: ServerResponse,
  token: string,
  state: EmulatorState,
): Promise<void> {
  const target = state.store.getToken(token);
  if (req.method !== "POST" || !target || (target.kind !== "instance_webhook" && target.kind !== "trigger_webhook")) {
    throw errors.routeNotFound(req.method ?? "GET", WEBHOOK_PATH + "...");
  }
  const payload = await readJsonBody(req);
  if (typeof payload !== "object" || payload === null || Array.isArray(payload)) {
    throw new ApiError("invalid_request", "A webhook delivery must be a JSON object.");
  }
  const body = payload as Record<string, unknown>;
  const instance = state.store.get<CallbackInstanceDoc>(target.env, "callback_instance", target.ref);
  const callback = instance && getCallback(state, target.env, instance.callback_id);
  if (!instance || instance.status !== "attached" || !callback || callback.status !== "active") {
    throw new ApiError("not_found", "This webhook URL is no longer attached to an active callback.");
  }
  // A trigger's own URL records for that trigger; the instance's shared URL picks the trigger by
  // `trigger_key` in the payload, else its first webhook trigger.
  const trigger =
    target.kind === "trigger_webhook"
      ? instance.triggers.find((t) => t.id === target.extra)
      : (instance.triggers.find((t) => t.provider_trigger.key === body.trigger_key) ??
        instance.triggers.find((t) => t.source === "webhook"));
  if (!trigger) throw new ApiError("not_found", "No trigger of this instance receives webhooks.");
  const fixture = catalog.provider(instance._provider_id)?.triggers.find((t) => t.id === trigger.provider_trigger.id);
  const sourceId =
    typeof body.source_id === "string"
      ? body.source_id
      : typeof body.id === "string" || typeof body.id === "number"
        ? String(body.id)
        : undefined;
  const event = state.store.transaction(() =>
    recordEvent(state, target.env, instance, trigger, {
      type: typeof body.type === "string" && body.type.length <= 255 ? body.type : fixture?.event_type,
      source_id: sourceId?.slice(0, 255),
      output: body,
    }),
  );
  sendJson(res, 202, {
    object: "callback.webhook.receipt",
    received: true,
    callback_event_id: event.id,
    callback_id: event.callback_id,
  });
}

async function handleSetup(
  req: IncomingMessage,
  res: ServerResponse,
  rest: string,
  state: EmulatorState,
): Promise<void> {
  const [token, action] = rest.split("/");
  const target = token ? state.store.getToken(token) : undefined;
  const session =
    target?.kind === "setup_session"
      ? state.store.get<SetupSessionDoc>(target.env, "setup_session", target.ref)
      : undefined;
  if (!target || !session || (action !== undefined && action !== "complete")) {
    return sendHtml(res, 404, page("Setup link not found", "<p>This setup link does not exist.</p>"));
  }
  const status = effectiveStatus(state, session);
  const selfUrl = SETUP_PATH + token;
  if (req.method === "GET" && action === undefined) {
    if (status === "pending") {
      return sendHtml(
        res,
        200,
        page(
          `Set up ${escapeHtml(session.name)}`,
          `<p>Connect <strong>${escapeHtml(catalog.integration(session.integration_id)?.name ?? session.integration_id)}</strong>.</p>
<p>This link expires at ${escapeHtml(session.expires_at)}.</p>
<form method="post" action="${selfUrl}/complete"><button type="submit" id="complete">Complete setup</button></form>`,
        ),
      );
    }
    return sendHtml(
      res,
      status === "expired" ? 410 : 200,
      page(`Setup ${status}`, `<p>This setup session is <strong id="status">${status}</strong>.</p>`),
    );
  }
  if (req.method === "POST" && action === "complete") {
    if (status === "expired")
      return sendHtml(
        res,
        410,
        page("Setup expired", '<p>This setup session <strong id="status">expired</strong>.</p>'),
      );
    if (status !== "pending" && status !== "successful")
      return sendHtml(
        res,
        409,
        page(`Setup ${status}`, `<p>This setup session is <strong id="status">${status}</strong>.</p>`),
      );
    if (status === "pending") completeSession(state, target.env, session);
    if (session.redirect_url) {
      const location = new URL(session.redirect_url);
      location.searchParams.set("integration_setup_session_id", session.id);
      location.searchParams.set("status", "successful");
      res.writeHead(303, { Location: location.toString() });
      res.end();
      return;
    }
    return sendHtml(
      res,
      200,
      page("Setup complete", '<p>Setup <strong id="status">successful</strong>. You can close this page.</p>'),
    );
  }
  return sendHtml(res, 404, page("Not found", "<p>Nothing here.</p>"));
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${title}</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem}button{font-size:1rem;padding:.5rem 1rem}</style>
</head><body><h1>${title}</h1>${body}<p><small>Tool Connectivity Service emulator</small></p></body></html>`;
}
