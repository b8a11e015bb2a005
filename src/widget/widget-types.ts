import type { ChatClient, ChatClientEvents, ChatClientOptions } from "../transport/chat-client-types.ts";
import type { TextOverrides } from "./locales/text-overrides.ts";
import type { ChatErrorInfo, ChatMessage, ConnectionState, HandoffPhase, SessionEnd } from "../transport/conversation.ts";

/** How the widget sits on the page. */
export type WidgetMode = "floating" | "inline" | "fullscreen";

/**
 * How a visitor who looks away learns of a reply: `title` (the count before the page's title), `sound` (and
 * a short tone), `system` (and a browser notification for a live agent's reply, once the visitor accepts
 * the panel's offer), `none`.
 */
export type NotifyMode = "title" | "sound" | "system" | "none";

/** Options of `mountChat`: the client's options plus presentation. */
export type WidgetOptions = ChatClientOptions & {
  /** Panel title (default: the locale's "Chat"); also names the agent where the platform gives no name. */
  headerTitle?: string;
  /** The agent's picture (http or https) where the platform gives none: the Chat API, the welcome. */
  avatarUrl?: string;
  /** A line under the title in the welcome that opens the conversation. */
  welcomeText?: string;
  /**
   * UI language, a BCP 47 tag matched to a built-in locale (`pt-BR`, then `pt`); default the browser
   * language, else English.
   */
  locale?: string;
  /**
   * The site's own texts in place of the widget's, per locale code and text key (docs/texts.md):
   * `{ en: { send: "Go" }, de: { send: "Los" } }`. A key that names no text is warned about on the console.
   */
  strings?: TextOverrides;
  /** Default `floating` (launcher and panel). */
  mode?: WidgetMode;
  /**
   * The side of the floating launcher and panel, `right` (default) or `left`, in every language: a
   * right-to-left language mirrors the panel's content, not its place.
   */
  position?: "right" | "left";
  /** Start open (floating mode). */
  open?: boolean;
  /** How a visitor who looks away learns of a reply (default `title`); see {@link NotifyMode}. */
  notify?: NotifyMode;
  /**
   * `open` (default): nothing contacts the platform until the visitor opens the panel, focuses an inline
   * widget or sends a message (a session stored in the tab still resumes at load, and a full-screen widget
   * starts at mount); `load`: connect at mount.
   */
  start?: "open" | "load";
  /**
   * When the script tag fetches the rest of the app before it is needed: `idle` (default), `intent`
   * (pointer or focus on the launcher), `none`. A prefetch never contacts the platform.
   */
  prefetch?: "idle" | "intent" | "none";
  /** Namespaces what the widget stores in the tab, so two widgets on one page keep two conversations. */
  id?: string;
  /**
   * The base URL of the site's `cap-chat/server` mount (`/cap-chat`): `tokenUrl` defaults to
   * `{companionUrl}/access-token` and `chatUrl` to `{companionUrl}/chat`, so a site configures one URL;
   * `voice` and `feedback` go through it too.
   */
  companionUrl?: string;
  /**
   * Ways to go on by phone offered in the panel's menu, space-separated, through the site's companion
   * (`companionUrl`): `callback` ("Call me back") and `dni` ("Call us"). Loaded only when set.
   */
  voice?: string;
  /**
   * Offers a helpful / not helpful choice under each finished answer of the platform's agent, with an
   * optional comment after "not helpful"; each choice fires `cap-chat:feedback` and, with `companionUrl`,
   * is posted once to `{companionUrl}/feedback` for the companion's `onFeedback`. Default false.
   */
  feedback?: boolean;
  /** A ready client to use instead of `createChatClient(options)`; the widget then owns it. */
  client?: ChatClient;
};

/** What the site tells the visitor to do after a handoff it must route: see `HandoffRequired`. */
export interface HandoffAnswer {
  /** The next step, in the site's words. */
  text: string;
  /** Where the visitor takes it: an http(s), `mailto:` or `tel:` address, or one relative to the page. */
  url?: string;
  /** The link's text; the address itself without its scheme when not given. */
  label?: string;
}

/**
 * The detail of `cap-chat:handoff-required`: the platform cannot route the visitor, the site must. A listener
 * may call `respond` (at once, or later while that handoff stands) to show the visitor its next step in the
 * panel; without an answer, the panel says that no one from the team can join this chat, and why.
 */
export type HandoffRequired = ChatClientEvents["handoff-required"] & { respond(answer: HandoffAnswer): void };

/** The detail of each event `ChatController.on` delivers. */
export interface WidgetEvents {
  "cap-chat:ready": { client: ChatClient };
  "cap-chat:open": undefined;
  "cap-chat:close": undefined;
  "cap-chat:message": ChatMessage;
  "cap-chat:state": ConnectionState;
  "cap-chat:handoff": HandoffPhase;
  "cap-chat:handoff-required": HandoffRequired;
  "cap-chat:end": SessionEnd;
  "cap-chat:error": ChatErrorInfo;
  "cap-chat:call": CallEvent;
  /** The replies the visitor has not seen, after every change of their number. */
  "cap-chat:unread": { count: number };
  "cap-chat:feedback": FeedbackDetail;
}

/** The detail of `cap-chat:feedback`: the visitor's choice on one answer of the platform's agent. */
export interface FeedbackDetail {
  /** The answer's id: the platform's `message_id`, as the message element's `data-message-id`. */
  messageId: string;
  value: "up" | "down";
  /** What the visitor wrote after "not helpful", when anything. */
  comment?: string;
}

/**
 * One step of a call the visitor asked for, once per change. A callback goes `requested`, `queued`,
 * `calling`, then `success` or `failure` (with the platform's or the companion's `reason`), or
 * `unavailable` once its status has expired; a reservation goes `requested`, then `reserved` (with
 * `number`, and `expiresAt` when the platform gives its window) or `failure`.
 */
export type CallEvent =
  | { kind: "callback"; status: "requested" | "queued" | "calling" | "success" | "unavailable" }
  | { kind: "callback"; status: "failure"; reason: string }
  | { kind: "dni"; status: "requested" }
  | { kind: "dni"; status: "reserved"; number: string; expiresAt?: string }
  | { kind: "dni"; status: "failure"; reason: string };

/** The names `ChatController.on` accepts. */
export type WidgetEventName = keyof WidgetEvents;

/** A handler of one widget event; it receives that event's detail. */
export type WidgetEventHandler<Name extends WidgetEventName> = (detail: WidgetEvents[Name]) => void;

/**
 * The commands and events of a mounted widget. `mountChat` adds live option updates to them; the script
 * tag, whose page replaces the widget instead of updating it, mounts this alone.
 */
export interface BasicChatController {
  /** Opens the floating panel and moves focus into it: to the input, or to the panel on a touch screen. */
  open(): void;
  /** Closes the floating panel. */
  close(): void;
  toggle(): void;
  /** Sends a user message as if typed. */
  send(text: string): void;
  /** Ends the conversation for the user. */
  end(): void;
  /**
   * As on a site's log-out: ends the conversation on the platform, closes the panel and removes everything
   * the widget stored, in every tab of the conversation, each of which emits `cap-chat:end` with the reason
   * `reset`. Nothing contacts the platform again until the next open or send.
   */
  reset(): void;
  /**
   * Shows the site's own `text` in a bubble beside the closed launcher, which opens the panel when clicked
   * and can be dismissed; it is neither sent to the platform nor part of the transcript.
   */
  prompt(text: string): void;
  /** Unmounts the widget, removes what it added to the page and destroys the client. */
  destroy(): void;
  /** Listens to one event; returns the unsubscribe function. */
  on<Name extends WidgetEventName>(name: Name, handler: WidgetEventHandler<Name>): () => void;
  off<Name extends WidgetEventName>(name: Name, handler: WidgetEventHandler<Name>): void;
  /** The client in use (it changes after `update` with new connection options). */
  readonly client: ChatClient;
}

/** What `mountChat` returns: commands for the page, events, live updates. */
export interface ChatController extends BasicChatController {
  /**
   * Applies options live; a changed connection option replaces the client with a new one (`context` and
   * the presentation options never do).
   */
  update(options: Partial<WidgetOptions>): void;
  /**
   * Replaces the context the conversation carries (`update({ context })`): the next user message takes
   * it, and so does the next Chat API create. A context that is not a JSON object of at most 4 KB of JSON
   * is refused with a console error, and the previous one stays.
   */
  setContext(context: Record<string, unknown> | null): void;
}
