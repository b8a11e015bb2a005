import type { ChatProxyConfig } from "../configuration/proxy-config.ts";
import type { ProxyError } from "../http/answers.ts";
import type { SignedHandles } from "../security/signed-handles.ts";
import type { Visitor } from "../security/visitor-cookies.ts";
import { withContext } from "./forwarded-fields.ts";

/** A Messaging session id as the page may name it. */
const sessionIdPattern = /^[A-Za-z0-9._:-]{1,128}$/;

/** What the conversation's attributes are built from besides the page. */
export interface ConversationSources {
  /** The Chat API conversations' handles, when the chat routes are served. */
  conversations: SignedHandles | undefined;
  integrationAttributes: ChatProxyConfig["integrationAttributes"];
}

/**
 * The attributes that carry a conversation to the platform's voice agent (a DNI reservation's
 * `attributes`, a callback's `metadata`), or why the page's body is refused:
 * - the conversation's identity: the page's `session_id` (a Messaging session id, as the page names it),
 *   or the platform's id behind its `conversation_id`, a Chat API handle that must belong to one of
 *   `visitors` (else 403 `CONVERSATION_NOT_OWNED`, so no visitor can hand the agent another's
 *   conversation); neither is needed;
 * - the page's `context` and, over it, what the site's `integrationAttributes` hook vouches for (see
 *   `withContext`).
 * Every other field of the page is dropped.
 */
export async function conversationAttributes(
  sources: ConversationSources,
  request: Request,
  fields: Record<string, unknown>,
  visitors: readonly Visitor[],
): Promise<{ kind: "attributes"; attributes: Record<string, unknown> } | { kind: "refused"; error: ProxyError }> {
  const identity: Record<string, unknown> = {};
  const { session_id: sessionId, conversation_id: handle } = fields;
  if (sessionId !== undefined && sessionId !== null) {
    if (typeof sessionId !== "string" || !sessionIdPattern.test(sessionId)) return invalid("session_id must be a session id");
    identity.session_id = sessionId;
  }
  if (handle !== undefined && handle !== null) {
    if (typeof handle !== "string" || handle === "") return invalid("conversation_id must be a string");
    const owned = await sources.conversations?.unwrap(handle, visitors);
    if (!owned) {
      return {
        kind: "refused",
        error: { status: 403, code: "CONVERSATION_NOT_OWNED", message: "This conversation belongs to another visitor" },
      };
    }
    identity.conversation_id = owned.id;
  }
  return withContext(identity, fields.context, await sources.integrationAttributes?.(request), "context");
}

function invalid(message: string): { kind: "refused"; error: ProxyError } {
  return { kind: "refused", error: { status: 400, code: "INVALID_REQUEST", message } };
}
