// Runs a command with the store's settings from the file the systemd unit reads
// (deploy/systemd/store.service: EnvironmentFile=/etc/store.env), read the way systemd reads it:
// one NAME=value a line, a value with spaces or <> needing no quotes
// (MAIL_FROM=Shubh Numbers <no-reply@shubh.in>), which a shell's `. /etc/store.env` stops at.
// For the upgrade's build and the nightly backup, which run outside the unit (README, Deploying):
//   node scripts/with-env-file.mjs /etc/store.env npm run build
// The file's settings win over the shell's. The command's exit status is this one's; a file that
// cannot be read stops it with one line, before the command runs. No value is ever printed.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const whitespace = ' \t\n\r';
const newline = '\n\r';

/**
 * The settings of a systemd environment file, as systemd's own parser reads them (env-file.c):
 * lines starting with # or ; are comments; an unquoted value keeps its inner whitespace, quotes
 * and #, loses the whitespace around it, and takes a backslash as "the next character as it is"
 * (a backslash at the end of a line joins the next); 'single' quotes keep everything verbatim,
 * "double" quotes take \" \\ \` \$ and a backslash-newline as escapes; quoted and unquoted parts
 * join. `ignored`: the numbers of the lines systemd ignores too (no `=`, or a name that cannot be
 * a variable's).
 */
export function parseEnvFile(text) {
  const values = {};
  const ignored = [];
  let state = 'preKey';
  let key = '';
  let value = '';
  let line = 1;
  let keyLine = 1;
  // Where trailing whitespace of the unquoted part started (undefined: none yet).
  let trailing;
  const finish = () => {
    const name = key.trimEnd();
    if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) {
      values[name] = trailing === undefined ? value : value.slice(0, trailing);
    } else {
      ignored.push(keyLine);
    }
    key = '';
    value = '';
    trailing = undefined;
  };
  for (const c of text) {
    const isNewline = newline.includes(c);
    switch (state) {
      case 'preKey':
        if (c === '#' || c === ';') state = 'comment';
        else if (!whitespace.includes(c)) {
          state = 'key';
          key = c;
          keyLine = line;
        }
        break;
      case 'key':
        if (isNewline) {
          ignored.push(keyLine);
          key = '';
          state = 'preKey';
        } else if (c === '=') state = 'preValue';
        else key += c;
        break;
      case 'preValue':
        if (isNewline) {
          finish();
          state = 'preKey';
        } else if (c === "'") state = 'single';
        else if (c === '"') state = 'double';
        else if (c === '\\') state = 'escape';
        else if (!whitespace.includes(c)) {
          value += c;
          state = 'value';
        }
        break;
      case 'value':
        if (isNewline) {
          finish();
          state = 'preKey';
        } else if (c === '\\') {
          trailing = undefined;
          state = 'escape';
        } else {
          if (!whitespace.includes(c)) trailing = undefined;
          else if (trailing === undefined) trailing = value.length;
          value += c;
        }
        break;
      case 'escape':
        if (!isNewline) value += c;
        state = 'value';
        break;
      case 'single':
        if (c === "'") state = 'preValue';
        else value += c;
        break;
      case 'double':
        if (c === '"') state = 'preValue';
        else if (c === '\\') state = 'doubleEscape';
        else value += c;
        break;
      case 'doubleEscape':
        if ('"\\`$'.includes(c)) value += c;
        else if (c !== '\n') value += `\\${c}`;
        state = 'double';
        break;
      case 'comment':
        if (c === '\\') state = 'commentEscape';
        else if (isNewline) state = 'preKey';
        break;
      case 'commentEscape':
        state = isNewline ? 'preKey' : 'comment';
        break;
    }
    if (c === '\n') line += 1;
  }
  if (state === 'key') ignored.push(keyLine);
  else if (state !== 'preKey' && state !== 'comment' && state !== 'commentEscape') finish();
  return { values, ignored };
}

function main([file, command, ...args]) {
  if (!file || !command) {
    console.error('Usage: node scripts/with-env-file.mjs /etc/store.env COMMAND [ARGUMENTS...]');
    return 2;
  }
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    console.error(
      `Cannot read the store's settings from ${file} (${error.code ?? error.message}): nothing was run.`,
    );
    return 1;
  }
  const { values, ignored } = parseEnvFile(text);
  if (ignored.length > 0) {
    console.error(
      `${file}: line ${ignored.join(', ')} is no NAME=value setting; ignored, as systemd ignores it.`,
    );
  }
  const run = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...values } });
  if (run.error) {
    console.error(`Could not run ${command}: ${run.error.message}`);
    return 127;
  }
  return run.status ?? 1;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.exitCode = main(process.argv.slice(2));
}
