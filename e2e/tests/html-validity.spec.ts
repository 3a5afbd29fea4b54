import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import vnuJar from 'vnu-jar';
import { pageTypes } from '../support/page-types';

interface VnuMessage {
  type: string;
  subType?: string;
  url: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

/**
 * The HTML the server sends for every kind of page passes the Nu HTML Checker (vnu.jar from
 * npm, run on the machine's Java: Debian's default-jre-headless), with no error.
 */
test('the served HTML of every page type passes the Nu HTML Checker', async ({ request }) => {
  test.setTimeout(120_000);
  const folder = mkdtempSync(join(tmpdir(), 'store-html-'));
  try {
    const files = [];
    for (const [index, { name, path }] of pageTypes.entries()) {
      const response = await request.get(path, { headers: { accept: 'text/html' } });
      expect(response.status(), path).toBe(200);
      const file = join(folder, `${index}-${name.replace(/\W+/g, '-')}.html`);
      writeFileSync(file, await response.body());
      files.push(file);
    }
    // The report goes to stderr, as JSON.
    const vnu = spawnSync(
      'java',
      ['-jar', vnuJar, '--format', 'json', '--exit-zero-always', ...files],
      {
        encoding: 'utf8',
      },
    );
    if (vnu.error || vnu.status !== 0) {
      throw new Error(
        `The Nu HTML Checker did not run (it needs Java: apt-get install -y default-jre-headless): ${vnu.error ?? vnu.stderr}`,
      );
    }
    const messages = (JSON.parse(vnu.stderr) as { messages: VnuMessage[] }).messages;
    const errors = messages
      .filter((m) => m.type === 'error' || m.subType === 'fatal')
      .map((m) => `${m.url.split('/').pop()}:${m.lastLine}: ${m.message} [${m.extract?.trim()}]`);
    console.log(`Nu HTML Checker: ${files.length} pages, ${errors.length} errors`);
    expect(errors).toEqual([]);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});
