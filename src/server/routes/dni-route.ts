import { VoiceDoorHeader, VoiceDoorPath } from "../../protocol/index.ts";
import { errorAnswer, jsonAnswer } from "../http/answers.ts";
import type { ChatProxyLogger } from "../logging/logger.ts";
import type { Visitor } from "../security/visitor-cookies.ts";
import { invalidAnswer, upstreamFailure, type UpstreamService } from "../upstream/upstream-failure.ts";
import { callUpstream, readObject, type UpstreamFetch } from "../upstream/upstream.ts";
import { conversationAttributes, type ConversationSources } from "./conversation-attributes.ts";

/** What the DNI route needs from the proxy. */
export interface DniRouteContext extends ConversationSources {
  upstream: { url: string; apiKey: string };
  fetch: UpstreamFetch;
  timeoutMilliseconds: number;
  maxAnswerBytes: number;
  redact: (text: string) => string;
  log: ChatProxyLogger;
}

const service: UpstreamService = { route: "dni", api: "The DNI API", service: "calling service", credentials: "x-api-key" };

/** A number as a person may dial it: digits, with a leading `+` and the usual separators. */
const dialable = /^\+?[0-9][0-9 ().-]{2,31}$/;

/**
 * `POST {prefix}/dni`: reserves a number whose `attributes` carry the conversation to the voice agent
 * (the page's `session_id` or `conversation_id`, its `context`, and what the site vouches for; see
 * `conversationAttributes`). Answers `{dni, expires_at?}`: the number, and the end of its window as ISO
 * 8601 when the platform gives one it can read.
 */
export async function serveDni(
  context: DniRouteContext,
  request: Request,
  fields: Record<string, unknown>,
  visitors: readonly Visitor[],
): Promise<Response> {
  const attributes = await conversationAttributes(context, request, fields, visitors);
  if (attributes.kind === "refused") return errorAnswer("chat", attributes.error);
  const result = await callUpstream(context.fetch, {
    url: `${context.upstream.url}${VoiceDoorPath.DniReservation}`,
    method: "POST",
    headers: { [VoiceDoorHeader.ApiKey]: context.upstream.apiKey },
    body: { attributes: attributes.attributes },
    timeoutMilliseconds: context.timeoutMilliseconds,
    maxAnswerBytes: context.maxAnswerBytes,
  });
  if (result.kind !== "answer" || result.status < 200 || result.status >= 300)
    return errorAnswer("chat", upstreamFailure(context, service, result));
  const answer = readObject(result.text);
  const dni = answer?.dni;
  if (typeof dni !== "string" || !dialable.test(dni.trim()))
    return errorAnswer("chat", invalidAnswer(context, service, result.status, "dni"));
  const expiresAt = typeof answer?.expires_at === "string" ? Date.parse(answer.expires_at) : Number.NaN;
  return jsonAnswer(200, { dni: dni.trim(), ...(Number.isFinite(expiresAt) && { expires_at: new Date(expiresAt).toISOString() }) });
}
