import type { ChatClient, ChatClientEvents, ChatClientOptions } from "../transport/chat-client-types.ts";
import type { TextOverrides } from "./locales/text-overrides.ts";
import type { ChatErrorInfo, ChatMessage, ConnectionState, HandoffPhase, SessionEnd } from "../transport/conversation.ts";

/** How the widget sits on the page. */
export type WidgetMode = "floating" | "inline" | "fullscreen";

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
  /** Start open (floating mode). */
  open?: boolean;
  /**
   * `open` (default): nothing contacts the platform until the visitor opens the panel or sends a message
   * (a session stored in the tab still resumes at load); `load`: connect at mount.
   */
  start?: "open" | "load";
  /**
   * When the script tag fetches the rest of the app before it is needed: `idle` (default), `intent`
   * (pointer or focus on the launcher), `none`. A prefetch never contacts the platform.
   */
  prefetch?: "idle" | "intent" | "none";
  /** Namespaces what the widget stores in the tab, so two widgets on one page keep two conversations. */
  id?: string;
  /** A ready client to use instead of `createChatClient(options)`; the widget then owns it. */
  client?: ChatClient;
};

/** The detail of each event `ChatController.on` delivers. */
export interface WidgetEvents {
  "cap-chat:ready": { client: ChatClient };
  "cap-chat:open": undefined;
  "cap-chat:close": undefined;
  "cap-chat:message": ChatMessage;
  "cap-chat:state": ConnectionState;
  "cap-chat:handoff": HandoffPhase;
  "cap-chat:handoff-required": ChatClientEvents["handoff-required"];
  "cap-chat:end": SessionEnd;
  "cap-chat:error": ChatErrorInfo;
}

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
  /** Applies options live; a changed connection option replaces the client with a new one. */
  update(options: Partial<WidgetOptions>): void;
}
