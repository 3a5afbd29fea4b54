import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError } from '../config/config';
import { makeDataDir, writeFailure } from '../db/data-dir-lock';
import { AppError } from '../http/app-error';

/**
 * Where stock imports stage their uploads while they run: DATA_DIR/uploads, beside the store's
 * other files (decision 0089), not the system's temporary folder, which may be small or
 * read-only.
 */
export const uploadFolder = (dataDir: string) => join(dataDir, 'uploads');

/**
 * The codes of a file system refusing the folder a file: read-only, permissions, full, a file
 * in the way. Said in words by the data folder's writeFailure.
 */
const refusals = new Set(['EROFS', 'EACCES', 'EPERM', 'ENOSPC', 'EDQUOT', 'ENOTDIR', 'EEXIST']);
const full = new Set(['ENOSPC', 'EDQUOT']);

const codeOf = (error: unknown) =>
  error && typeof error === 'object' && 'syscall' in error
    ? String((error as NodeJS.ErrnoException).code)
    : undefined;

/**
 * At start-up: the upload folder made if missing and a file written to it and removed. A folder
 * that cannot take files stops the start with a line naming the setting to fix; a DATA_DIR that
 * cannot be made at all, with the data folder's own line (DataDirNotWritableError).
 */
export function checkUploadFolder(dataDir: string): void {
  const folder = uploadFolder(dataDir);
  makeDataDir(dataDir);
  try {
    mkdirSync(folder, { recursive: true });
    const probe = join(folder, `.write-check-${process.pid}`);
    writeFileSync(probe, '');
    rmSync(probe);
  } catch (error) {
    const why = writeFailure(error as NodeJS.ErrnoException);
    throw new ConfigError([
      `DATA_DIR: stock imports stage their uploads in ${folder}, which cannot take files (${why}): make that folder writable, or set DATA_DIR to a writable folder`,
    ]);
  }
}

/**
 * The answer to an upload the folder refused (full 507, otherwise 503), for staff: what to ask
 * of whoever runs the store, never the folder's path. Undefined for any other error.
 */
export function uploadNotStored(error: unknown): AppError | undefined {
  const code = codeOf(error);
  if (!code || !refusals.has(code)) return undefined;
  return full.has(code)
    ? new AppError(
        507,
        'UPLOAD_FOLDER_FULL',
        'The server has no room to store the upload: its upload folder (under the DATA_DIR setting) is full. Ask whoever runs the store to free space there, then upload the file again.',
      )
    : new AppError(
        503,
        'UPLOAD_FOLDER_NOT_WRITABLE',
        'The server cannot store the upload: its upload folder (under the DATA_DIR setting) is not writable. Ask whoever runs the store to make it writable, then upload the file again.',
      );
}
