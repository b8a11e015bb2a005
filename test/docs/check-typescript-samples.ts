/**
 * Type-checks TypeScript and JavaScript samples against the package's own source: `cap-chat`,
 * `cap-chat/widget`, `cap-chat/element`, `cap-chat/server` and `cap-chat/types/*` resolve to `src/`, as
 * they resolve to `dist/` for an app. All samples of one kind share one program, each as its own module;
 * only the samples' own diagnostics count.
 */
import { resolve } from "node:path";
import ts from "typescript";
import type { DocSample } from "./extract-samples.ts";

const root = resolve(import.meta.dirname, "../..");

const packagePaths: Record<string, string[]> = {
  "cap-chat": ["src/index.ts"],
  "cap-chat/widget": ["src/widget/index.ts"],
  "cap-chat/element": ["src/embed/element.ts"],
  "cap-chat/server": ["src/server/index.ts"],
  "cap-chat/types/*": ["src/embed/framework-types/*.ts"],
  // Not a dependency: the samples for Express are checked against the parts of it they use.
  express: ["test/docs/stubs/express.d.ts"],
};

/** The file name a sample is checked under: its language decides TS or JS, with or without JSX. */
export function sampleFileName(sample: DocSample): string {
  const extension = { ts: "ts", typescript: "ts", tsx: "tsx", js: "js", javascript: "js", mjs: "mjs", jsx: "jsx" }[sample.language] ?? "ts";
  return resolve(root, "test/docs/.samples", `${sample.file.replace(/[^\w]+/g, "-")}-${sample.line}.${extension}`);
}

/** What the script tag defines for a page: the `CapChat` global. */
const pageGlobals = {
  name: resolve(root, "test/docs/.samples/page-globals.d.ts"),
  code: `import type { CapChatFunction } from "${root}/src/embed/command-queue.ts";
declare global {
  var CapChat: CapChatFunction;
}
export {};
`,
};

/**
 * Type-checks `samples` and returns the diagnostics of each, formatted with the sample's own line numbers.
 * TypeScript samples are checked strictly, with JSX in React's flavour (the framework recipes); JavaScript
 * samples as a page's plain script would be, without type annotations to satisfy `strict`.
 */
export function checkTypeScriptSamples(samples: readonly DocSample[]): Map<DocSample, string[]> {
  const isJavaScript = (sample: DocSample) => /^(js|javascript|mjs|jsx)$/.test(sample.language);
  // A sample for the site's backend (the companion, a Node server) sees Node's globals; a page's does not.
  const isServer = (sample: DocSample) => /from\s+["'](cap-chat\/server|node:[\w/]+|express)["']/.test(sample.code);
  const typeScript = samples.filter((sample) => !isJavaScript(sample));
  return new Map([
    ...checkInOneProgram(
      typeScript.filter((sample) => !isServer(sample)),
      true,
    ),
    ...checkInOneProgram(typeScript.filter(isServer), true, ["node"]),
    ...checkInOneProgram(samples.filter(isJavaScript), false),
  ]);
}

function checkInOneProgram(samples: readonly DocSample[], strict: boolean, types: string[] = []): Map<DocSample, string[]> {
  if (samples.length === 0) return new Map();
  const sources = new Map<string, { code: string; sample?: DocSample }>([
    [pageGlobals.name, { code: pageGlobals.code }],
    ...samples.map((sample) => [sampleFileName(sample), { code: sample.code, sample }] as const),
  ]);
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ["lib.es2022.d.ts", "lib.dom.d.ts", "lib.dom.iterable.d.ts"],
    types,
    strict,
    noEmit: true,
    skipLibCheck: true,
    allowJs: true,
    checkJs: true,
    allowImportingTsExtensions: true,
    moduleDetection: ts.ModuleDetectionKind.Force,
    jsx: ts.JsxEmit.ReactJSX,
    jsxImportSource: "react",
    baseUrl: root,
    paths: packagePaths,
  };
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  host.readFile = (name) => sources.get(resolve(name))?.code ?? readFile(name);
  host.fileExists = (name) => sources.has(resolve(name)) || fileExists(name);
  const program = ts.createProgram([...sources.keys()], options, host);
  const results = new Map<DocSample, string[]>();
  for (const [name, { sample }] of sources) {
    if (!sample) continue;
    const file = program.getSourceFile(name);
    const diagnostics = file ? [...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file)] : [];
    results.set(
      sample,
      diagnostics.map((diagnostic) => {
        const position =
          diagnostic.file && diagnostic.start !== undefined ? diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start) : undefined;
        const where = position ? `${sample.file}:${sample.line + 1 + position.line}` : sample.file;
        return `${where}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n")}`;
      }),
    );
  }
  return results;
}
