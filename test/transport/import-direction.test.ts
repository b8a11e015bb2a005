import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Inside `src/transport` imports run one way: from the client down through the transports, the Messaging
 * lifecycle, delivery and the conversation, to the shared vocabulary at the bottom. A file may import its
 * own folder and any lower layer, never a higher one.
 */
const transportRoot = resolve(import.meta.dirname, "../../src/transport");

/** The shared vocabulary: top-level files every layer may use, which themselves import nothing above them. */
const vocabulary = ["codes.ts", "conversation.ts", "emitter.ts", "environment.ts", "errors.ts", "session-storage-key.ts", "transport.ts"];
// The tabs' sharing of one conversation drives the client itself, so it stands above it.
const folderLayers: Record<string, number> = { http: 1, conversation: 1, delivery: 2, lifecycle: 3, messaging: 4, "chat-api": 4, tabs: 6 };
const clientLayer = 5;

function layerOf(file: string): number {
  const [first, second] = file.split("/");
  if (second === undefined) return vocabulary.includes(first!) ? 0 : clientLayer;
  const layer = folderLayers[first!];
  if (layer === undefined) throw new Error(`src/transport/${first} has no layer: add it to this test`);
  return layer;
}

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : name.endsWith(".ts") ? [path] : [];
  });
}

/** Every relative import of `path` that stays inside src/transport, as a path relative to it. */
function importsOf(path: string): string[] {
  const text = readFileSync(path, "utf8");
  const specifiers = [...text.matchAll(/(?:from|import)\s*\(?\s*"(\.[^"]+)"/g)].map((match) => match[1]!);
  return specifiers.map((specifier) => relative(transportRoot, resolve(dirname(path), specifier))).filter((file) => !file.startsWith(".."));
}

describe("the direction of imports inside src/transport", () => {
  it("never runs back up: each file imports its own folder or a lower layer", () => {
    const upward: string[] = [];
    for (const path of sourceFiles(transportRoot)) {
      const file = relative(transportRoot, path);
      for (const imported of importsOf(path)) {
        const sameFolder = dirname(imported) === dirname(file) && layerOf(imported) === layerOf(file);
        if (!sameFolder && layerOf(imported) >= layerOf(file)) upward.push(`${file} → ${imported}`);
      }
    }
    expect(upward).toEqual([]);
  });

  it("finds the imports it checks", () => {
    expect(importsOf(join(transportRoot, "chat-client.ts"))).toContain("conversation/conversation-store.ts");
  });
});
