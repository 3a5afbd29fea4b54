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

/**
 * 125 -> "2:05"; with `minuteDigits: 2`, "02:05" (a clock that keeps its width while it runs
 * down from ten minutes or more); an hour or more as hours too: 86_376 -> "23:59:36".
 */
export function formatCountdown(totalSeconds: number, { minuteDigits = 1 } = {}): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const hours = Math.floor(seconds / 3600);
  const two = (n: number) => String(n).padStart(2, '0');
  if (hours > 0) return `${hours}:${two(Math.floor(seconds / 60) % 60)}:${two(seconds % 60)}`;
  const minutes = String(Math.floor(seconds / 60)).padStart(minuteDigits, '0');
  return `${minutes}:${two(seconds % 60)}`;
}
