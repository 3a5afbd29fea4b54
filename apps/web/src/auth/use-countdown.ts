import { useEffect, useState } from 'react';

const TICK_MS = 250;

/**
 * Whole seconds left until `target` (epoch ms), updated while counting; 0 when past or null.
 * `since` is when the target was set (epoch ms): the count never starts above target - since.
 */
export function useSecondsUntil(target: number | null, since = 0): number {
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (target === null) return;
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= target) clearInterval(timer);
    }, TICK_MS);
    return () => clearInterval(timer);
  }, [target]);

  return target === null ? 0 : Math.max(0, Math.ceil((target - Math.max(now, since)) / 1000));
}

/** 125 -> "2:05". */
export function formatCountdown(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
