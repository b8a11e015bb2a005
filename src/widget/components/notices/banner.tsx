import type { ComponentChildren } from "preact";
import { useEffect, useRef } from "preact/hooks";

/** A button a banner offers: its label and what it does. */
export type BannerAction = [label: string, run: () => void];

/** What a banner shows; `role` is set only when given. */
export interface BannerProps {
  text: string;
  role?: "status" | "alert";
  /** Extra class for a banner placed elsewhere than under the header. */
  kind?: string;
  action?: BannerAction;
  /** Moves focus to the action when focus was lost to the page, as when the control that was used is gone. */
  takeFocus?: boolean;
  /** More controls, after the action. */
  children?: ComponentChildren;
}

/** A sentence about the conversation, with an optional action after it. */
export function Banner({ text, role, kind = "", action, takeFocus, children }: BannerProps) {
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    // Focus inside the widget shows as its host, so only focus that fell back to the page body is taken.
    const focused = document.activeElement;
    if (takeFocus && (!focused || focused === document.body)) button.current?.focus();
  }, []);
  return (
    <div class={`banner ${kind}`} role={role}>
      <p>{text}</p>
      {action && (
        <button ref={button} class="action" onClick={action[1]}>
          {action[0]}
        </button>
      )}
      {children}
    </div>
  );
}
