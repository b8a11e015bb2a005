import { iconPaths } from "./icon-paths.ts";

export { iconPaths };

/** A decorative icon: hidden from assistive technology, since its button carries the accessible name. */
export function Icon({ name }: { name: keyof typeof iconPaths }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true">
      <path d={iconPaths[name]} />
    </svg>
  );
}
