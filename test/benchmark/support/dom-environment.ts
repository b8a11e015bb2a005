import { builtinEnvironments } from "vitest/runtime";

/**
 * Installs a happy-dom window on the Node globals exactly as the widget tests' environment does (Vitest's
 * own `happy-dom` environment), so the widget renders here as it does under test. Resolves with the
 * function that removes it again and restores the globals it replaced (fetch among them).
 */
export async function installDomEnvironment(): Promise<() => Promise<void>> {
  const environment = builtinEnvironments["happy-dom"];
  const { teardown } = await environment.setup(globalThis, {});
  return () => Promise.resolve(teardown(globalThis));
}
