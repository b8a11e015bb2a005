import { readdirSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { COMMAND_NAMES } from "../../src/embed/command-queue.ts";
import { WIDGET_EVENT_NAMES } from "../../src/embed/event-names.ts";
import { OPTION_ATTRIBUTES } from "../../src/embed/options-from-attributes.ts";
import { widgetStyles } from "../../src/widget/styles/widget-styles.ts";
import { checkHtmlSample, inlineScripts } from "./check-html-samples.ts";
import { checkTypeScriptSamples } from "./check-typescript-samples.ts";
import { extractSamples, extractSamplesFromFiles, type DocSample } from "./extract-samples.ts";

const root = resolve(import.meta.dirname, "../..");
const documents = [
  "README.md",
  ...readdirSync(resolve(root, "docs"))
    .filter((name) => name.endsWith(".md"))
    .map((name) => `docs/${name}`),
];
const samples = extractSamplesFromFiles(root, documents);

const TYPESCRIPT = new Set(["ts", "typescript", "tsx", "js", "javascript", "mjs", "jsx"]);
/** Languages that are never run: a shell session needs a machine and a server, plain text is output. */
const NOT_CODE = new Set(["", "sh", "shell", "bash", "console", "text"]);

const where = (sample: DocSample) => `${sample.file}:${sample.line}`;
const checked = samples.filter((sample) => !sample.marker && !NOT_CODE.has(sample.language));

/** The parts the widget's components set, in the shadow DOM. */
function widgetParts(): Set<string> {
  const parts = new Set<string>();
  const folder = resolve(root, "src/widget/components");
  for (const name of readdirSync(folder, { recursive: true, encoding: "utf8" }).filter((each) => /\.tsx?$/.test(each))) {
    const source = readFileSync(resolve(folder, name), "utf8");
    for (const [, quoted, template, chosen] of source.matchAll(/part=(?:"([^"]+)"|\{`([^`]+)`\}|\{([^}]*)\})/g)) {
      for (const part of (quoted ?? template ?? "").split(/\s+/)) parts.add(part);
      // A part chosen by a condition: each word it may be.
      for (const [, word] of (chosen ?? "").matchAll(/"([a-z-]+)"/g)) parts.add(word as string);
    }
  }
  for (const role of ["user", "agent", "live-agent"]) parts.add(`message-${role}`);
  return new Set([...parts].filter((part) => /^[a-z-]+$/.test(part)));
}

describe("the documentation's code samples", () => {
  it("are found, and every marker gives its reason", () => {
    expect(checked.length).toBeGreaterThan(10);
    for (const sample of samples.filter((each) => each.marker)) expect(sample.marker?.reason, where(sample)).not.toBe("");
  });

  it("are all of a language this test checks, unless marked", () => {
    const known = new Set([...TYPESCRIPT, "html", "css", "json"]);
    expect(checked.filter((sample) => !known.has(sample.language)).map(where)).toEqual([]);
  });

  // A page's inline scripts are JavaScript samples too, at their own line.
  const scripts = checked
    .filter((sample) => sample.language === "html")
    .flatMap((sample) =>
      inlineScripts(sample.code).map(({ code, line }): DocSample => ({ ...sample, language: "js", code, line: sample.line + line })),
    );
  const typescript = [...checked.filter((sample) => TYPESCRIPT.has(sample.language)), ...scripts];
  // One program for all of them: type-checking is the slow part.
  const diagnostics = typescript.length ? checkTypeScriptSamples(typescript) : new Map<DocSample, string[]>();
  it.each(typescript.map((sample) => [where(sample), sample] as const))("%s type-checks against the package", (_, sample) => {
    expect(diagnostics.get(sample)).toEqual([]);
  });

  it("encode every value they put into a URL's query", () => {
    const unencoded = typescript.filter((sample) => /[?&][\w-]*=\$\{(?!encodeURIComponent\()/.test(sample.code));
    expect(unencoded.map(where)).toEqual([]);
  });

  it.each(checked.filter((sample) => sample.language === "html").map((sample) => [where(sample), sample] as const))(
    "%s uses only the element's attributes, with values it accepts",
    (_, sample) => {
      expect(checkHtmlSample(sample.code)).toEqual([]);
    },
  );

  const parts = widgetParts();
  const properties = new Set(widgetStyles.match(/--cap-chat-[\w-]+/g));
  it.each(checked.filter((sample) => sample.language === "css").map((sample) => [where(sample), sample] as const))(
    "%s themes only parts and custom properties the widget has",
    (_, sample) => {
      const usedParts = [...sample.code.matchAll(/::part\(([^)]+)\)/g)].flatMap(([, names = ""]) => names.trim().split(/\s+/));
      const usedProperties = sample.code.match(/--cap-chat-[\w-]+/g) ?? [];
      expect(usedParts.filter((part) => !parts.has(part))).toEqual([]);
      expect(usedProperties.filter((property) => !properties.has(property))).toEqual([]);
    },
  );

  it.each(checked.filter((sample) => sample.language === "json").map((sample) => [where(sample), sample] as const))(
    "%s is valid JSON",
    (_, sample) => {
      expect(() => JSON.parse(sample.code)).not.toThrow();
    },
  );

  for (const sample of samples.filter((each) => each.marker?.kind === "pending")) {
    it.todo(`${where(sample)} waits for ${sample.marker?.reason}`);
  }
});

describe("the reference tables", () => {
  /** The first cell of every table row in `file` that names something in code, and the whole rows. */
  const tableRows = (file: string) =>
    readFileSync(resolve(root, file), "utf8")
      .split("\n")
      .filter((line) => line.startsWith("| "));
  const documented = (file: string, name: string) => tableRows(file).some((row) => row.includes(`\`${name}\``));

  it("list every attribute the element observes", () => {
    expect(OPTION_ATTRIBUTES.filter((attribute) => !documented("docs/options.md", attribute))).toEqual([]);
  });

  it("list every event", () => {
    expect(WIDGET_EVENT_NAMES.filter((name) => !documented("docs/events.md", name))).toEqual([]);
  });

  it("list every command of window.CapChat", () => {
    expect(COMMAND_NAMES.filter((name) => !documented("docs/commands.md", name))).toEqual([]);
  });

  it("list every part and every custom property the widget has", () => {
    expect([...widgetParts()].filter((part) => !documented("docs/theming.md", part))).toEqual([]);
    const properties = new Set(widgetStyles.match(/--cap-chat-(?!viewport-)[\w-]+/g));
    expect([...properties].filter((property) => !documented("docs/theming.md", property))).toEqual([]);
  });
});

describe("the sample checks", () => {
  const sample = (language: string, code: string): DocSample =>
    extractSamples("check.md", `\`\`\`${language}\n${code}\n\`\`\``)[0] as DocSample;

  it("read a marker on the line before a fence", () => {
    const [marked] = extractSamples("check.md", "<!-- not checked: a Vue component -->\n\n```vue\n<template/>\n```");
    expect(marked?.marker).toEqual({ kind: "not checked", reason: "a Vue component" });
  });

  // Type-checking builds a whole program: slow on a busy machine, so it gets more than the default time.
  it("refuse a sample that misuses the package", { timeout: 30_000 }, () => {
    const wrong = sample("ts", 'import { mountChat } from "cap-chat/widget";\nmountChat(document.body, { mode: "sidebar" });');
    expect(checkTypeScriptSamples([wrong]).get(wrong)).toEqual([expect.stringContaining("check.md:3")]);
  });

  it("refuse an unknown attribute and a value the element rejects", () => {
    expect(checkHtmlSample('<cap-chat messaging-url="/" colour="red" mode="sidebar"></cap-chat>')).toEqual([
      "<cap-chat> has no attribute colour",
      '<cap-chat> mode="sidebar": expected one of floating, inline, fullscreen',
    ]);
    expect(checkHtmlSample('<script src="/cap-chat.js" data-mesaging-url="/"></script>')).toEqual([
      "<script> has no attribute data-mesaging-url",
    ]);
  });
});
