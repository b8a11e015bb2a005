import { act, fireEvent } from "@testing-library/preact";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { CallEvent } from "../../../src/widget/index.ts";
import { createSnapshot } from "../support/fake-chat-client.ts";
import { renderWidget } from "../support/render-widget.ts";

/** One request the widget made to the companion. */
interface Request {
  url: string;
  method: string;
  body: any;
  credentials: RequestCredentials | undefined;
  /** Fake clock milliseconds when it went out. */
  at: number;
}

/**
 * A companion behind a stubbed `fetch`: `answer` decides each answer from the request (a status and a JSON
 * body, or "no answer" for a request that never gets one), and every request is recorded.
 */
function fakeCompanion(answer: (request: Request) => [number, unknown] | "no answer") {
  const requests: Request[] = [];
  vi.stubGlobal("fetch", async (url: string, init: RequestInit = {}) => {
    const request = {
      url,
      method: init.method ?? "GET",
      body: init.body ? JSON.parse(String(init.body)) : undefined,
      credentials: init.credentials,
      at: Date.now(),
    };
    requests.push(request);
    const decided = answer(request);
    if (decided === "no answer") throw new TypeError("Failed to fetch");
    return new Response(JSON.stringify(decided[1]), { status: decided[0], headers: { "Content-Type": "application/json" } });
  });
  return requests;
}

const settings = { calling_code: "+44", allowed_calling_codes: ["+1", "+44"] };

/** The companion's usual answers, with the call's status read from `statuses` in turn (the last one stays). */
function usualAnswers(statuses: Array<[number, unknown]>) {
  let reads = 0;
  return (request: Request): [number, unknown] => {
    if (request.url.endsWith("/callback") && request.method === "GET") return [200, settings];
    if (request.url.endsWith("/callback")) return [200, { handle: "OUT-1.signature", status: "queued" }];
    if (request.url.endsWith("/dni")) return [200, { dni: "+12025550142", expires_at: "2030-01-01T12:45:00.000Z" }];
    const status = statuses[Math.min(reads, statuses.length - 1)] as [number, unknown];
    reads += 1;
    return status;
  };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(Date.UTC(2030, 0, 1, 12, 30));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  document.body.innerHTML = "";
});

/** A widget with `voice`, its voice file loaded and its `cap-chat:call` events recorded. */
async function voiceWidget(options: Parameters<typeof renderWidget>[0] = {}, snapshot = createSnapshot()) {
  const widget = renderWidget({ open: true, companionUrl: "/cap-chat", voice: "callback dni", ...options }, snapshot);
  widget.client.conversation = "session-7";
  const events: CallEvent[] = [];
  widget.controller.on("cap-chat:call", (detail) => events.push(detail));
  /** Lets files loaded on demand (the voice file, a language's texts) arrive, and the widget render. */
  const loaded = async () => {
    for (let round = 0; round < 3; round += 1) {
      await act(() => vi.dynamicImportSettled());
      await widget.settle();
    }
  };
  await loaded();
  const openMenu = () => act(() => widget.root.querySelector<HTMLButtonElement>('[part~="menu"]')!.click());
  /** Moves the fake clock on, letting each answer arrive and the widget render. */
  const wait = async (milliseconds: number) => {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(milliseconds);
    });
  };
  const choose = async (name: string) => {
    await openMenu();
    await act(() => widget.screen.getByRole("menuitem", { name }).click());
    await wait(0);
  };
  const field = () => widget.screen.getByLabelText("Phone number") as HTMLInputElement;
  const submit = async (number: string) => {
    await act(() => void fireEvent.input(field(), { target: { value: number } }));
    await act(() => void fireEvent.submit(field().form!));
    await wait(0);
  };
  const status = () => widget.root.querySelector('[part~="call-status"]');
  return { ...widget, events, loaded, openMenu, choose, field, submit, status, wait };
}

describe("the voice ways out", () => {
  it("are offered in the panel's menu, before End, with their parts", async () => {
    fakeCompanion(usualAnswers([]));
    const { screen, openMenu, root } = await voiceWidget();
    await openMenu();
    const items = screen.getAllByRole("menuitem");
    expect(items.map((item) => [item.textContent, item.getAttribute("part")])).toEqual([
      ["Call me back", "call-back"],
      ["Call us", "call-us"],
      ["End conversation", "end"],
    ]);
    expect(root.activeElement).toBe(items[0]);
    expect(screen.getByRole("button", { name: "More options" }).getAttribute("part")).toBe("menu");
  });

  it("move focus with the arrows between every item of the menu, wrapping, and with Home and End", async () => {
    fakeCompanion(usualAnswers([]));
    const { screen, openMenu, root } = await voiceWidget();
    await openMenu();
    const items = screen.getAllByRole("menuitem");
    const key = (name: string) => act(() => void fireEvent.keyDown(root.activeElement!, { key: name }));
    const focused = () => items.indexOf(root.activeElement as HTMLElement);
    await key("ArrowDown");
    expect(focused()).toBe(1);
    await key("ArrowDown");
    await key("ArrowDown");
    expect(focused()).toBe(0);
    await key("ArrowUp");
    expect(focused()).toBe(2);
    await key("Home");
    expect(focused()).toBe(0);
    await key("End");
    expect(focused()).toBe(2);
  });

  it("stay in the menu when the conversation is not active, without End", async () => {
    fakeCompanion(usualAnswers([]));
    const { screen, openMenu } = await voiceWidget(
      {},
      createSnapshot({ connection: { status: "failed", error: { kind: "network", code: "offline" } as never } }),
    );
    await openMenu();
    expect(screen.getAllByRole("menuitem").map((item) => item.textContent)).toEqual(["Call me back", "Call us"]);
  });

  it("follow the voice option live, and offer nothing without a companion", async () => {
    fakeCompanion(usualAnswers([]));
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const { screen, openMenu, controller, settle } = await voiceWidget({ voice: "dni" });
    await openMenu();
    expect(screen.getAllByRole("menuitem").map((item) => item.textContent)).toEqual(["Call us", "End conversation"]);
    await act(() => controller.update({ voice: "callback" }));
    await act(() => vi.dynamicImportSettled());
    await settle();
    expect(screen.getAllByRole("menuitem").map((item) => item.textContent)).toEqual(["Call me back", "End conversation"]);
    await act(() => controller.update({ voice: "" }));
    await act(() => vi.dynamicImportSettled());
    await settle();
    expect(screen.getAllByRole("menuitem").map((item) => item.textContent)).toEqual(["End conversation"]);
    // Another companion means another client, here one without any URL, so nothing is active either.
    await act(() => controller.update({ voice: "dni", companionUrl: undefined }));
    await act(() => vi.dynamicImportSettled());
    await settle();
    expect(screen.queryAllByRole("menuitem")).toEqual([]);
    expect(screen.queryByRole("button", { name: "More options" })).toBeNull();
    expect(warn).toHaveBeenCalledWith("cap-chat: voice needs companionUrl");
  });
});

describe("Call me back", () => {
  it("opens a phone field with the site's calling code, and follows the call to success, reading every 3 s", async () => {
    const requests = fakeCompanion(
      usualAnswers([
        [200, { status: "queued", reason: "" }],
        [200, { status: "calling", reason: "" }],
        [200, { status: "success", reason: "" }],
      ]),
    );
    const { choose, field, submit, status, wait, events, root } = await voiceWidget();
    await choose("Call me back");
    expect(root.activeElement).toBe(field());
    expect(field().value).toBe("+44 ");
    expect(field().getAttribute("type")).toBe("tel");
    expect(field().getAttribute("dir")).toBe("ltr");
    await submit("+44 20 7946 0958");
    expect(requests.find((request) => request.method === "POST")).toMatchObject({
      url: "/cap-chat/callback",
      body: { phone: "+442079460958", session_id: "session-7" },
      credentials: "include",
    });
    expect(status()?.textContent).toContain("We will call you shortly.");
    const posted = requests.at(-1)!.at;
    await wait(3000);
    await wait(3000);
    expect(status()?.textContent).toContain("Calling you now…");
    await wait(3000);
    expect(status()?.textContent).toContain("Call completed.");
    const reads = requests.filter((request) => request.url.startsWith("/cap-chat/callback/"));
    expect(reads.map((request) => request.url)).toEqual(Array(3).fill("/cap-chat/callback/OUT-1.signature"));
    expect(reads.map((request, index) => request.at - (index === 0 ? posted : reads[index - 1]!.at))).toEqual([3000, 3000, 3000]);
    await wait(60_000);
    expect(requests.filter((request) => request.url.startsWith("/cap-chat/callback/"))).toHaveLength(3);
    expect(events).toEqual([
      { kind: "callback", status: "requested" },
      { kind: "callback", status: "queued" },
      { kind: "callback", status: "calling" },
      { kind: "callback", status: "success" },
    ]);
  });

  it("refuses a malformed number in the panel, before anything is sent", async () => {
    const requests = fakeCompanion(usualAnswers([]));
    const { choose, field, submit, screen, events } = await voiceWidget();
    await choose("Call me back");
    for (const typed of ["12345", "+44", "020 7946 0958", "+0 20 7946 0958"]) {
      await submit(typed);
      expect(field().getAttribute("aria-invalid"), typed).toBe("true");
      expect(screen.getByText("Enter the number with + and the country code.")).toBeTruthy();
      expect(field().getAttribute("aria-describedby")).toBe(screen.getByText("Enter the number with + and the country code.").id);
    }
    await submit("+33 1 23 45 67 89");
    expect(screen.getByText("We only call numbers starting with +1, +44.")).toBeTruthy();
    expect(requests.filter((request) => request.method === "POST")).toEqual([]);
    expect(events).toEqual([]);
  });

  it("explains the companion's refusals in the field, keeping what was typed", async () => {
    const refusals: Array<[number, unknown]> = [
      [400, { success: false, error_code: "COUNTRY_NOT_ALLOWED", error_message: "no" }],
      [429, { success: false, error_code: "RATE_LIMITED", error_message: "slow down" }],
      [502, { success: false, error_code: "UPSTREAM_ERROR", error_message: "failed" }],
    ];
    fakeCompanion((request) => (request.method === "GET" ? [404, {}] : (refusals.shift() ?? "no answer")));
    const { choose, field, submit, screen, events } = await voiceWidget();
    await choose("Call me back");
    expect(field().value).toBe("");
    await submit("+1 415 555 0123");
    expect(screen.getByText("We only call numbers starting with +1.")).toBeTruthy();
    expect(field().value).toBe("+1 415 555 0123");
    await submit("+1 415 555 0123");
    expect(screen.getByText("Too many requests. Try later.")).toBeTruthy();
    await submit("+1 415 555 0123");
    expect(screen.getByText("Could not request the call. Try again.")).toBeTruthy();
    await submit("+1 415 555 0123");
    expect(screen.getByText("Could not request the call. Try again.")).toBeTruthy();
    expect(events.filter((event) => event.status === "failure")).toEqual([
      { kind: "callback", status: "failure", reason: "COUNTRY_NOT_ALLOWED" },
      { kind: "callback", status: "failure", reason: "RATE_LIMITED" },
      { kind: "callback", status: "failure", reason: "UPSTREAM_ERROR" },
      { kind: "callback", status: "failure", reason: "HTTP_0" },
    ]);
  });

  it("shows a failure's reason, and Dismiss gives focus back to the message field", async () => {
    fakeCompanion(usualAnswers([[200, { status: "failure", reason: "call queueing: max timeout limit exceeded" }]]));
    const { choose, submit, status, wait, events, screen, root } = await voiceWidget();
    await choose("Call me back");
    await submit("+1 415 555 0123");
    await wait(3000);
    expect(status()?.textContent).toContain("The call did not go through. call queueing: max timeout limit exceeded");
    expect(events.at(-1)).toEqual({ kind: "callback", status: "failure", reason: "call queueing: max timeout limit exceeded" });
    await act(() => screen.getByRole("button", { name: "Dismiss" }).click());
    await wait(300);
    expect(status()).toBeNull();
    expect(root.activeElement).toBe(screen.getByLabelText("Message"));
  });

  it("backs off on errors, twice as long each time up to 30 s, and says plainly once the status has expired", async () => {
    const requests = fakeCompanion(
      usualAnswers([
        [500, {}],
        [500, {}],
        "no answer" as never,
        [503, {}],
        [500, {}],
        [500, {}],
        [200, { status: "calling", reason: "" }],
        [404, {}],
      ]),
    );
    const { choose, submit, status, wait, events } = await voiceWidget();
    await choose("Call me back");
    await submit("+1 415 555 0123");
    await wait(3000 + 6000 + 12_000 + 24_000 + 30_000 + 30_000 + 30_000);
    await wait(3000);
    const reads = requests.filter((request) => request.url.includes("/callback/")).map((request) => request.at);
    expect(reads.slice(1).map((at, index) => at - (reads[index] as number))).toEqual([6000, 12_000, 24_000, 30_000, 30_000, 30_000, 3000]);
    expect(status()?.textContent).toContain("This call's status has expired.");
    expect(events.map((event) => event.status)).toEqual(["requested", "queued", "calling", "unavailable"]);
    await wait(60_000);
    expect(requests.filter((request) => request.url.includes("/callback/"))).toHaveLength(reads.length);
  });

  it("says it is checking while errors last", async () => {
    fakeCompanion(usualAnswers([[500, {}]]));
    const { choose, submit, status, wait } = await voiceWidget();
    await choose("Call me back");
    await submit("+1 415 555 0123");
    await wait(3000);
    expect(status()?.textContent).toContain("Checking on your call…");
  });

  it("closes with Escape, not the panel, and with Cancel", async () => {
    fakeCompanion(usualAnswers([]));
    const { choose, field, screen, root } = await voiceWidget();
    await choose("Call me back");
    await act(() => void fireEvent.keyDown(field(), { key: "Escape" }));
    expect(screen.queryByLabelText("Phone number")).toBeNull();
    expect(screen.queryByRole("dialog")).not.toBeNull();
    expect(root.activeElement).toBe(screen.getByLabelText("Message"));
    await choose("Call me back");
    await act(() => screen.getByRole("button", { name: "Cancel" }).click());
    expect(screen.queryByLabelText("Phone number")).toBeNull();
  });

  it("stops reading the call's status when the widget goes away", async () => {
    const requests = fakeCompanion(usualAnswers([[200, { status: "calling", reason: "" }]]));
    const { choose, submit, wait, controller } = await voiceWidget();
    await choose("Call me back");
    await submit("+1 415 555 0123");
    await wait(3000);
    const reads = requests.length;
    controller.destroy();
    await wait(30_000);
    expect(requests.length).toBe(reads);
  });
});

describe("Call us", () => {
  it("reserves a number carrying the session id and shows it as a tel: link with its window", async () => {
    const requests = fakeCompanion(usualAnswers([]));
    const { choose, status, events, screen } = await voiceWidget();
    await choose("Call us");
    expect(requests).toEqual([expect.objectContaining({ url: "/cap-chat/dni", method: "POST", body: { session_id: "session-7" } })]);
    const link = screen.getByRole("link", { name: "+12025550142" });
    expect(link.getAttribute("href")).toBe("tel:+12025550142");
    expect(link.getAttribute("dir")).toBe("ltr");
    expect(status()?.textContent).toMatch(/^Call us on \+12025550142 Yours until .*45/);
    expect(events).toEqual([
      { kind: "dni", status: "requested" },
      { kind: "dni", status: "reserved", number: "+12025550142", expiresAt: "2030-01-01T12:45:00.000Z" },
    ]);
    await act(() => screen.getByRole("button", { name: "Dismiss" }).click());
    await choose("Call us");
    expect(requests).toHaveLength(1);
    expect(screen.getByRole("link", { name: "+12025550142" })).toBeTruthy();
  });

  it("carries the Chat API conversation instead, and says so when no number is free", async () => {
    const requests = fakeCompanion(() => [502, { success: false, error_code: "UPSTREAM_ERROR", error_message: "x" }]);
    const { choose, status, events } = await voiceWidget({}, createSnapshot({ transport: "chat" }));
    await choose("Call us");
    expect(requests[0]?.body).toEqual({ conversation_id: "session-7" });
    expect(status()?.textContent).toContain("No number is free now. Try later.");
    expect(events.at(-1)).toEqual({ kind: "dni", status: "failure", reason: "UPSTREAM_ERROR" });
  });
});

describe("in another language", () => {
  it("speaks French, and keeps numbers left to right in Arabic", async () => {
    fakeCompanion(usualAnswers([]));
    const french = await voiceWidget({ locale: "fr" });
    await french.openMenu();
    expect(french.screen.getAllByRole("menuitem").map((item) => item.textContent)).toEqual([
      "Me faire rappeler",
      "Nous appeler",
      "Terminer la conversation",
    ]);
    document.body.innerHTML = "";
    const arabic = await voiceWidget({ locale: "ar" });
    await arabic.choose("اتصل بنا");
    expect(arabic.screen.getByRole("link").getAttribute("dir")).toBe("ltr");
    expect(arabic.root.querySelector(".root")?.getAttribute("dir")).toBe("rtl");
  });
});
