import { describe, expect, it } from "vitest";
import type { OutboxEntry } from "../../../src/transport/delivery/delivery.ts";
import { createSessionPersistence } from "../../../src/transport/delivery/session-persistence.ts";
import { sessionStorageKeyFor as sessionStorageKey } from "../../../src/transport/session-storage-key.ts";
import { MemoryStorage } from "../../support/test-environment.ts";

const record = {
  sessionId: "s-1",
  lastActivityAt: 42,
  historyThrough: 7,
  outbox: [{ id: "a", text: "hi", time: 1, attempts: 1, state: "in-flight" as const, shown: true }],
};

/** Storage that counts its writes. */
function countingWrites(): { storage: MemoryStorage; writes: () => number } {
  const storage = new MemoryStorage();
  let writes = 0;
  const setItem = storage.setItem.bind(storage);
  storage.setItem = (key, value) => {
    writes += 1;
    setItem(key, value);
  };
  return { storage, writes: () => writes };
}

describe("session persistence", () => {
  it("round-trips the session under the cap-chat:session key, without the shown flag", () => {
    const storage = new MemoryStorage();
    createSessionPersistence(storage, true).save(record);
    expect([...storage.items.keys()]).toEqual(["cap-chat:session"]);
    expect(createSessionPersistence(storage, true).load()).toEqual({ ...record, outbox: [{ ...record.outbox[0], shown: false }] });
  });

  it("keeps the conversations of clients with different ids apart, under cap-chat:session:<id>", () => {
    const storage = new MemoryStorage();
    createSessionPersistence(storage, true, sessionStorageKey("left")).save(record);
    createSessionPersistence(storage, true, sessionStorageKey("right")).save({ ...record, sessionId: "s-2" });
    expect([...storage.items.keys()]).toEqual(["cap-chat:session:left", "cap-chat:session:right"]);
    expect(createSessionPersistence(storage, true, sessionStorageKey("left")).load()?.sessionId).toBe("s-1");
    expect(createSessionPersistence(storage, true, sessionStorageKey("right")).load()?.sessionId).toBe("s-2");
    expect(createSessionPersistence(storage, true).load()).toBeNull();
  });

  it("reads a record written before the join was confirmed by the replay, ignoring what it no longer needs", () => {
    const storage = new MemoryStorage();
    storage.setItem(sessionStorageKey(), JSON.stringify({ ...record, joinRequested: true }));
    expect(createSessionPersistence(storage, true).load()).toEqual({ ...record, outbox: [{ ...record.outbox[0], shown: false }] });
  });

  it("writes the storage only when the record changed, as saves come after every input", () => {
    const { storage, writes } = countingWrites();
    const persistence = createSessionPersistence(storage, true);
    persistence.save(record);
    persistence.save({ ...record });
    expect(writes()).toBe(1);
    persistence.save({ ...record, lastActivityAt: 43 });
    expect(writes()).toBe(2);
    persistence.clear();
    persistence.save({ ...record, lastActivityAt: 43 });
    expect(writes()).toBe(3);
  });

  it("stores an outbox entry changed in place at once, as delivery changes its entries", () => {
    const storage = new MemoryStorage();
    const persistence = createSessionPersistence(storage, true);
    const entry: OutboxEntry = { ...record.outbox[0]! };
    const session = { ...record, outbox: [entry] };
    persistence.save(session);
    entry.state = "unconfirmed";
    persistence.save(session);
    expect(createSessionPersistence(storage, true).load()?.outbox[0]?.state).toBe("unconfirmed");
    entry.attempts = 2;
    persistence.save(session);
    expect(createSessionPersistence(storage, true).load()?.outbox[0]?.attempts).toBe(2);
  });

  it("writes a record that differs in any stored field, and none for the shown flag or the send time", () => {
    const { storage, writes } = countingWrites();
    const persistence = createSessionPersistence(storage, true);
    const entry = record.outbox[0]!;
    persistence.save(record);
    persistence.save({ ...record, outbox: [{ ...entry, shown: false, sentAt: 9 }] });
    expect(writes()).toBe(1);
    const changes = [
      { sessionId: "s-2" },
      { historyThrough: 8 },
      { outbox: [] },
      { outbox: [{ ...entry, id: "b" }] },
      { outbox: [{ ...entry, id: "b", text: "hello" }] },
      { outbox: [{ ...entry, id: "b", text: "hello", time: 2 }] },
      { outbox: [entry, entry] },
    ];
    let session = { ...record };
    for (const change of changes) persistence.save((session = { ...session, ...change }));
    expect(writes()).toBe(1 + changes.length);
    expect(createSessionPersistence(storage, true).load()).toEqual({
      ...session,
      outbox: session.outbox.map((item) => ({ ...item, shown: false })),
    });
  });

  it("writes again after a write that failed, though the record is the same", () => {
    const storage = new MemoryStorage();
    const setItem = storage.setItem.bind(storage);
    let full = true;
    storage.setItem = (key, value) => {
      if (full) throw new Error("quota");
      setItem(key, value);
    };
    const persistence = createSessionPersistence(storage, true);
    persistence.save(record);
    full = false;
    persistence.save(record);
    expect(createSessionPersistence(storage, true).load()?.sessionId).toBe("s-1");
  });

  it("reads a record without a history mark as having no history", () => {
    const storage = new MemoryStorage();
    const { historyThrough: _historyThrough, ...older } = record;
    storage.setItem(sessionStorageKey(), JSON.stringify(older));
    expect(createSessionPersistence(storage, true).load()?.historyThrough).toBe(0);
    storage.setItem(sessionStorageKey(), JSON.stringify({ ...record, historyThrough: "twelve" }));
    expect(createSessionPersistence(storage, true).load()?.historyThrough).toBe(0);
  });

  it("stores nothing when disabled", () => {
    const storage = new MemoryStorage();
    const persistence = createSessionPersistence(storage, false);
    persistence.save(record);
    expect(storage.items.size).toBe(0);
    expect(persistence.load()).toBeNull();
  });

  it("ignores unreadable records and survives a storage that throws", () => {
    const storage = new MemoryStorage();
    storage.setItem(sessionStorageKey(), "{not json");
    expect(createSessionPersistence(storage, true).load()).toBeNull();
    storage.setItem(sessionStorageKey(), JSON.stringify({ sessionId: 5 }));
    expect(createSessionPersistence(storage, true).load()).toBeNull();
    const throwing = {
      getItem: () => {
        throw new Error("denied");
      },
      setItem: () => {
        throw new Error("full");
      },
      removeItem: () => undefined,
    };
    const persistence = createSessionPersistence(throwing, true);
    expect(() => persistence.save(record)).not.toThrow();
    expect(persistence.load()).toBeNull();
  });
});
