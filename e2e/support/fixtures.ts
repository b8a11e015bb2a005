import { test as base, expect, type Locator, type Page } from "@playwright/test";
import { longReply } from "../../demo/server/agent/replies.ts";
import { SERVER_URL_VARIABLE, VARIANTS_SERVER_URL_VARIABLE } from "./server-handle.ts";

/** Where the demo pages reach the Chat API: the demo site's server companion, on the page's origin. */
export const demoChatPath = "/cap-chat/chat";

/** The reference server's Chat API secrets, which only the demo site's companion may hold. */
export const chatApiSecrets = ["demo-api-key", "demo-chat-token"] as const;

/**
 * Every key of the demo site's backend: the Chat API's, the Messaging connector token, and the keys of
 * Outbound Calling, DNI and External Events. None may reach a page that goes through the companion.
 */
export const siteSecrets = [
  ...chatApiSecrets,
  "demo-connector-token",
  "demo-service-auth-token",
  "demo-dni-api-key",
  "demo-external-events-key",
] as const;

/** Locators and actions on the widget of a page, found by role and name or by `part` in its shadow root. */
export class ChatWidget {
  constructor(readonly page: Page) {}

  get launcher(): Locator {
    return this.page.locator('[part~="launcher"]');
  }
  get panel(): Locator {
    return this.page.locator('[part~="panel"]');
  }
  get log(): Locator {
    return this.page.getByRole("log", { name: "Conversation" });
  }
  get input(): Locator {
    return this.page.getByRole("textbox", { name: "Message" });
  }
  get sendButton(): Locator {
    return this.page.getByRole("button", { name: "Send", exact: true });
  }
  get agentMessages(): Locator {
    return this.page.locator('[part~="message-agent"]');
  }
  get liveAgentMessages(): Locator {
    return this.page.locator('[part~="message-live-agent"]');
  }
  get userMessages(): Locator {
    return this.page.locator('[part~="message-user"]');
  }
  get suggestions(): Locator {
    return this.page.locator('[part~="suggestion"]');
  }
  /** The rows of the transcript that tell the handoff: its progress, who joined, who left. */
  get handoffStory(): Locator {
    return this.page.locator('[part~="handoff"]');
  }
  get notices(): Locator {
    return this.page.locator('[part~="notice"]');
  }

  /** Opens the panel with the launcher and waits for the input. */
  async open(): Promise<void> {
    await this.page.getByRole("button", { name: "Open chat" }).click();
    await expect(this.input).toBeVisible();
  }

  /** Ends the conversation from the header's menu, and confirms, as a visitor would. */
  async endConversation(): Promise<void> {
    await this.page.getByRole("button", { name: "More options" }).click();
    await this.page.getByRole("menuitem", { name: "End conversation" }).click();
    await this.page.getByRole("alertdialog", { name: "End this conversation?" }).getByRole("button", { name: "End conversation" }).click();
  }

  /** Waits for the demo agent's greeting. */
  async expectGreeting(): Promise<void> {
    await expect(this.agentMessages.first()).toContainText("Ask me anything");
  }

  /** Loads `path`, opens the panel and waits for the greeting: where most journeys begin. */
  async startOn(path: string): Promise<void> {
    await this.page.goto(path);
    await this.open();
    await this.expectGreeting();
  }

  /** Types a message and sends it with the Send button; waits until the server has received it. */
  async send(text: string): Promise<void> {
    await this.input.fill(text);
    await this.sendButton.click();
    await expect(this.userMessages.filter({ hasText: text }).last()).toHaveAttribute("data-status", "sent");
  }

  /** The last agent message, once no message is streaming any more. */
  lastAgentMessage(): Locator {
    return this.agentMessages.last();
  }
}

const longParagraphs = longReply()
  .text.split("\n\n")
  .map((paragraph) => paragraph.replace(/\s+/g, " "));

/**
 * Waits until `answer` holds the demo agent's long answer (its "long" trigger) in full, then checks that
 * each paragraph appears exactly once: a stream resumed after a drop must neither lose nor repeat text.
 */
export async function expectLongAnswerInFull(answer: Locator, options: { timeout?: number } = {}): Promise<void> {
  await expect(answer).toContainText(longParagraphs.at(-1) as string, options);
  const text = (await answer.innerText()).replace(/\s+/g, " ");
  for (const paragraph of longParagraphs) {
    expect(text.split(paragraph).length - 1, `"${paragraph.slice(0, 30)}…" once`).toBe(1);
  }
}

/**
 * Calls one of the reference server's fault controls over its test-only HTTP endpoint, with the
 * arguments by name (`{ sessionId, liveEvents }`).
 */
export async function fault(serverUrl: string, method: string, args: Record<string, unknown> = {}): Promise<void> {
  const response = await fetch(`${serverUrl}/__faults/${method}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(args),
  });
  if (!response.ok) throw new Error(`Fault ${method} failed: ${response.status} ${await response.text()}`);
}

/** The session id the page's widget connected with, read from its WebSocket URL. */
export function sessionIdOf(page: Page): Promise<string> {
  return new Promise((resolvePromise) => {
    page.on("websocket", (socket) => {
      const sessionId = new URL(socket.url()).searchParams.get("session_id");
      if (sessionId) resolvePromise(sessionId);
    });
  });
}

/** Keeps the page's console errors, uncaught errors and failed HTTP responses in `problems`. */
export function watchPageProblems(page: Page, problems: string[]): void {
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`console: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  page.on("response", (response) => {
    if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.url()}`);
  });
}

interface Fixtures {
  /** Which demo server the test runs against: the platform's default decisions, or all its variants. */
  platform: "default" | "all-variants";
  serverUrl: string;
  widget: ChatWidget;
  /** Console errors and uncaught page errors seen during the test; asserted empty afterwards. */
  pageProblems: string[];
}

/** The suite's `test`: a page on the reference server, a widget helper, and faults reset after each test. */
export const test = base.extend<Fixtures>({
  platform: ["default", { option: true }],
  serverUrl: async ({ platform }, use) => {
    const variable = platform === "default" ? SERVER_URL_VARIABLE : VARIANTS_SERVER_URL_VARIABLE;
    const url = process.env[variable];
    if (!url) throw new Error(`${variable} is not set: the global setup did not run`);
    await use(url);
    await fault(url, "reset");
  },
  baseURL: async ({ serverUrl }, use) => {
    await use(serverUrl);
  },
  widget: async ({ page }, use) => {
    await use(new ChatWidget(page));
  },
  pageProblems: [
    async ({ page }, use) => {
      const problems: string[] = [];
      watchPageProblems(page, problems);
      await use(problems);
    },
    { auto: true },
  ],
});

export { expect };
