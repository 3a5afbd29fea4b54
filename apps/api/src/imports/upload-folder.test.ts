import { describe, expect, it } from 'vitest';
import { DataDirNotWritableError } from '../db/data-dir-lock';
import { checkUploadFolder } from './upload-folder';

describe('checkUploadFolder', () => {
  it("refuses a DATA_DIR under /proc with the data folder's line, before a write that would never return (QA 25 F7)", () => {
    expect(() => checkUploadFolder('/proc/store-qa25')).toThrow(DataDirNotWritableError);
    expect(() => checkUploadFolder('/proc/store-qa25')).toThrow(
      /^DATA_DIR \/proc\/store-qa25 is not writable: \/proc is the kernel's view of its processes\. /,
    );
  });
});
