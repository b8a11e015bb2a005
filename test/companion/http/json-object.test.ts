import { describe, expect, it } from "vitest";
import { maximumJsonDepth, readJsonObject } from "../../../src/server/http/json-object.ts";

const nested = (depth: number) => `{"a":${"[".repeat(depth - 1)}${"]".repeat(depth - 1)}}`;

describe("readJsonObject", () => {
  it("reads an object nested up to the limit, and refuses one level more before parsing it", () => {
    expect(readJsonObject(nested(maximumJsonDepth)).kind).toBe("object");
    expect(readJsonObject(nested(maximumJsonDepth + 1))).toEqual({ kind: "too-deep" });
    expect(readJsonObject(nested(6_000))).toEqual({ kind: "too-deep" });
    expect(readJsonObject(nested(3), 2)).toEqual({ kind: "too-deep" });
  });

  it("does not count brackets inside strings, escaped quotes included", () => {
    const text = JSON.stringify({ text: `${"[{".repeat(500)}\\"[[[` });
    expect(readJsonObject(text)).toEqual({ kind: "object", fields: { text: `${"[{".repeat(500)}\\"[[[` } });
  });

  it("refuses anything but an object", () => {
    for (const text of ["[]", '"text"', "1", "null", "{", ""]) expect(readJsonObject(text), text).toEqual({ kind: "invalid" });
  });
});
