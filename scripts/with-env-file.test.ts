import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { parseEnvFile } from './with-env-file.mjs';

const wrapper = fileURLToPath(new URL('./with-env-file.mjs', import.meta.url));
const folder = mkdtempSync(join(tmpdir(), 'with-env-file-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('reading the env file as systemd reads it', () => {
  it('takes an unquoted value with spaces, <> and # as it is, the whitespace around it dropped', () => {
    const text = [
      '# The store (mode 0600)',
      '; also a comment',
      'NODE_ENV=production',
      'MAIL_FROM=QA29 Numbers <no-reply@x.in>  ',
      '  STORE_ADDRESS =  12 Janpath, New Delhi, Delhi 110001',
      'PAYMENT_BANK_DETAILS=A/c #1234, IFSC ABCD0001234',
      'SESSION_SECRET=a$b`c"d\'e',
      'EMPTY=',
      '',
    ].join('\n');
    expect(parseEnvFile(text)).toEqual({
      values: {
        NODE_ENV: 'production',
        MAIL_FROM: 'QA29 Numbers <no-reply@x.in>',
        STORE_ADDRESS: '12 Janpath, New Delhi, Delhi 110001',
        PAYMENT_BANK_DETAILS: 'A/c #1234, IFSC ABCD0001234',
        SESSION_SECRET: 'a$b`c"d\'e',
        EMPTY: '',
      },
      ignored: [],
    });
  });

  it('reads quotes, escapes, joined lines and Windows line ends', () => {
    const text =
      'A="two  words" \r\n' +
      "B='it is $HOME \\n'\n" +
      'C="say \\"hi\\" \\$5 \\n"\n' +
      'D=one\\\ntwo\n' +
      'E=a\\ b\\\\c\n' +
      'F="first\nsecond"\n' +
      'G=last';
    expect(parseEnvFile(text).values).toEqual({
      A: 'two  words',
      B: 'it is $HOME \\n',
      C: 'say "hi" $5 \\n',
      D: 'onetwo',
      E: 'a b\\c',
      F: 'first\nsecond',
      G: 'last',
    });
  });

  it('names the lines it ignores: no `=`, or no variable name', () => {
    expect(parseEnvFile('A=1\nexport\n2B=x\nMY KEY=y\nC=3\nD')).toEqual({
      values: { A: '1', C: '3' },
      ignored: [2, 3, 4, 6],
    });
  });
});

describe('running a command with the settings', () => {
  const envFile = join(folder, 'store.env');
  writeFileSync(
    envFile,
    'MAIL_FROM=QA29 Numbers <no-reply@x.in>\nPUBLIC_BASE_URL=https://shop.example.in\n',
  );
  const run = (...args: string[]) =>
    spawnSync(process.execPath, [wrapper, ...args], {
      encoding: 'utf8',
      env: { ...process.env, PUBLIC_BASE_URL: 'http://localhost:3000', KEPT: 'yes' },
    });

  it("gives the command the file's settings over the shell's, and the rest of the shell's", () => {
    const script =
      'console.log([process.env.MAIL_FROM, process.env.PUBLIC_BASE_URL, process.env.KEPT].join("|"))';
    const result = run(envFile, process.execPath, '-e', script);
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe('QA29 Numbers <no-reply@x.in>|https://shop.example.in|yes\n');
    expect(result.status).toBe(0);
  });

  it("exits with the command's status, so that `&& find … -delete` never follows a failure", () => {
    expect(run(envFile, process.execPath, '-e', 'process.exit(3)').status).toBe(3);
  });

  it('stops with one line, running nothing, when the file cannot be read', () => {
    const marker = join(folder, 'ran');
    const result = run(join(folder, 'missing.env'), 'touch', marker);
    expect(result.status).toBe(1);
    expect(result.stderr).toBe(
      `Cannot read the store's settings from ${join(folder, 'missing.env')} (ENOENT): nothing was run.\n`,
    );
    expect(spawnSync('test', ['-e', marker]).status).toBe(1);
  });

  it('says which lines it ignored, without their text', () => {
    const withJunk = join(folder, 'junk.env');
    writeFileSync(withJunk, 'A=1\nsecret-looking junk\n');
    const result = run(withJunk, process.execPath, '-e', '');
    expect(result.stderr).toBe(
      `${withJunk}: line 2 is no NAME=value setting; ignored, as systemd ignores it.\n`,
    );
    expect(result.status).toBe(0);
  });
});
