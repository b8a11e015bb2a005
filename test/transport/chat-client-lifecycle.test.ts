import { describe, expect, it, vi } from "vitest";
import { EventType } from "../../src/protocol/index.ts";
import { FakePlatform, phases, recordConnections, transcript, useFakePlatform } from "./support/fake-platform.ts";

let platform: FakePlatform;

useFakePlatform((started) => (platform = started));

const untilLive = ["connecting", "replaying", "live"];

describe("the new-session flow", () => {
  it("goes token → session → socket → replay → live and joins once", async () => {
    const client = platform.client();
    await vi.advanceTimersByTimeAsync(50);
    expect(phases(client)).toEqual(["idle", "authorizing", "creating-session", ...untilLive]);
    const joins = platform.session.events.filter((event) => event.type === EventType.RequestServiceAgentJoin);
    expect(joins).toHaveLength(1);
    expect(client.getSnapshot().messages.map((message) => message.text)).toEqual(["Hello!"]);
    expect(client.getSnapshot().connection).toEqual({ status: "connected" });
    expect(client.getSnapshot().transport).toBe("messaging");
    client.destroy();
  });

  it("sends the handshake requests the protocol describes", async () => {
    const client = platform.client({ host: "shop.example.test", platform: "web" });
    await vi.advanceTimersByTimeAsync(50);
    const [tokenRequest, sessionRequest] = platform.requests;
    expect(tokenRequest?.url).toBe("https://chat.example.test/api/v1/access-token");
    expect(tokenRequest?.init.headers).toMatchObject({ "X-Token": "connector-1", "X-Host": "shop.example.test" });
    expect(JSON.parse(tokenRequest?.init.body ?? "")).toEqual({});
    expect(sessionRequest?.url).toBe("https://chat.example.test/api/v1/sessions");
    expect(sessionRequest?.init.headers.Authorization).toMatch(/^Bearer token-\d+$/);
    expect(JSON.parse(sessionRequest?.init.body ?? "")).toEqual({ platform: "web", streaming_enabled: true });
    expect(platform.socketUrls[0]).toMatch(/^wss:\/\/chat\.example\.test\/ws\?session_id=session-1&access_token=token-\d+$/);
    client.destroy();
  });

  it("keeps the access token out of the snapshot, the storage and the lifecycle state", async () => {
    const client = platform.client();
    await vi.advanceTimersByTimeAsync(50);
    const token = new URL(platform.socketUrls[0] ?? "").searchParams.get("access_token") ?? "";
    expect(token).not.toBe("");
    expect(JSON.stringify(client.getSnapshot())).not.toContain(token);
    expect(JSON.stringify([...platform.storage.items])).not.toContain(token);
    expect(JSON.stringify(client.diagnostics)).not.toContain(token);
    client.destroy();
  });

  it("reports a refused connector as a configuration error that names the cause", async () => {
    platform.tokenFailures.push({ status: 401, message: "Failed to validate connector" });
    const client = platform.client({ host: "evil.test" });
    await vi.advanceTimersByTimeAsync(50);
    expect(phases(client)).toEqual(["idle", "authorizing", "failed"]);
    const connection = client.getSnapshot().connection;
    expect(connection.status === "failed" && connection.error).toEqual({
      kind: "configuration",
      code: "host-not-registered",
      parameters: { host: "evil.test" },
    });
    expect(platform.requests).toHaveLength(1);
    client.destroy();
  });
});

describe("reconnecting", () => {
  it("reconnects to the same session with the cursor after a drop, without joining again", async () => {
    const client = platform.client();
    await vi.advanceTimersByTimeAsync(50);
    const cursor = platform.session.events.length;
    platform.dropSockets();
    await vi.advanceTimersByTimeAsync(1100);
    expect(phases(client)).toEqual(["idle", "authorizing", "creating-session", ...untilLive, "reconnecting#1", ...untilLive]);
    expect(platform.socketUrls[1]).toContain(`session_id=session-1`);
    expect(platform.socketUrls[1]).toMatch(new RegExp(`&cursor=${cursor}$`));
    expect(platform.session.events.filter((event) => event.type === EventType.RequestServiceAgentJoin)).toHaveLength(1);
    expect(client.getSnapshot().messages).toHaveLength(1);
    client.destroy();
  });

  it("backs off 1 s, 2 s, 4 s … up to 30 s between attempts", async () => {
    platform.capabilities = { max_reconnect_attempts: 20 };
    const client = platform.client({ transport: "messaging" });
    const connections = recordConnections(client);
    await vi.advanceTimersByTimeAsync(50);
    platform.refuseUpgrades = true;
    // Nor does the platform hand out tokens: the session is never taken for gone, and the client keeps trying.
    platform.tokenFailures.push(...Array.from({ length: 100 }, () => ({ status: 500, message: "Failed to create access token" })));
    platform.dropSockets();
    await vi.advanceTimersByTimeAsync(200_000);
    const waits = connections.filter((record) => record.status === "reconnecting").map((record) => [record.attempt, record.wait]);
    expect(waits.slice(0, 8)).toEqual([
      [1, 1000],
      [2, 2000],
      [3, 4000],
      [4, 8000],
      [5, 16000],
      [6, 30000],
      [7, 30000],
      [8, 30000],
    ]);
    client.destroy();
  });

  // A heartbeat's echo is a live frame, which shows the platform serving the session (see chat-client-flapping).
  it.each([
    ["only after a minute of stable connection when no heartbeat is echoed", true, 2],
    ["at the first heartbeat's echo", false, 1],
  ])("resets the attempt count %s", async (_, silent, secondAttempt) => {
    platform.silentHeartbeats = silent;
    const client = platform.client();
    await vi.advanceTimersByTimeAsync(50);
    platform.dropSockets();
    await vi.advanceTimersByTimeAsync(1100);
    await vi.advanceTimersByTimeAsync(30_000);
    platform.dropSockets();
    await vi.advanceTimersByTimeAsync(2100);
    await vi.advanceTimersByTimeAsync(61_000);
    platform.dropSockets();
    await vi.advanceTimersByTimeAsync(1100);
    expect(phases(client).slice(3)).toEqual([
      ...untilLive,
      "reconnecting#1",
      ...untilLive,
      `reconnecting#${secondAttempt}`,
      ...untilLive,
      "reconnecting#1",
      ...untilLive,
    ]);
    client.destroy();
  });

  it("jitters each wait by at most 20 %", async () => {
    for (const [random, expected] of [
      [0, 800],
      [0.999999, 1200],
    ] as const) {
      const client = platform.client({}, { random: () => random });
      const connections = recordConnections(client);
      await vi.advanceTimersByTimeAsync(50);
      platform.dropSockets();
      await vi.advanceTimersByTimeAsync(10);
      expect(connections.find((record) => record.status === "reconnecting")?.wait).toBe(expected);
      client.destroy();
    }
  });

  it.each(["visible", "online", "focus"] as const)("tries at once, skipping the backoff, on a wake (%s)", async (reason) => {
    const client = platform.client();
    await vi.advanceTimersByTimeAsync(50);
    platform.refuseUpgrades = true;
    platform.dropSockets();
    await vi.advanceTimersByTimeAsync(1000 + 2000 + 4000 + 100);
    platform.refuseUpgrades = false;
    const before = phases(client).length;
    platform.wake(reason);
    await vi.advanceTimersByTimeAsync(50);
    expect(phases(client).slice(before - 1)).toEqual(["reconnecting#4", ...untilLive]);
    client.destroy();
  });

  it("goes offline when the environment says so and reconnects on wake", async () => {
    const client = platform.client();
    await vi.advanceTimersByTimeAsync(50);
    platform.goOffline();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(client.getSnapshot().connection).toEqual({ status: "offline" });
    platform.wake("online");
    await vi.advanceTimersByTimeAsync(50);
    expect(phases(client).slice(3)).toEqual([...untilLive, "offline", ...untilLive]);
    expect(platform.socketUrls).toHaveLength(2);
    client.destroy();
  });

  it("replaces a socket whose heartbeat echo is missing for two intervals, once the platform has answered one", async () => {
    const client = platform.client();
    await vi.advanceTimersByTimeAsync(50);
    // The first heartbeat is answered: this platform echoes them.
    await vi.advanceTimersByTimeAsync(30_000);
    platform.silentHeartbeats = true;
    await vi.advanceTimersByTimeAsync(30_000 + 60_000 - 100);
    expect(phases(client).at(-1)).toBe("live");
    platform.silentHeartbeats = false;
    await vi.advanceTimersByTimeAsync(200);
    expect(phases(client).slice(3)).toEqual([...untilLive, ...untilLive]);
    expect(platform.socketUrls).toHaveLength(2);
    client.destroy();
  });

  it("keeps a socket whose heartbeats are echoed", async () => {
    const client = platform.client();
    await vi.advanceTimersByTimeAsync(50);
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(phases(client).slice(3)).toEqual(untilLive);
    expect(platform.socketUrls).toHaveLength(1);
    client.destroy();
  });

  it("fetches a fresh token after three failed handshakes in a row", async () => {
    const client = platform.client({ transport: "messaging" });
    await vi.advanceTimersByTimeAsync(50);
    platform.refuseUpgrades = true;
    platform.dropSockets();
    const tokenRequests = () => platform.requests.filter((request) => request.url.endsWith("/access-token")).length;
    for (let elapsed = 0; tokenRequests() < 2 && elapsed < 20_000; elapsed += 1) await vi.advanceTimersByTimeAsync(1);
    platform.refuseUpgrades = false;
    await vi.advanceTimersByTimeAsync(100);
    expect(phases(client).slice(5)).toEqual([
      "live",
      "reconnecting#1",
      "connecting",
      "reconnecting#2",
      "connecting",
      "reconnecting#3",
      "connecting",
      "authorizing",
      ...untilLive,
    ]);
    expect(platform.requests.filter((request) => request.url.endsWith("/access-token"))).toHaveLength(2);
    expect(platform.sessions.size).toBe(1);
    client.destroy();
  });
});

describe("session expiry", () => {
  it("waits for the visitor when the socket closes with 4001, then starts a new session with a fresh token and a notice", async () => {
    const client = platform.client();
    await vi.advanceTimersByTimeAsync(50);
    platform.dropSockets(4001);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(phases(client).slice(3)).toEqual([...untilLive, "dormant"]);
    expect(client.getSnapshot().connection).toEqual({ status: "idle" });
    expect(transcript(client)).toEqual(["agent:Hello!"]);
    client.send("back again");
    await vi.advanceTimersByTimeAsync(50);
    expect(phases(client).slice(3)).toEqual([...untilLive, "dormant", "authorizing", "creating-session", ...untilLive]);
    expect(platform.requests.filter((request) => request.url.endsWith("/access-token"))).toHaveLength(2);
    expect(platform.sessions.size).toBe(2);
    expect(client.getSnapshot().notices.map((notice) => notice.code)).toEqual(["new-session"]);
    expect(platform.storage.getItem("cap-chat:session")).toContain("session-2");
    client.destroy();
  });

  it("tries its session again after being offline past the expiry, and goes on in it when the platform still has it", async () => {
    const client = platform.client();
    await vi.advanceTimersByTimeAsync(50);
    platform.goOffline();
    await vi.advanceTimersByTimeAsync(11 * 60_000);
    platform.wake("online");
    await vi.advanceTimersByTimeAsync(50);
    expect(phases(client).slice(3)).toEqual([...untilLive, "offline", ...untilLive]);
    expect(platform.sessions.size).toBe(1);
    expect(client.getSnapshot().notices).toEqual([]);
    client.destroy();
  });

  it("once the platform refuses the session it let expire, waits for the visitor, then starts a new one saying the old one expired", async () => {
    const client = platform.client();
    await vi.advanceTimersByTimeAsync(50);
    platform.goOffline();
    await vi.advanceTimersByTimeAsync(11 * 60_000);
    platform.sessions.clear();
    platform.wake("online");
    await vi.advanceTimersByTimeAsync(10_000);
    expect(phases(client).at(-1)).toBe("dormant");
    client.start();
    await vi.advanceTimersByTimeAsync(50);
    expect(phases(client).slice(6)).toEqual([
      "offline",
      "connecting",
      "reconnecting#1",
      "connecting",
      "authorizing",
      "connecting",
      "reconnecting#2",
      "connecting",
      "dormant",
      "creating-session",
      ...untilLive,
    ]);
    expect(client.getSnapshot().notices.map((notice) => notice.code)).toEqual(["new-session"]);
    client.destroy();
  });

  it("does not reconnect after SESSION_END and close 1000", async () => {
    const client = platform.client();
    await vi.advanceTimersByTimeAsync(50);
    client.end();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(phases(client).slice(3)).toEqual([...untilLive, "ended:REASON_USER_END"]);
    expect(client.getSnapshot().ended).toEqual({ reason: "REASON_USER_END" });
    expect(platform.socketUrls).toHaveLength(1);
    client.destroy();
  });
});

describe("budget exhaustion", () => {
  it("fails with budget-exhausted once the announced attempts are spent, then a new conversation works", async () => {
    platform.capabilities = { max_reconnect_attempts: 2 };
    const client = platform.client();
    await vi.advanceTimersByTimeAsync(50);
    platform.refuseUpgrades = true;
    platform.dropSockets();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(phases(client).slice(5)).toEqual(["live", "reconnecting#1", "connecting", "reconnecting#2", "connecting", "failed"]);
    const connection = client.getSnapshot().connection;
    expect(connection.status === "failed" && connection.error).toEqual({
      kind: "budget-exhausted",
      code: "reconnect-budget-spent",
      parameters: { attempts: 2 },
    });
    platform.refuseUpgrades = false;
    client.newConversation();
    await vi.advanceTimersByTimeAsync(50);
    expect(phases(client).slice(11)).toEqual(["authorizing", "creating-session", ...untilLive]);
    expect(client.getSnapshot().messages.map((message) => message.text)).toEqual(["Hello!"]);
    expect(platform.sessions.size).toBe(2);
    client.destroy();
  });
});

describe("actions", () => {
  it("retryNow skips the wait before the next attempt", async () => {
    const client = platform.client();
    await vi.advanceTimersByTimeAsync(50);
    platform.refuseUpgrades = true;
    platform.dropSockets();
    await vi.advanceTimersByTimeAsync(1000 + 2000 + 100);
    platform.refuseUpgrades = false;
    client.retryNow();
    await vi.advanceTimersByTimeAsync(50);
    expect(phases(client).slice(5)).toEqual([
      "live",
      "reconnecting#1",
      "connecting",
      "reconnecting#2",
      "connecting",
      "reconnecting#3",
      ...untilLive,
    ]);
    client.destroy();
  });

  it("queues a message sent mid-reconnect and delivers it once the socket is live", async () => {
    const client = platform.client();
    await vi.advanceTimersByTimeAsync(50);
    platform.dropSockets();
    await vi.advanceTimersByTimeAsync(10);
    expect(client.getSnapshot().connection.status).toBe("reconnecting");
    client.chooseSuggestion("Track my order");
    expect(client.getSnapshot().messages.at(-1)).toMatchObject({ role: "user", text: "Track my order", status: "sending" });
    await vi.advanceTimersByTimeAsync(1100);
    expect(client.getSnapshot().messages.map((message) => [message.text, message.status])).toEqual([
      ["Hello!", undefined],
      ["Track my order", "sent"],
      ["You said Track my order", undefined],
    ]);
    expect(platform.userMessageFrames).toBe(1);
    client.destroy();
  });

  it("starts a fresh conversation after the end, forgetting the old transcript", async () => {
    const client = platform.client();
    await vi.advanceTimersByTimeAsync(50);
    client.end();
    await vi.advanceTimersByTimeAsync(50);
    client.newConversation();
    await vi.advanceTimersByTimeAsync(50);
    expect(phases(client).slice(3)).toEqual([...untilLive, "ended:REASON_USER_END", "authorizing", "creating-session", ...untilLive]);
    expect(client.getSnapshot().ended).toBeNull();
    expect(client.getSnapshot().messages.map((message) => message.text)).toEqual(["Hello!"]);
    expect(platform.sessions.size).toBe(2);
    client.destroy();
  });
});

describe("destroy", () => {
  it("closes the socket and leaves no timer behind", async () => {
    const client = platform.client();
    await vi.advanceTimersByTimeAsync(50);
    client.destroy();
    await vi.advanceTimersByTimeAsync(50);
    expect(platform.session.sockets.length === 0 || vi.getTimerCount() === 0).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });
});
