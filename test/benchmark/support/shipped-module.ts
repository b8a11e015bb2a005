import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "vite";

/**
 * Imports the module at `entry` (a path from the project's root) as the bundler ships it: bundled with its
 * imports and minified. A timing of code run through `tsx` would also time what its transform adds and the
 * bundle never has, such as the call that names every named function expression each time one is made.
 */
export async function importAsShipped<Module>(entry: string): Promise<Module> {
  const result = await build({
    configFile: false,
    logLevel: "silent",
    build: { write: false, minify: true, lib: { entry, formats: ["es"], fileName: "module" } },
  });
  const outputs = (Array.isArray(result) ? result : [result]).flatMap((bundle) => ("output" in bundle ? bundle.output : []));
  const chunk = outputs.find((output) => output.type === "chunk" && output.isEntry);
  if (!chunk || chunk.type !== "chunk") throw new Error(`bundling ${entry} made no entry chunk`);
  const folder = await mkdtemp(join(tmpdir(), "cap-chat-bench-"));
  try {
    const file = join(folder, "module.mjs");
    await writeFile(file, chunk.code);
    return (await import(pathToFileURL(file).href)) as Module;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
