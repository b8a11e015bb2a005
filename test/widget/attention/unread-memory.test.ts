import { afterEach, describe, expect, it } from "vitest";
import { sessionStorageKeyFor } from "../../../src/transport/session-storage-key.ts";
import { unreadMemoryFor } from "../../../src/widget/attention/unread-memory.ts";

afterEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});

describe("the unseen replies kept across a reload", () => {
  it("keeps it where persist says: the browser's localStorage by default, this tab's with session", () => {
    unreadMemoryFor({}, true).keep(["a1"]);
    expect(localStorage.getItem(`${sessionStorageKeyFor()}:unread`)).toBe('["a1"]');
    unreadMemoryFor({ persist: "session" }, true).keep(["a2"]);
    expect(sessionStorage.getItem(`${sessionStorageKeyFor()}:unread`)).toBe('["a2"]');
    expect(unreadMemoryFor({}, true).ids).toEqual(["a1"]);
  });

  it("gives back what the tab kept beside its session, and forgets it once none is left", () => {
    unreadMemoryFor({ id: "shop", persist: "session" }, true).keep(["a1", "a2"]);
    expect(sessionStorage.getItem(`${sessionStorageKeyFor("shop")}:unread`)).toBe('["a1","a2"]');
    const reloaded = unreadMemoryFor({ id: "shop", persist: "session" }, true);
    expect(reloaded.ids).toEqual(["a1", "a2"]);
    expect(unreadMemoryFor({ persist: "session" }, true).ids).toEqual([]);
    reloaded.keep([]);
    expect(sessionStorage.length).toBe(0);
  });

  it("removes a record its session outlived, and keeps nothing with persist none", () => {
    unreadMemoryFor({ persist: "session" }, true).keep(["a1"]);
    expect(unreadMemoryFor({ persist: "session" }, false).ids).toEqual([]);
    expect(sessionStorage.length).toBe(0);
    unreadMemoryFor({ persist: "none" }, true).keep(["a1"]);
    expect(sessionStorage.length).toBe(0);
  });

  it("reads a damaged record as nothing", () => {
    sessionStorage.setItem(`${sessionStorageKeyFor()}:unread`, "{not json");
    expect(unreadMemoryFor({ persist: "session" }, true).ids).toEqual([]);
    sessionStorage.setItem(`${sessionStorageKeyFor()}:unread`, '["a1",7,null]');
    expect(unreadMemoryFor({ persist: "session" }, true).ids).toEqual(["a1"]);
  });
});
