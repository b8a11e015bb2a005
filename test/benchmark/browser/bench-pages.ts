import { cp, readFile, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { build } from "vite";

const here = import.meta.dirname;

/** A page the browser benchmark measures, served by the reference server. */
export interface BenchSubject {
  name: string;
  /** Path of its page on the server. */
  path: string;
  /** Whether it renders agent Markdown (cap-chat) or shows the source as it came (the floor). */
  rendersMarkdown: boolean;
  /** A page with an open socket and no chat: what delivering frames costs by itself. */
  calibration?: boolean;
}

/** The benchmark's pages, and the probe to inject into each. */
export interface BenchPages {
  subjects: readonly BenchSubject[];
  probeSource: string;
}

/**
 * Builds one entry into an IIFE file in `folder`; `minified` as the script tag is, with Terser's extra
 * passes, but not `pure_getters`: it drops reads kept only to subscribe, which silences a signal child.
 */
export async function buildScript(entry: string, folder: string, fileName: string, minified: boolean): Promise<void> {
  await build({
    configFile: false,
    logLevel: "error",
    oxc: { jsx: { runtime: "automatic", importSource: "preact" } },
    build: {
      outDir: folder,
      emptyOutDir: false,
      target: "es2022",
      minify: minified ? "terser" : false,
      terserOptions: { ecma: 2020, compress: { passes: 3 } },
      lib: { entry, name: "BenchScript", formats: ["iife"], fileName: () => fileName },
    },
  });
}

const page = (title: string, body: string) => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${title}</title>
    <link rel="icon" href="data:," />
  </head>
  <body>
    <main><h1>${title}</h1><p>A page with a chat in the corner.</p></main>
${body}
  </body>
</html>
`;

/** The script tag as a site embeds it: the standard one-line stub, then the file with its `data-` options. */
const scriptTag = (src: string, connectorToken: string) =>
  [
    "    <script>window.CapChat=window.CapChat||function(){(window.CapChat.q=window.CapChat.q||[]).push(arguments)};</script>",
    `    <script src="${src}" data-messaging-url="/" data-connector-token="${connectorToken}"></script>`,
  ].join("\n");

/** Opens a session's socket as a chat would, and listens to nothing. */
const socketOnlyScript = (connectorToken: string) => `    <script>
      (async () => {
        const post = async (path, headers) =>
          (await fetch("/api/v1/" + path, { method: "POST", headers: { "Content-Type": "application/json", ...headers }, body: "{}" })).json();
        const { access_token: token } = await post("access-token", { "X-Token": "${connectorToken}", "X-Host": location.hostname });
        const { session_id: session } = await post("sessions", { Authorization: "Bearer " + token });
        new WebSocket("ws://" + location.host + "/ws?session_id=" + session + "&access_token=" + token);
      })();
    </script>`;

/**
 * Builds the floor element and the probe into `folder` (the reference server's static root, with dist/
 * served at /dist/), and writes one page per subject: the script tag as a site embeds it; the same for a
 * `baselineDist` folder (another build, to compare with) if given; the floor; and a page with a bare
 * socket, to calibrate the stream.
 */
export async function writeBenchPages(folder: string, connectorToken: string, baselineDist?: string): Promise<BenchPages> {
  await buildScript(resolve(here, "floor/floor-chat.tsx"), folder, "floor.js", true);
  await buildScript(resolve(here, "page-probe.ts"), folder, "probe.js", false);
  await writeFile(
    join(folder, "floor.html"),
    page("Floor", `    <floor-chat connector-token="${connectorToken}"></floor-chat>\n    <script src="/floor.js"></script>`),
  );
  await writeFile(join(folder, "cap-chat.html"), page("cap-chat", scriptTag("/dist/cap-chat.js", connectorToken)));
  if (baselineDist) {
    await cp(baselineDist, join(folder, "baseline-dist"), { recursive: true });
    await writeFile(
      join(folder, "baseline.html"),
      page("cap-chat, baseline build", scriptTag("/baseline-dist/cap-chat.js", connectorToken)),
    );
  }
  await writeFile(join(folder, "socket-only.html"), page("Socket only", socketOnlyScript(connectorToken)));
  return {
    subjects: [
      { name: "cap-chat", path: "/cap-chat.html", rendersMarkdown: true },
      ...(baselineDist ? [{ name: "baseline", path: "/baseline.html", rendersMarkdown: true }] : []),
      { name: "floor", path: "/floor.html", rendersMarkdown: false },
      { name: "socket only", path: "/socket-only.html", rendersMarkdown: false, calibration: true },
    ],
    probeSource: await readFile(join(folder, "probe.js"), "utf8"),
  };
}
