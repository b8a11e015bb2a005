import { mountChat, type ChatController, type WidgetOptions } from "../widget/index.ts";
import { WIDGET_EVENT_NAMES } from "./event-names.ts";
import {
  OPTION_ATTRIBUTES,
  optionsFromAttributes,
  resolveRelativeUrls,
  type OptionAttribute,
} from "./options-from-attributes.ts";

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
  /** The mounted widget's controller; null until the element is connected with a messaging or chat URL. */
  readonly controller: ChatController | null;
  open(): void;
  close(): void;
  toggle(): void;
  send(text: string): void;
  end(): void;
}

let elementClass: (new () => CapChatElement) | undefined;

/**
 * The `<cap-chat>` class, created on first call so that merely importing this module on a server (no
 * `HTMLElement`) does not throw. Throws if called where `HTMLElement` does not exist.
 */
export function getCapChatElementClass(): new () => CapChatElement {
  elementClass ??= createElementClass();
  return elementClass;
}

/**
 * Registers `<cap-chat>` when the page has custom elements, and returns the registered class; returns
 * undefined (and does nothing) on a server. Registering twice is harmless: the first registration stays.
 */
export function defineCapChatElement(): CustomElementConstructor | undefined {
  if (typeof customElements === "undefined" || typeof HTMLElement === "undefined") return undefined;
  const existing = customElements.get(CAP_CHAT_TAG_NAME);
  if (existing) return existing;
  const definition = getCapChatElementClass();
  customElements.define(CAP_CHAT_TAG_NAME, definition);
  return definition;
}

function createElementClass(): new () => CapChatElement {
  return class CapChat extends HTMLElement implements CapChatElement {
    static get observedAttributes(): readonly string[] {
      return OPTION_ATTRIBUTES;
    }

    #root: ShadowRoot;
    #controller: ChatController | null = null;
    #config: Partial<WidgetOptions> = {};
    /** The options last given to the widget, to send only what changed. */
    #applied: Partial<WidgetOptions> = {};
    #waiting: ((controller: ChatController) => void)[] = [];
    #unsubscribers: (() => void)[] = [];
    #teardownTimer: ReturnType<typeof setTimeout> | undefined;

    constructor() {
      super();
      this.#root = this.shadowRoot ?? this.attachShadow({ mode: "open" });
      this.#adoptEarlyConfig();
    }

    get controller(): ChatController | null {
      return this.#controller;
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
      this.#teardownTimer = undefined;
      this.#refresh();
    }

    disconnectedCallback(): void {
      clearTimeout(this.#teardownTimer);
      this.#teardownTimer = setTimeout(() => {
        this.#teardownTimer = undefined;
        if (!this.isConnected) this.#teardown();
      }, DISCONNECT_GRACE_MILLISECONDS);
    }

    attributeChangedCallback(name: string, previous: string | null, value: string | null): void {
      if (previous === value) return;
      const attribute = name as OptionAttribute;
      const { invalid } = optionsFromAttributes((asked) => (asked === attribute ? value : null));
      for (const problem of invalid) {
        console.warn(`<cap-chat>: ignoring ${problem.attribute}="${problem.value}": ${problem.reason}`);
      }
      if (attribute === "open" && this.#controller) {
        if (this.#options().open) this.#controller.open();
        else this.#controller.close();
        return;
      }
      this.#refresh();
    }

    open(): void {
      this.#whenMounted((controller) => controller.open());
    }

    close(): void {
      this.#whenMounted((controller) => controller.close());
    }

    toggle(): void {
      this.#whenMounted((controller) => controller.toggle());
    }

    send(text: string): void {
      this.#whenMounted((controller) => controller.send(text));
    }

    end(): void {
      this.#whenMounted((controller) => controller.end());
    }

    /**
     * A page may set `config` before the element is defined; that value then sits on the instance and
     * would hide the accessor, so it is taken over here.
     */
    #adoptEarlyConfig(): void {
      if (!Object.prototype.hasOwnProperty.call(this, "config")) return;
      const early = (this as { config?: Partial<WidgetOptions> }).config;
      delete (this as { config?: unknown }).config;
      this.#config = early && typeof early === "object" ? { ...early } : {};
    }

    #options(): Partial<WidgetOptions> {
      const fromAttributes = optionsFromAttributes((name) => this.getAttribute(name)).options;
      return resolveRelativeUrls({ ...fromAttributes, ...this.#config }, this.ownerDocument.baseURI);
    }

    #whenMounted(action: (controller: ChatController) => void): void {
      if (this.#controller) action(this.#controller);
      else this.#waiting.push(action);
    }

    #refresh(): void {
      if (!this.isConnected) return;
      const options = this.#options();
      const controller = this.#controller;
      if (!controller) {
        if (options.messagingUrl || options.chatUrl) this.#mount(options);
        return;
      }
      // `open` is a state the person changes too, so it is applied by its own attribute only.
      const { open: _open, ...live } = options;
      const changed = changedOptions(this.#applied, live);
      this.#applied = live;
      if (changed) controller.update(changed);
    }

    #mount(options: Partial<WidgetOptions>): void {
      const controller = mountChat(this.#root, options as WidgetOptions);
      this.#controller = controller;
      const { open: _open, ...live } = options;
      this.#applied = live;
      this.#unsubscribers = WIDGET_EVENT_NAMES.map((name) =>
        controller.on(name, ((detail: unknown) => {
          this.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true }));
        }) as never),
      );
      const waiting = this.#waiting;
      this.#waiting = [];
      for (const action of waiting) action(controller);
    }

    #teardown(): void {
      for (const unsubscribe of this.#unsubscribers) unsubscribe();
      this.#unsubscribers = [];
      this.#controller?.destroy();
      this.#controller = null;
      this.#applied = {};
    }
  };
}

/** The keys whose value differs (a removed key is reported as undefined), or null when nothing changed. */
function changedOptions(
  previous: Partial<WidgetOptions>,
  next: Partial<WidgetOptions>,
): Partial<WidgetOptions> | null {
  const changed: Record<string, unknown> = {};
  const keys = new Set([...Object.keys(previous), ...Object.keys(next)]);
  for (const key of keys) {
    const before = (previous as Record<string, unknown>)[key];
    const after = (next as Record<string, unknown>)[key];
    if (!sameValue(before, after)) changed[key] = after;
  }
  return Object.keys(changed).length > 0 ? (changed as Partial<WidgetOptions>) : null;
}

function sameValue(left: unknown, right: unknown): boolean {
  if (Object.is(left, right)) return true;
  if (left && right && typeof left === "object" && typeof right === "object") {
    return JSON.stringify(left) === JSON.stringify(right);
  }
  return false;
}
