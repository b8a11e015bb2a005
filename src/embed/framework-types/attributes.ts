/**
 * The attributes of `<cap-chat>` as a template may write them, for the framework declarations beside this
 * file. Values are what the element accepts: text, one of the documented words, or a boolean.
 */
import type { NotifyMode, WidgetMode } from "../../widget/index.ts";
import type { CapChatElement } from "../cap-chat-element.ts";
import type { OptionAttribute } from "../options-from-attributes.ts";

/** A boolean attribute: present (`""`, `true`) or `"false"`; frameworks also pass a boolean. */
export type BooleanAttribute = boolean | "" | "true" | "false";

/** Every option attribute of `<cap-chat>`, each optional. */
export interface CapChatAttributes {
  /** The Messaging API host (`https://`, or `http://` on a loopback host in development). */
  "messaging-url"?: string;
  /** Sent as `X-Token`; not needed with `token-url`. */
  "connector-token"?: string;
  /** Sent as `X-Host`; defaults to the page's host name. */
  host?: string;
  /** Asks the platform to stream replies (default true). */
  streaming?: BooleanAttribute;
  /** `auto` (default), `messaging` or `chat`. */
  transport?: "auto" | "messaging" | "chat";
  /** The Chat API base ending in `/chat`, normally the site's own proxy. */
  "chat-url"?: string;
  "variant-id"?: string;
  /** A JSON object, passed on Chat API create. */
  "integration-attributes"?: string;
  /** The panel title (default "Chat" in the page's language). */
  "header-title"?: string;
  /** The UI language (default the browser's). */
  locale?: string;
  /** `floating` (default), `inline` or `fullscreen`. */
  mode?: WidgetMode;
  /** The floating launcher's and panel's side: `right` (default) or `left`, whatever the language. */
  position?: "right" | "left";
  /** Start open. */
  open?: BooleanAttribute;
  /** Helpful / not helpful under each answer of the platform's agent. */
  feedback?: BooleanAttribute;
  /** `session` (default) or `none`. */
  persist?: "local" | "session" | "none";
  /** `open` (default): connect when the visitor opens the panel or sends; `load`: connect at once. */
  start?: "open" | "load";
  /** When the script tag fetches the rest of the app: `idle` (default), `intent` or `none`. */
  prefetch?: "idle" | "intent" | "none";
  /** How a visitor who looks away learns of a reply: `title` (default), `sound`, `system` or `none`. */
  notify?: NotifyMode;
  /** The site's endpoint returning `{access_token, expires_in}`; replaces `connector-token`. */
  "token-url"?: string;
  /** What the panel shows before the first message. */
  "welcome-text"?: string;
  /** The avatar shown with the welcome text. */
  "avatar-url"?: string;
  /** The element's id, which also names its stored state: two widgets on a page keep two conversations. */
  id?: string;
  /** The site's `cap-chat/server` mount (`/cap-chat`): `token-url` and `chat-url` default from it. */
  "companion-url"?: string;
  /** Ways to go on by phone in the panel's menu, space-separated: `callback`, `dni`. */
  voice?: string;
}

/**
 * The attributes for frameworks that set a prop as a DOM property whenever the element has a property of
 * that name (React 19, Vue 3, Svelte 5). `open` is left out: the element's `open()` method would be
 * overwritten. Use `config={{ open: true }}` or call `open()` on the element instead.
 */
export type CapChatPropertyAttributes = Omit<CapChatAttributes, "open">;

/** The element's `config` property: options merged over the attributes (objects and functions). */
export type CapChatConfig = CapChatElement["config"];

// Fails to compile when the element observes an attribute these declarations do not list.
type Undeclared = Exclude<OptionAttribute, keyof CapChatAttributes>;
const everyAttributeDeclared: [Undeclared] extends [never] ? true : never = true;
void everyAttributeDeclared;
