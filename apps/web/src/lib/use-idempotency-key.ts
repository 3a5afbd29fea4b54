import { useCallback, useRef } from 'react';

/** A fresh key; crypto.randomUUID is missing outside secure contexts (a plain-http address). */
function newKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
}

/**
 * Sends a submission with an Idempotency-Key: the same key for its retries (after a lost
 * answer the server may have acted on it, and answers the repeat with that first result), a
 * new key once it succeeded or its content changed. Content is compared as JSON; a file (Blob)
 * is the same content while it is the same file object.
 */
export function useIdempotencyKey() {
  const lastRef = useRef<{ content: unknown; key: string } | null>(null);
  return useCallback(async <T>(content: unknown, send: (key: string) => Promise<T>): Promise<T> => {
    const fingerprint = content instanceof Blob ? content : JSON.stringify(content);
    if (lastRef.current?.content !== fingerprint) {
      lastRef.current = { content: fingerprint, key: newKey() };
    }
    const result = await send(lastRef.current.key);
    lastRef.current = null;
    return result;
  }, []);
}
