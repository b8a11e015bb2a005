import { signal } from "@preact/signals";

/**
 * A module that a page loads only once a component asks for it: the returned function starts loading it at
 * its first call and returns null until it has arrived, then the module; a component that read null renders
 * again then. After a failure, which surfaces on the console as the rejection it is, the next call tries again.
 */
export function onDemand<Module>(load: () => Promise<Module>): () => Module | null {
  const loaded = signal<Module | null>(null);
  let loading = false;
  return () => {
    if (!loading) {
      loading = true;
      load().then(
        (module) => void (loaded.value = module),
        (error: unknown) => {
          loading = false;
          throw error;
        },
      );
    }
    return loaded.value;
  };
}
