import { readFile, stat } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import { extname, resolve, sep } from "node:path";

/** Content types of the files the demo serves; anything else is sent as bytes. */
export const contentTypes: Readonly<Record<string, string>> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".json": "application/json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".ico": "image/x-icon",
};

const headersFileSuffix = ".headers.json";

/**
 * Resolves a URL path inside `root`, or undefined when it would leave it (`..`, encoded separators,
 * NUL bytes) or names a `*.headers.json` file, which is configuration and never served.
 */
export function resolveInsideRoot(root: string, urlPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (decoded.includes("\0") || decoded.includes("\\")) return undefined;
  const base = resolve(root);
  const target = resolve(base, `.${decoded.startsWith("/") ? decoded : `/${decoded}`}`);
  if (target !== base && !target.startsWith(base + sep)) return undefined;
  if (target.endsWith(headersFileSuffix)) return undefined;
  return target;
}

async function readExtraHeaders(filePath: string): Promise<Record<string, string>> {
  if (extname(filePath) !== ".html") return {};
  try {
    const parsed: unknown = JSON.parse(await readFile(filePath.slice(0, -".html".length) + headersFileSuffix, "utf8"));
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return {};
    return Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
  } catch {
    return {};
  }
}

/**
 * Serves a file of `root` for a GET or HEAD of `urlPath`, with its content type; a directory serves its
 * `index.html`, and `name.html` gets the headers of a sibling `name.headers.json`. Returns false (nothing
 * sent) when there is no such file, so the caller can answer 404.
 */
export async function serveStaticFile(root: string, urlPath: string, request: IncomingMessage, response: ServerResponse): Promise<boolean> {
  let filePath = resolveInsideRoot(root, urlPath);
  if (!filePath) return false;
  try {
    let info = await stat(filePath);
    if (info.isDirectory()) {
      filePath = resolve(filePath, "index.html");
      info = await stat(filePath);
    }
    if (!info.isFile()) return false;
    const content = await readFile(filePath);
    response.writeHead(200, {
      "Content-Type": contentTypes[extname(filePath).toLowerCase()] ?? "application/octet-stream",
      "Content-Length": content.length,
      "Cache-Control": "no-cache",
      "X-Content-Type-Options": "nosniff",
      ...(await readExtraHeaders(filePath)),
    });
    response.end(request.method === "HEAD" ? undefined : content);
    return true;
  } catch {
    return false;
  }
}
