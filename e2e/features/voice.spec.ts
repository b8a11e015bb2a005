import type { Page } from "@playwright/test";
import type { OutboundCallView, DniReservationView, ExternalEventView } from "../../demo/server/reference-server-types.ts";
import voiceTexts from "../../src/widget/voice/texts/en.ts";
import { deliveries, recordedWidgetEvents, recordWidgetEvents } from "../support/delivery-table.ts";
import { expect, fault, sessionIdOf, siteSecrets, test } from "../support/fixtures.ts";

/** What the reference platform recorded of the voice doors. */
async function voiceRecords(serverUrl: string) {
  const response = await fetch(`${serverUrl}/__faults/voice`);
  return (await response.json()) as {
    outboundCalls: OutboundCallView[];
    dniReservations: DniReservationView[];
    externalEvents: ExternalEventView[];
  };
}

/** A number of the fictional range, a different one for each call, so no number's budget is reached. */
let calls = 0;
const freshNumber = () => `+1 202 555 ${String(100 + (((Date.now() / 1000 + (calls += 1)) % 100) | 0)).padStart(4, "0")}`;
const digits = (number: string) => number.replace(/[^+\d]/g, "");

/** Opens the panel's menu and chooses an item by its name. */
async function choose(page: Page, name: string): Promise<void> {
  await page.getByRole("button", { name: "More options" }).click();
  await page.getByRole("menuitem", { name }).click();
}

/**
 * Asks to be called back on `number`, through the panel's phone field: the first time, the field starts
 * with the site's calling code; later, with the number asked for last.
 */
async function askForCall(page: Page, number: string, first = true): Promise<void> {
  await choose(page, voiceTexts.callBack);
  const field = page.getByLabel(voiceTexts.phoneNumber);
  await expect(field).toBeFocused();
  if (first) await expect(field).toHaveValue("+1 ");
  await field.fill(number);
  await page.getByRole("button", { name: voiceTexts.callMe }).click();
}

/** Everything of the page a script could read: its markup in every shadow root, its storage and its cookies. */
function pageContents(page: Page): Promise<string> {
  return page.evaluate(() => {
    const markup = (root: Document | ShadowRoot): string =>
      [...root.querySelectorAll("*")].map((element) => (element.shadowRoot ? markup(element.shadowRoot) : "")).join("") +
      (root instanceof Document ? root.documentElement.outerHTML : [...root.children].map((child) => child.outerHTML).join(""));
    return [markup(document), JSON.stringify({ ...sessionStorage }), JSON.stringify({ ...localStorage }), document.cookie].join("\n");
  });
}

test.describe("the voice doors, on each delivery", () => {
  for (const delivery of deliveries) {
    test(`Call me back goes through to success with polls 2 to 5 s apart, and shows a failure's reason (${delivery.name})`, async ({
      page,
      widget,
      serverUrl,
    }) => {
      test.setTimeout(60_000);
      const traffic: string[] = [];
      page.on("request", (request) => traffic.push(request.url(), JSON.stringify(request.headers()), request.postData() ?? ""));
      page.on("response", async (response) => traffic.push(JSON.stringify(response.headers()), await response.text().catch(() => "")));
      page.on("console", (message) => traffic.push(message.text()));
      await widget.startOn(delivery.path);
      await recordWidgetEvents(page, delivery, "cap-chat:call");
      await fault(serverUrl, "scriptCalls", { scripts: [{ queuedMilliseconds: 2500, callingMilliseconds: 3500, outcome: "success" }] });
      const number = freshNumber();
      await askForCall(page, number);
      const status = page.locator('[part~="call-status"]');
      await expect(status).toContainText(voiceTexts.queued);
      await expect(status).toContainText(voiceTexts.success, { timeout: 20_000 });
      const call = (await voiceRecords(serverUrl)).outboundCalls.filter((record) => record.toNumber === digits(number)).at(-1);
      expect(call?.status).toBe("success");
      const reads = call?.statusRequests ?? [];
      expect(reads.length).toBeGreaterThanOrEqual(2);
      for (let index = 1; index < reads.length; index += 1) {
        const gap = (reads[index] as number) - (reads[index - 1] as number);
        expect(gap, `poll ${index}`).toBeGreaterThanOrEqual(2000);
        expect(gap, `poll ${index}`).toBeLessThanOrEqual(5000);
      }

      await page.getByRole("button", { name: "Dismiss" }).click();
      await fault(serverUrl, "scriptCalls", {
        scripts: [{ queuedMilliseconds: 200, callingMilliseconds: 200, outcome: "failure", reason: "no answer" }],
      });
      await askForCall(page, freshNumber(), false);
      await expect(status).toContainText(`${voiceTexts.failure} no answer`, { timeout: 15_000 });
      // The second call failed before its first read, 3 s after it was asked for.
      expect(await recordedWidgetEvents(page, "cap-chat:call")).toEqual([
        { kind: "callback", status: "requested" },
        { kind: "callback", status: "queued" },
        { kind: "callback", status: "calling" },
        { kind: "callback", status: "success" },
        { kind: "callback", status: "requested" },
        { kind: "callback", status: "queued" },
        { kind: "callback", status: "failure", reason: "no answer" },
      ]);

      traffic.push(await pageContents(page));
      for (const secret of siteSecrets) expect(traffic.join("\n"), secret).not.toContain(secret);
    });

    test(`a malformed number is refused in the panel and makes no platform call (${delivery.name})`, async ({
      page,
      widget,
      serverUrl,
    }) => {
      await widget.startOn(delivery.path);
      const posted: string[] = [];
      page.on("request", (request) => {
        if (request.method() === "POST" && request.url().includes("/cap-chat/callback")) posted.push(request.url());
      });
      const before = (await voiceRecords(serverUrl)).outboundCalls.length;
      await choose(page, voiceTexts.callBack);
      const field = page.getByLabel(voiceTexts.phoneNumber);
      await field.fill("12345");
      await field.press("Enter");
      await expect(field).toHaveAttribute("aria-invalid", "true");
      await expect(page.getByText(voiceTexts.invalidNumber)).toBeVisible();
      await expect(field).toBeFocused();
      expect(posted).toEqual([]);
      expect((await voiceRecords(serverUrl)).outboundCalls.length).toBe(before);
    });

    test(`Call us shows the number as a tel: link, and the reservation carries the session id (${delivery.name})`, async ({
      page,
      widget,
      serverUrl,
    }) => {
      const sessionId = sessionIdOf(page);
      await widget.startOn(delivery.path);
      await recordWidgetEvents(page, delivery, "cap-chat:call");
      await choose(page, voiceTexts.callUs);
      const link = page.locator('[part~="call-status"] a');
      await expect(link).toHaveAttribute("href", /^tel:\+1202555\d{4}$/);
      const number = (await link.textContent()) as string;
      await expect(page.locator('[part~="call-status"]')).toContainText(voiceTexts.until.split("{time}")[0] as string);
      const reservation = (await voiceRecords(serverUrl)).dniReservations.filter((record) => record.dni === number).at(-1);
      // The session, beside what the demo site vouches for every visitor.
      expect(reservation?.attributes).toEqual({ session_id: await sessionId, site: "harbour-supplies", context: { customer: "guest" } });
      const events = await recordedWidgetEvents(page, "cap-chat:call");
      expect(events).toEqual([
        { kind: "dni", status: "requested" },
        { kind: "dni", status: "reserved", number, expiresAt: expect.any(String) },
      ]);
    });

    test(`a table booked on the demo site is confirmed by the agent in the chat, once (${delivery.name})`, async ({
      page,
      widget,
      serverUrl,
    }) => {
      const sessionId = sessionIdOf(page);
      await widget.startOn(delivery.path);
      await widget.send("I'd like to book a table");
      const bookingLink = widget.agentMessages.last().getByRole("link", { name: "Book a table" });
      await expect(bookingLink).toBeVisible();
      const [booking] = await Promise.all([page.context().waitForEvent("page"), bookingLink.click()]);
      await booking.waitForLoadState();
      await booking.getByLabel("Guests").fill("4");
      await booking.getByRole("button", { name: "Confirm booking" }).click();
      await expect(booking.getByRole("status")).toContainText("Your table is booked");
      await booking.close();
      const confirmation = widget.agentMessages.filter({ hasText: "You're booked: your table for 4 on Friday at 19:30 is confirmed" });
      await expect(confirmation).toHaveCount(1);
      // The agent has nothing more to say, and said it once: the server's record agrees with the page.
      const id = await sessionId;
      const inspected = (await (await fetch(`${serverUrl}/__faults/inspect/${id}`)).json()) as {
        storedEvents: { type: string; payload: { text?: string; message_id?: string } }[];
      };
      const confirmations = new Set(
        inspected.storedEvents.filter((event) => /You're booked/.test(event.payload.text ?? "")).map((event) => event.payload.message_id),
      );
      expect(confirmations.size).toBe(1);
      await expect(confirmation).toHaveCount(1);
      const issued = (await voiceRecords(serverUrl)).externalEvents.filter((event) => event.conversationId === id);
      expect(issued.map((event) => event.received.length)).toEqual([1]);
    });
  }
});

test.describe("a page without voice", () => {
  for (const path of ["/no-build.html", "/strict-csp.html"]) {
    test(`loads no voice file and offers no call (${path})`, async ({ page, widget }) => {
      const loaded: string[] = [];
      page.on("request", (request) => loaded.push(new URL(request.url()).pathname));
      await widget.startOn(path);
      await page.getByRole("button", { name: "More options" }).click();
      await expect(page.getByRole("menuitem", { name: "End conversation" })).toBeFocused();
      await expect(page.getByRole("menuitem")).toHaveCount(1);
      expect(loaded.filter((file) => file.includes("/dist/"))).toContainEqual(expect.stringMatching(/cap-chat-app-/));
      expect(loaded.filter((file) => /voice|call-texts|\/cap-chat\/(callback|dni)/.test(file))).toEqual([]);
    });
  }
});
