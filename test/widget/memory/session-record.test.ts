import { afterEach, describe, expect, it, vi } from "vitest";
import { sessionStorageKeyFor } from "../../../src/transport/session-storage-key.ts";
import { sessionRecordFor } from "../../../src/widget/memory/session-record.ts";

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

describe("a record kept beside the session", () => {
  it("lives under the session's key and its name, per widget id, and is removed by keeping undefined", () => {
    sessionRecordFor({ id: "shop" }, "notes", true).keep({ seen: ["a1"] });
    expect(localStorage.getItem(`${sessionStorageKeyFor("shop")}:notes`)).toBe('{"seen":["a1"]}');
    expect(sessionRecordFor({ id: "shop" }, "notes", true).kept).toEqual({ seen: ["a1"] });
    expect(sessionRecordFor({}, "notes", true).kept).toBeNull();
    sessionRecordFor({ id: "shop" }, "notes", true).keep(undefined);
    expect(localStorage.length).toBe(0);
  });

  it("follows persist: the browser's storage by default, the tab's with session, none with none", () => {
    sessionRecordFor({ persist: "session" }, "notes", true).keep([1]);
    expect(sessionStorage.getItem(`${sessionStorageKeyFor()}:notes`)).toBe("[1]");
    expect(localStorage.length).toBe(0);
    sessionStorage.clear();
  });

  it("is removed once its session is gone, and is never kept with persist none", () => {
    sessionRecordFor({}, "notes", true).keep([1]);
    expect(sessionRecordFor({}, "notes", false).kept).toBeNull();
    expect(localStorage.length).toBe(0);
    sessionRecordFor({ persist: "none" }, "notes", true).keep([1]);
    expect(localStorage.length + sessionStorage.length).toBe(0);
  });

  it("reads damaged text as nothing, and swallows a storage that refuses to write", () => {
    localStorage.setItem(`${sessionStorageKeyFor()}:notes`, "{not json");
    expect(sessionRecordFor({}, "notes", true).kept).toBeNull();
    vi.spyOn(Storage.prototype, "setItem").mockImplementation(() => {
      throw new DOMException("full", "QuotaExceededError");
    });
    expect(() => sessionRecordFor({}, "notes", true).keep([1])).not.toThrow();
  });
});
