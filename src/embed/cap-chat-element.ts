import type { ChatController, WidgetOptions } from "../widget/widget-types.ts";
import type { AppSource } from "./app-source.ts";
import { createEmbeddedWidget } from "./embedded-widget.ts";
import { WIDGET_EVENT_NAMES } from "./event-names.ts";
import { OPTION_ATTRIBUTES, optionsFromAttributes, warnInvalid } from "./options-from-attributes.ts";

/** The tag `cap-chat/element` registers. */
export const CAP_CHAT_TAG_NAME = "cap-chat";

/**
 * How long a disconnected element waits before it tears its widget down. Moving an element in the DOM
 * (or a framework re-inserting it) disconnects and reconnects it; the session must survive that.
 */
export const DISCONNECT_GRACE_MILLISECONDS = 100;

/** The public surface of `<cap-chat>`. */
export interface CapChatElement extends HTMLElement {
  /** Options merged over the attributes, for values that do not belong in markup (e.g. `chatHeaders`). */
  config: Partial<WidgetOptions>;
  /**
   * The mounted widget's controller; null until the element is connected with a messaging or chat URL and
   * the widget's app has loaded (at once with `cap-chat/element`; when needed from the script tag).
   */
  readonly controller: ChatController | null;
  open(): void;
  close(): void;
  toggle(): void;
  send(text: string): void;
  end(): void;
  /** As on a site's log-out: ends the conversation and removes what the widget stored, in every tab. */
  reset(): void;
  /** Shows the site's own line in a bubble beside the closed launcher (see `ChatController.prompt`). */
  prompt(text: string): void;
}

/**
 * Registers `<cap-chat>` with the class `create` returns, when the page has custom elements and no
 * `<cap-chat>` yet; returns the registered class, or undefined (doing nothing) on a server. The first
 * registration stays, so loading the script tag twice, or it and `cap-chat/element`, never throws.
 */
export function registerCapChatElement(create: () => CustomElementConstructor): CustomElementConstructor | undefined {
  if (typeof customElements === "undefined" || typeof HTMLElement === "undefined") return undefined;
  const existing = customElements.get(CAP_CHAT_TAG_NAME);
  if (existing) return existing;
  const definition = create();
  customElements.define(CAP_CHAT_TAG_NAME, definition);
  return definition;
}

/**
 * Creates the `<cap-chat>` class over the app of `source`. Throws where `HTMLElement` does not exist, so
 * call it only when registering.
 */
export function createCapChatElementClass(source: AppSource): new () => CapChatElement {
  return class CapChat extends HTMLElement implements CapChatElement {
    static observedAttributes: readonly string[] = OPTION_ATTRIBUTES;

    #root: ShadowRoot;
    #config: Partial<WidgetOptions> = {};
    /** The options last given to the widget, to send those no longer given as removed. */
    #applied: Partial<WidgetOptions> = {};
    #teardownTimer: ReturnType<typeof setTimeout> | undefined;
    /** Holds commands until the widget mounts, and keeps the event re-dispatching across remounts. */
    #widget = createEmbeddedWidget({ defaults: {}, source, attach: () => ({ root: this.#root }) });

    constructor() {
      super();
      this.#root = this.shadowRoot ?? this.attachShadow({ mode: "open" });
      for (const name of WIDGET_EVENT_NAMES) {
        this.#widget.on(name, (detail) => this.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true })));
      }
      // A page may set `config` before the element is defined; that value then sits on the instance and
      // would hide the accessor, so it is taken over here.
      if (Object.hasOwn(this, "config")) {
        const early = this.config;
        delete (this as { config?: unknown }).config;
        this.config = early;
      }
    }

    get controller(): ChatController | null {
      return this.#widget.controller;
    }

    get config(): Partial<WidgetOptions> {
      return { ...this.#config };
    }

    set config(value: Partial<WidgetOptions>) {
      this.#config = value && typeof value === "object" ? { ...value } : {};
      this.#refresh();
    }

    connectedCallback(): void {
      clearTimeout(this.#teardownTimer);
      this.#refresh();
    }

    disconnectedCallback(): void {
      clearTimeout(this.#teardownTimer);
      this.#teardownTimer = setTimeout(() => {
        if (this.isConnected || !this.#widget.mounted) return;
        this.#widget.destroy();
        this.#applied = {};
      }, DISCONNECT_GRACE_MILLISECONDS);
    }

    attributeChangedCallback(name: string, previous: string | null, value: string | null): void {
      if (previous === value) return;
      warnInvalid("<cap-chat>: ignoring ", optionsFromAttributes((asked) => (asked === name ? value : null)).invalid);
      // `open` is a state the person changes too, so it is applied by its own attribute only.
      if (name !== "open" || !this.#widget.mounted) this.#refresh();
      else if (this.#options().open) this.#widget.open();
      else this.#widget.close();
    }

    open(): void {
      this.#widget.open();
    }

    close(): void {
      this.#widget.close();
    }

    toggle(): void {
      this.#widget.toggle();
    }

    send(text: string): void {
      this.#widget.send(text);
    }

    end(): void {
      this.#widget.end();
    }

    reset(): void {
      this.#widget.reset();
    }

    prompt(text: string): void {
      this.#widget.prompt(text);
    }

    #options(): Partial<WidgetOptions> {
      const fromAttributes = optionsFromAttributes((name) => this.getAttribute(name)).options;
      return { ...fromAttributes, ...this.#config };
    }

    #refresh(): void {
      if (!this.isConnected) return;
      const options = this.#options();
      const { open: _open, ...live } = options;
      if (this.#widget.mounted) {
        // Every option, and those no longer given as undefined: the widget applies only what changed.
        this.#widget.update({ ...Object.fromEntries(Object.keys(this.#applied).map((key) => [key])), ...live });
      } else if (options.messagingUrl || options.chatUrl) {
        this.#widget.boot(options);
      } else {
        return;
      }
      this.#applied = live;
    }
  };
}
