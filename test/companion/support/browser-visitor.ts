import type { ChatProxy, RequestContext } from "../../../src/server/index.ts";

/** A parsed answer of the companion. */
export interface CompanionAnswer {
  status: number;
  headers: Headers;
  body: any;
  text: string;
}

/** The page origin the tests' companions allow. */
export const pageOrigin = "https://shop.example";

/**
 * One browser calling the companion as the widget does: from `origin`, with the cookies the companion set
 * (its own cookie jar), straight through the fetch handler. `clientAddress` is what an adapter would pass.
 */
export class BrowserVisitor {
  readonly cookies = new Map<string, string>();

  constructor(
    private readonly proxy: ChatProxy,
    readonly options: { origin?: string | null; clientAddress?: string; baseUrl?: string } = {},
  ) {}

  /** Sends one request to `{prefix}{path}` with a JSON body (a string is sent as is). */
  async send(
    path: string,
    options: { method?: string; body?: unknown; headers?: Record<string, string>; via?: ChatProxy } = {},
  ): Promise<CompanionAnswer> {
    const headers = new Headers(options.headers);
    const origin = this.options.origin === undefined ? pageOrigin : this.options.origin;
    if (origin !== null && !headers.has("Origin")) headers.set("Origin", origin);
    if (this.cookies.size > 0 && !headers.has("Cookie")) headers.set("Cookie", this.cookieHeader());
    const body = options.body === undefined || typeof options.body === "string" ? options.body : JSON.stringify(options.body);
    if (body !== undefined && !headers.has("Content-Type")) headers.set("Content-Type", "application/json");
    const proxy = options.via ?? this.proxy;
    const request = new Request(`${this.options.baseUrl ?? "https://shop.example"}${proxy.prefix}${path}`, {
      method: options.method ?? "POST",
      headers,
      body: body as string | undefined,
    });
    const context: RequestContext = this.options.clientAddress === undefined ? {} : { clientAddress: this.options.clientAddress };
    const response = await proxy(request, context);
    this.keepCookies(response.headers.getSetCookie());
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    return { status: response.status, headers: response.headers, body: parsed, text };
  }

  create(body: unknown = { channel: "webchat" }, via?: ChatProxy): Promise<CompanionAnswer> {
    return this.send("/chat/create", { body, ...(via && { via }) });
  }

  respond(conversationId: string, message: string, via?: ChatProxy): Promise<CompanionAnswer> {
    return this.send("/chat/respond", { body: { conversation_id: conversationId, message }, ...(via && { via }) });
  }

  close(conversationId: string, via?: ChatProxy): Promise<CompanionAnswer> {
    return this.send("/chat/close", { method: "PUT", body: { conversation_id: conversationId }, ...(via && { via }) });
  }

  accessToken(via?: ChatProxy): Promise<CompanionAnswer> {
    return this.send("/access-token", { body: {}, ...(via && { via }) });
  }

  /** Asks to be called back on `phone`, with the conversation's fields beside it. */
  callback(phone: unknown, fields: Record<string, unknown> = {}): Promise<CompanionAnswer> {
    return this.send("/callback", { body: { phone, ...fields } });
  }

  /** Reads a call's status by its handle, as the widget's poll does. */
  callStatus(handle: string, headers: Record<string, string> = {}): Promise<CompanionAnswer> {
    return this.send(`/callback/${encodeURIComponent(handle)}`, { method: "GET", headers });
  }

  /** Reads what the phone field needs: the site's calling code and the allowed prefixes. */
  callbackSettings(headers: Record<string, string> = {}): Promise<CompanionAnswer> {
    return this.send("/callback", { method: "GET", headers });
  }

  /** Reserves a DNI number carrying `fields` (`session_id` or `conversation_id`, `context`). */
  reserveNumber(fields: Record<string, unknown> = {}): Promise<CompanionAnswer> {
    return this.send("/dni", { body: fields });
  }

  /** Gives feedback on an answer: `{message_id, value, comment?}` and the conversation's fields. */
  feedback(fields: Record<string, unknown>): Promise<CompanionAnswer> {
    return this.send("/feedback", { body: fields });
  }

  /** Creates a conversation and returns the id the page sees, failing loudly when refused. */
  async startConversation(via?: ChatProxy): Promise<string> {
    const answer = await this.create(undefined, via);
    if (answer.status !== 200) throw new Error(`create refused: ${answer.status} ${answer.text}`);
    return answer.body.conversation_id as string;
  }

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  /** Stores cookies as a browser would: `Max-Age=0` deletes. */
  private keepCookies(setCookies: readonly string[]): void {
    for (const setCookie of setCookies) {
      const [pair = ""] = setCookie.split(";");
      const separator = pair.indexOf("=");
      const name = pair.slice(0, separator).trim();
      if (/;\s*Max-Age=0(\s*;|$)/i.test(setCookie)) this.cookies.delete(name);
      else this.cookies.set(name, pair.slice(separator + 1).trim());
    }
  }
}
