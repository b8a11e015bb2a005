import { readdirSync, readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { resolve } from "node:path";
import type { Page } from "@playwright/test";
import type { IntegrityManifest } from "../../build/integrity-manifest.ts";
import { integrityOf } from "../../build/subresource-integrity.ts";
import { expect, test } from "../support/fixtures.ts";

const distRoot = resolve(import.meta.dirname, "../../dist");
const manifest = JSON.parse(readFileSync(resolve(distRoot, "integrity.json"), "utf8")) as IntegrityManifest;
const builtFile = (pattern: RegExp) => readdirSync(distRoot).find((name) => pattern.test(name)) as string;

/**
 * A second origin serving dist/ as a CDN does (CORS for every file), on another 127.0.0.1 port. `tampered`
 * holds the files it serves changed by one byte, as a compromised CDN would.
 */
const cdn = {
  server: null as Server | null,
  origin: "",
  tampered: new Set<string>(),
};

test.beforeAll(async () => {
  cdn.server = createServer((request, response) => {
    const name = decodeURIComponent(new URL(request.url ?? "/", "http://cdn").pathname.slice(1));
    if (!/^[\w.-]+\.js$/.test(name)) return void response.writeHead(404).end();
    let content: Buffer;
    try {
      content = readFileSync(resolve(distRoot, name));
    } catch {
      return void response.writeHead(404).end();
    }
    if (cdn.tampered.has(name)) content = Buffer.concat([content, Buffer.from(";")]);
    response.writeHead(200, {
      "Content-Type": "text/javascript; charset=utf-8",
      "Access-Control-Allow-Origin": "*",
      "Cache-Control": "no-store",
    });
    response.end(content);
  });
  await new Promise<void>((done) => cdn.server?.listen(0, "127.0.0.1", done));
  cdn.origin = `http://127.0.0.1:${(cdn.server.address() as AddressInfo).port}`;
});
test.afterAll(() => new Promise<void>((done) => (cdn.server ? cdn.server.close(() => done()) : done())));
test.afterEach(() => cdn.tampered.clear());

/**
 * Opens a page of the demo site that loads the loader from the CDN with its `integrity`, as the README
 * shows, under a strict policy that allows scripts from the page's origin and the CDN alone.
 */
async function openCdnPage(page: Page, serverUrl: string, locale: string): Promise<void> {
  const policy = `default-src 'self'; script-src 'self' ${cdn.origin}; style-src 'self'; img-src 'self' data:; connect-src 'self'`;
  await page.route(`${serverUrl}/cdn.html`, (route) =>
    route.fulfill({
      contentType: "text/html; charset=utf-8",
      headers: { "Content-Security-Policy": policy },
      body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>cap-chat from a CDN</title>
<script src="/assets/strict-csp-setup.js"></script>
<script src="${cdn.origin}/cap-chat.js" integrity="${manifest.files["cap-chat.js"]}" crossorigin="anonymous" defer
  data-messaging-url="/" data-connector-token="demo-connector-token" data-chat-url="/cap-chat/chat" data-locale="${locale}"></script>
</head><body><main><h1>A page that pins its chat</h1></main></body></html>`,
    }),
  );
  // A page the test fulfils has no address, so the browser counts it public, and asks before a public page
  // reaches a loopback one: here both stand for the public site and CDN of a real deployment.
  await page.context().grantPermissions(["local-network-access"]);
  await page.addInitScript(() => {
    const record = window as unknown as { violations: string[] };
    record.violations = [];
    document.addEventListener("securitypolicyviolation", (event) =>
      record.violations.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  await page.goto("/cdn.html");
}

/** The module preloads of the page, by file name: what each checked its file against. */
const preloads = (page: Page) =>
  page.evaluate(() =>
    Object.fromEntries(
      [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) => [link.href, link.integrity]),
    ),
  );

test.describe("a release pinned by its integrity, from a second origin", () => {
  test("the loader, the app, the list of locales and the locale arrive checked, under a strict policy", async ({
    page,
    serverUrl,
    widget,
    pageProblems,
  }) => {
    await openCdnPage(page, serverUrl, "de");
    await expect(page.evaluate(() => (window as unknown as { CapChat?: { version?: string } }).CapChat?.version)).resolves.toBe(
      manifest.version,
    );
    await widget.launcher.click();
    await expect(page.getByRole("textbox", { name: "Nachricht" })).toBeVisible();
    await widget.expectGreeting();
    const app = builtFile(/^cap-chat-app-[\w-]+\.js$/);
    const checked = await preloads(page);
    for (const file of [app, builtFile(/^cap-chat-locale-files-/), builtFile(/^cap-chat-de-/)]) {
      expect(checked[`${cdn.origin}/${file}`], file).toBe(integrityOf(readFileSync(resolve(distRoot, file))));
    }
    expect(await page.evaluate(() => (window as unknown as { violations: string[] }).violations)).toEqual([]);
    expect(pageProblems).toEqual([]);
  });

  test("an app changed on the CDN never runs", async ({ page, serverUrl, widget }) => {
    cdn.tampered.add(builtFile(/^cap-chat-app-[\w-]+\.js$/));
    const failure = page.waitForEvent("console", (message) => message.text().includes("cap-chat: chat not loaded"));
    await openCdnPage(page, serverUrl, "en");
    await widget.launcher.click();
    await failure;
    // The loader's frame, shown at the click, closes again: no app took it over.
    await expect(widget.panel).toBeHidden();
    await expect(page.getByRole("button", { name: "Open chat" })).toBeVisible();
  });

  test("a locale changed on the CDN is not used: the widget speaks English", async ({ page, serverUrl, widget }) => {
    cdn.tampered.add(builtFile(/^cap-chat-de-/));
    await openCdnPage(page, serverUrl, "de");
    await widget.launcher.click();
    await expect(widget.input).toBeVisible();
    await widget.expectGreeting();
    await expect(page.getByRole("textbox", { name: "Nachricht" })).toHaveCount(0);
  });

  test("a loader changed on the CDN is refused by the page", async ({ page, serverUrl }) => {
    cdn.tampered.add("cap-chat.js");
    const refused = page.waitForEvent("console", (message) => message.text().includes("integrity"));
    await openCdnPage(page, serverUrl, "en");
    await refused;
    expect(await page.evaluate(() => (window as unknown as { CapChat?: { version?: string } }).CapChat?.version)).toBeUndefined();
  });
});
