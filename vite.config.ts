import { resolve } from "node:path";
import { defineConfig } from "vitest/config";

const root = import.meta.dirname;

/** The npm entries, built as ES modules; Preact stays external so an app shares its own copy. */
const libraryEntries = {
  "cap-chat": resolve(root, "src/index.ts"),
  widget: resolve(root, "src/widget/index.ts"),
  element: resolve(root, "src/embed/element.ts"),
};

export default defineConfig(({ mode }) => ({
  esbuild: { jsx: "automatic", jsxImportSource: "preact" },
  oxc: { jsx: { runtime: "automatic", importSource: "preact" } },
  publicDir: false,
  build:
    mode === "script-tag"
      ? {
          // The script tag: one self-contained IIFE file, Preact included.
          emptyOutDir: false,
          target: "es2020",
          lib: {
            entry: resolve(root, "src/embed/script-tag.ts"),
            name: "CapChatBundle",
            formats: ["iife"],
            fileName: () => "cap-chat.js",
          },
        }
      : {
          target: "es2020",
          lib: { entry: libraryEntries, formats: ["es"] },
          rolldownOptions: {
            external: [/^preact($|\/)/, /^@preact\/signals($|\/)/],
          },
        },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "node",
          environment: "node",
          include: ["test/**/*.test.ts"],
          exclude: ["test/widget/**", "test/embed/**"],
        },
      },
      {
        extends: true,
        test: {
          name: "dom",
          environment: "happy-dom",
          include: ["test/widget/**/*.test.{ts,tsx}", "test/embed/**/*.test.{ts,tsx}"],
        },
      },
    ],
  },
}));
