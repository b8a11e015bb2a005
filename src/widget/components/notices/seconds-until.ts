import { useEffect, useState } from "preact/hooks";
import type { ChatClient } from "../../../transport/chat-client-types.ts";

/**
 * Whole seconds from now until `at` on the client's clock (the one its times are on), kept current: each
 * tick lands on a whole second before `at`, so a countdown never skips a number. 0 once `at` has passed,
 * and for `at` 0 (nothing to count down to).
 */
export function useSecondsUntil(client: ChatClient, at: number): number {
  const [now, setNow] = useState(() => client.now());
  useEffect(() => {
    if (!at) return;
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      const current = client.now();
      setNow(current);
      const remaining = at - current;
      if (remaining > 0) timer = setTimeout(tick, remaining % 1000 || 1000);
    };
    tick();
    return () => clearTimeout(timer);
  }, [at]);
  return at > now ? Math.ceil((at - now) / 1000) : 0;
}
