import { afterEach, beforeEach, vi } from 'vitest';

/**
 * The files the tests of a describe save (a download link clicked), each with its name and
 * blob; emptied before each test. jsdom has no object URLs: these keep the blob a link points at.
 */
export function catchSavedFiles(): { name: string; blob: Blob }[] {
  const saved: { name: string; blob: Blob }[] = [];
  beforeEach(() => {
    saved.length = 0;
    const blobs = new Map<string, Blob>();
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        const url = `blob:test/${blobs.size}`;
        blobs.set(url, blob);
        return url;
      },
      revokeObjectURL: () => {},
    });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push({ name: this.download, blob: blobs.get(this.getAttribute('href')!)! });
    });
  });
  afterEach(() => vi.restoreAllMocks());
  return saved;
}
