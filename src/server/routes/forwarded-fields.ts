import { maxContextBytes, type ChatAction } from "../../protocol/index.ts";
import type { ProxyError } from "../http/answers.ts";
import { isJsonObject } from "../http/json-object.ts";

/** The largest `integration_attributes.context` a page may send: bytes of its JSON, the client's own limit. */
export const maximumContextBytes = maxContextBytes;

/** The body to send the platform, or why the page's body is refused (a 400). */
export type ForwardedBody = { kind: "body"; body: Record<string, unknown> } | { kind: "refused"; error: ProxyError };

/** What decides a create's `integration_attributes` besides the page. */
export interface AttributeSources {
  /** What the site's `integrationAttributes` hook vouched for this request, if anything. */
  vouched: Record<string, unknown> | undefined;
  /** Top-level fields of the page's `integration_attributes` the site lets through. */
  pageAttributes: ReadonlySet<string>;
}

/**
 * The body of a create as the platform gets it: the page's `channel` and `variant_id` (strings), and
 * `integration_attributes` built from three layers, each over the one before:
 * 1. the page's fields named in `pageAttributes` (none by default: a page can claim anything);
 * 2. the page's `context`, a JSON object of at most `maximumContextBytes`, which the site attaches to
 *    the conversation from the page (the page it is on, what it shows);
 * 3. what the site vouched for, at the top level, overwriting; a vouched `context` object is merged over
 *    the page's one field by field, so the page can add context but never forge the vouched part.
 * Every other field the page sends is dropped. `integration_attributes` is left out when empty.
 */
export function createBody(fields: Record<string, unknown>, sources: AttributeSources): ForwardedBody {
  const body: Record<string, unknown> = {};
  for (const name of ["channel", "variant_id"] as const) {
    const value = fields[name];
    if (value === undefined || value === null) continue;
    if (typeof value !== "string") return invalid(`${name} must be a string`);
    body[name] = value;
  }
  const page = fields.integration_attributes ?? {};
  if (!isJsonObject(page)) return invalid("integration_attributes must be a JSON object");
  const attributes: Record<string, unknown> = {};
  for (const name of sources.pageAttributes) if (page[name] !== undefined) attributes[name] = page[name];
  const vouched = withContext(attributes, page.context, sources.vouched, "integration_attributes.context");
  if (vouched.kind === "refused") return vouched;
  if (Object.keys(vouched.attributes).length > 0) body.integration_attributes = vouched.attributes;
  return { kind: "body", body };
}

/** Attributes with the page's context and the site's vouched fields, or why the page's context is refused (a 400). */
export type VouchedAttributes = { kind: "attributes"; attributes: Record<string, unknown> } | { kind: "refused"; error: ProxyError };

/**
 * `attributes` with two layers over them: the page's `context`, a JSON object of at most
 * `maximumContextBytes` (`field` names it in a refusal), and what the site vouched for, at the top
 * level, overwriting; a vouched `context` object is merged over the page's one field by field, so the
 * page can add context but never forge the vouched part. Absent or null `context` adds nothing.
 */
export function withContext(
  attributes: Record<string, unknown>,
  context: unknown,
  vouched: Record<string, unknown> | undefined,
  field: string,
): VouchedAttributes {
  const result = { ...attributes };
  if (context !== undefined && context !== null) {
    if (!isJsonObject(context)) return invalid(`${field} must be a JSON object`);
    if (new TextEncoder().encode(JSON.stringify(context)).byteLength > maximumContextBytes) {
      return {
        kind: "refused",
        error: { status: 400, code: "CONTEXT_TOO_LARGE", message: `${field} exceeds ${maximumContextBytes} bytes of JSON` },
      };
    }
    result.context = context;
  }
  const fromSite = vouched ?? {};
  Object.assign(result, fromSite);
  if (isJsonObject(fromSite.context) && isJsonObject(context)) result.context = { ...context, ...fromSite.context };
  return { kind: "attributes", attributes: result };
}

/**
 * The body of a respond (`conversation_id` and the page's `message`, a string) or a close
 * (`conversation_id` alone), with the platform's own conversation id. Every other field is dropped.
 */
export function conversationBody(
  action: Exclude<ChatAction, "create">,
  fields: Record<string, unknown>,
  conversationId: string,
): ForwardedBody {
  const body: Record<string, unknown> = { conversation_id: conversationId };
  if (action === "respond" && fields.message !== undefined && fields.message !== null) {
    if (typeof fields.message !== "string") return invalid("message must be a string");
    body.message = fields.message;
  }
  return { kind: "body", body };
}

function invalid(message: string): { kind: "refused"; error: ProxyError } {
  return { kind: "refused", error: { status: 400, code: "INVALID_REQUEST", message } };
}
