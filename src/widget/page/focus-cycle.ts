/** What Tab can reach, before the disabled, hidden and negative-tabindex ones are left out. */
const TABBABLE = "a[href],button,input,select,textarea,[tabindex]";

/**
 * Keeps Tab and Shift+Tab inside `container`: from its last tabbable element Tab moves to the first, and
 * from the first (or from the container itself) Shift+Tab moves to the last, so focus never reaches the
 * page behind. Elements inside a `hidden` subtree, disabled ones and those with a negative tabindex are
 * skipped. Every other key, and Tab between two elements inside, is left to the browser.
 */
export function keepTabInside(container: HTMLElement, event: KeyboardEvent): void {
  if (event.key !== "Tab" || event.altKey || event.ctrlKey || event.metaKey) return;
  const tabbable = [...container.querySelectorAll<HTMLElement>(TABBABLE)].filter(
    (element) => element.tabIndex >= 0 && !element.matches(":disabled") && !element.closest("[hidden]"),
  );
  const focused = (container.getRootNode() as Document | ShadowRoot).activeElement;
  const outside = !focused || focused === container || !container.contains(focused);
  const edge = event.shiftKey ? tabbable[0] : tabbable[tabbable.length - 1];
  const wrapTo = event.shiftKey ? tabbable[tabbable.length - 1] : tabbable[0];
  if (wrapTo && !outside && focused !== edge) return;
  event.preventDefault();
  wrapTo?.focus();
}
