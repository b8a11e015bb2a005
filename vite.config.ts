import { readdirSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { minify } from "terser";
import type { Plugin, UserConfig } from "vite";
import { defineConfig } from "vitest/config";
import { bannerPlugin } from "./build/release-banner.ts";
import { integrityOf, verifiedSiblingImports } from "./build/subresource-integrity.ts";
import { packTranslations } from "./build/translations-plugin.ts";

const root = import.meta.dirname;

/** The package's version, which every shipped file names in its first line and the loader as `CapChat.version`. */
const version: string = JSON.parse(readFileSync(resolve(root, "package.json"), "utf8")).version;

/** The npm entries, built as ES modules; Preact stays external so an app shares its own copy. */
const libraryEntries = {
  client: resolve(root, "src/index.ts"),
  widget: resolve(root, "src/widget/index.ts"),
  element: resolve(root, "src/embed/element.ts"),
};

/**
 * The demo apps import the package by its published names; they resolve to the npm entries just built,
 * so the demo exercises exactly what `npm install cap-chat` would give an app.
 */
const builtPackageEntries = [
  { find: /^cap-chat\/widget$/, replacement: resolve(root, "dist/widget.js") },
  { find: /^cap-chat\/element$/, replacement: resolve(root, "dist/element.js") },
  { find: /^cap-chat$/, replacement: resolve(root, "dist/client.js") },
];

/** The files a page downloads as they are: Terser's extra passes make them about 2 % smaller than the default. */
const pageMinify = {
  minify: "terser",
  terserOptions: { ecma: 2020, safari10: false, compress: { passes: 3, pure_getters: true } },
} as const satisfies UserConfig["build"];

/**
 * Vite keeps `@__PURE__` annotations in library builds for the bundler that comes next; the app and its
 * siblings are loaded by browsers as they are, so the annotations (about 100 B gzip) go. Terser prints
 * the minified code again without them, which changes nothing else.
 */
const dropAnnotations: Plugin = {
  name: "cap-chat:drop-annotations",
  apply: "build",
  async generateBundle(_options, bundle) {
    for (const output of Object.values(bundle)) {
      if (output.type !== "chunk") continue;
      const printed = await minify(output.code, { module: true, compress: false, mangle: false, format: { comments: false } });
      output.code = printed.code ?? output.code;
    }
  },
};

/** The properties that never leave the client's own code; see mangle.json. */
const internalProperties: string[] = JSON.parse(readFileSync(resolve(root, "mangle.json"), "utf8")).properties;
const internalProperty = new RegExp(`^(${internalProperties.join("|")})$`);

/** The `index`th short name: a, b … Z, then aa, ab …, so the most used properties (listed first) get one letter. */
function shortName(index: number): string {
  const letters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
  return index < letters.length ? letters[index]! : shortName(Math.floor(index / letters.length) - 1) + letters[index % letters.length];
}

/**
 * Gives every property of mangle.json a short name, the same in every file of every build, so an app's
 * minifier, which must keep property names, has short ones to keep (about 400 B gzip off the client). The
 * properties live only on the client's own objects, none of which holds a property of one letter or two,
 * so no name can meet another on one object. Pure annotations stay for the bundler that comes next.
 */
const mangleInternalProperties: Plugin = {
  name: "cap-chat:mangle-internal-properties",
  apply: "build",
  async renderChunk(code) {
    // A new cache each time: Terser adds to the one it is given.
    const props = Object.fromEntries(internalProperties.map((name, index) => [`$${name}`, shortName(index)]));
    const mangled = await minify(code, {
      module: true,
      compress: false,
      // Terser leaves names the DOM also uses alone by default; the list holds none the DOM's objects meet.
      mangle: { properties: { regex: internalProperty, builtins: true } },
      nameCache: { props: { props } },
      format: { comments: false, preserve_annotations: true },
      sourceMap: true,
    });
    return { code: mangled.code ?? code, map: typeof mangled.map === "string" ? mangled.map : null };
  },
};

/**
 * JSX compiles to Preact's `h`, which every build carries anyway, rather than to `preact/jsx-runtime`, a
 * second element factory: about 280 B gzip off the app. Type-checking keeps tsconfig's automatic runtime:
 * its JSX types are the same.
 */
const classicJsx: Plugin = {
  name: "cap-chat:classic-jsx",
  enforce: "pre",
  transform: {
    filter: { id: /\.tsx$/ },
    // The import goes before the first line's own text, and nothing else moves: the source map holds.
    handler: (code) => ({ code: `import { h as jsxElement, Fragment as JsxFragment } from "preact";${code}`, map: null }),
  },
};

/**
 * A chunk's name: its module's, except the voice panel's texts, which are `call-texts-<locale>` so that no
 * budget takes them for the widget's own locales or for the voice file.
 */
function chunkName(chunk: { name: string; facadeModuleId: string | null }): string {
  return /[\\/]voice[\\/]texts[\\/]/.test(chunk.facadeModuleId ?? "") ? `call-texts-${chunk.name}` : chunk.name;
}

/** The app the loader imports, and the locale and fallback files it imports in turn, all next to the loader. */
const appFilePattern = /^cap-chat-app-[\w-]+\.js$/;

/**
 * The file name of the app the `app` mode built, which the loader imports; the content hash in it lets a
 * CDN cache it for ever. Exactly one must exist: `npm run build` empties dist/ first.
 */
function builtAppFile(): string {
  const found = readdirSync(resolve(root, "dist")).filter((name) => appFilePattern.test(name));
  if (found.length !== 1) throw new Error(`Expected one dist/cap-chat-app-*.js, found ${found.length}: run \`npm run build\`.`);
  return found[0] as string;
}

/**
 * `vite build` (npm entries), `--mode app` (dist/cap-chat-app-[hash].js and its sibling chunks),
 * `--mode script-tag` (the loader, dist/cap-chat.js), `--mode demo` (dist/demo/*.js), `--mode server`
 * (dist/server/*.js).
 */
function buildOptions(mode: string): UserConfig["build"] {
  if (mode === "server") {
    return {
      // The server companion and its command, for Node and the other server runtimes; no page loads them.
      emptyOutDir: false,
      outDir: resolve(root, "dist/server"),
      ssr: true,
      target: "node20",
      minify: false,
      rolldownOptions: {
        input: { index: resolve(root, "src/server/index.ts"), cli: resolve(root, "src/server/cli.ts") },
        output: { format: "es", entryFileNames: "[name].js", chunkFileNames: "chunks/companion-[hash].js" },
      },
    };
  }
  if (mode === "app") {
    return {
      // An ES module (so it can import its locales and the fallback), Preact included.
      emptyOutDir: false,
      target: "es2022",
      ...pageMinify,
      lib: {
        entry: resolve(root, "src/embed/app.ts"),
        formats: ["es"],
        fileName: () => "cap-chat-app-[hash].js",
      },
      rolldownOptions: {
        // Modules the fallback shares with the app stay in the app, which it then imports, rather than in a
        // third file that opening the chat would have to wait for.
        preserveEntrySignatures: "allow-extension",
        output: {
          chunkFileNames: (chunk) => `cap-chat-${chunk.name === "chat-api-transport" ? "fallback" : chunkName(chunk)}-[hash].js`,
          // Preact and its signals stay in the app, with everything it imports statically: left alone, the
          // bundler may give them a chunk of their own, which the app would import without its hash checked.
          codeSplitting: {
            groups: [{ name: "app", test: /src[\\/]embed[\\/]app\.ts$|node_modules[\\/](preact|@preact[\\/]signals)[\\/]/ }],
          },
        },
      },
    };
  }
  if (mode === "script-tag") {
    return {
      // The loader: a classic script (an IIFE), so that it knows its own URL and any tag can load it.
      emptyOutDir: false,
      target: "es2022",
      ...pageMinify,
      lib: {
        entry: resolve(root, "src/embed/script-tag.ts"),
        name: "CapChatBundle",
        formats: ["iife"],
        fileName: () => "cap-chat.js",
      },
    };
  }
  if (mode === "demo") {
    return {
      // The demo pages' apps, with Preact bundled in (a page cannot resolve bare imports).
      emptyOutDir: false,
      outDir: resolve(root, "dist/demo"),
      target: "es2022",
      modulePreload: { polyfill: false },
      rolldownOptions: {
        input: {
          spa: resolve(root, "demo/pages/src/spa.js"),
          element: resolve(root, "demo/pages/src/element-demo.js"),
        },
        output: { entryFileNames: "[name].js", chunkFileNames: "chunks/[name]-[hash].js" },
      },
    };
  }
  return {
    target: "es2022",
    lib: { entry: libraryEntries, formats: ["es"], fileName: (_format, entryName) => `${entryName}.js` },
    rolldownOptions: {
      external: [/^preact($|\/)/, /^@preact\/signals($|\/)/],
      // The widget and the element import the client's modules from client.js itself, not from a chunk behind
      // a client.js that only re-exports it: one file fewer for an app of the client alone. The internal
      // names client.js then exports too are in no type declaration.
      preserveEntrySignatures: "allow-extension",
      output: {
        chunkFileNames: (chunk) => `chunks/${chunkName(chunk)}-[hash].js`,
        // Everything the client's entry imports statically stays in client.js, with the entry: left alone, the
        // modules it shares with the Chat API fallback would become a chunk of their own, a second file (and
        // about 600 B gzip more) for every app of the client. The fallback then imports them from client.js.
        codeSplitting: { groups: [{ name: "client", test: /src[\\/]index\.ts$/ }] },
      },
    },
  };
}

/**
 * The widget's stylesheets are written one rule a line, for reading; the built files drop the line break after
 * each rule, which CSS never needs (about 20 B gzip in the loader, more in the app).
 */
const compactStyles: Plugin = {
  name: "cap-chat:compact-styles",
  apply: "build",
  transform(code, id) {
    if (!/widget\/styles\/(launcher|widget)-styles\.ts$/.test(id)) return null;
    return code.replace(
      /(export const \w+Styles = `)([^`]*)`/g,
      (_, start: string, css: string) => `${start}${css.replace(/^\n|(?<=\})\n/g, "")}\``,
    );
  },
};

/** The plugins of each build; the banner comes after every change to the code but the sibling hashes, which cover it. */
function plugins(mode: string): Plugin[] {
  if (mode === "app")
    return [
      classicJsx,
      compactStyles,
      packTranslations,
      mangleInternalProperties,
      dropAnnotations,
      bannerPlugin(version),
      verifiedSiblingImports,
    ];
  if (mode === "demo") return [classicJsx];
  if (mode === "server") return [classicJsx, bannerPlugin(version)];
  return [classicJsx, compactStyles, packTranslations, mangleInternalProperties, bannerPlugin(version)];
}

export default defineConfig(({ mode, command }) => {
  const appFile = command === "build" && mode === "script-tag" ? builtAppFile() : null;
  return {
    oxc: { jsx: { runtime: "classic", pragma: "jsxElement", pragmaFrag: "JsxFragment", development: false } },
    define: {
      __CAP_CHAT_APP_FILE__: JSON.stringify(appFile ?? "cap-chat-app.js"),
      // The loader imports the app only once the browser has checked it against this hash (see app-source.ts).
      __CAP_CHAT_APP_INTEGRITY__: JSON.stringify(appFile ? integrityOf(readFileSync(resolve(root, "dist", appFile))) : ""),
      __CAP_CHAT_VERSION__: JSON.stringify(version),
    },
    publicDir: false,
    plugins: plugins(mode),
    resolve: mode === "demo" ? { alias: builtPackageEntries } : {},
    // The reference server serves dist/ at /dist/, so the demo apps' chunks live under /dist/demo/.
    base: mode === "demo" ? "/dist/demo/" : "/",
    build: buildOptions(mode),
    test: {
      projects: [
        {
          extends: true,
          test: {
            name: "node",
            environment: "node",
            include: ["test/**/*.test.ts"],
            exclude: ["test/widget/**", "test/embed/**", "test/package/**"],
          },
        },
        {
          extends: true,
          test: {
            // The packed tarball, as npm would publish it: run by `npm run test:package`, after a build.
            name: "package",
            environment: "node",
            include: ["test/package/**/*.test.ts"],
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
  };
});
