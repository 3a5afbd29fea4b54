import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';
import { AppError, badRequest } from './app-error';

/** One uploaded file: its name as sent ('' for none) and its bytes as they arrive. */
interface UploadedFile {
  filename: string;
  /** Errors with a 400 when the body ends inside the file (cut off), wherever it is read. */
  stream: Readable;
  /** Whether busboy stopped one byte over `maxBytes`; known once the stream has ended. */
  readonly truncated: boolean;
}

const unreadable = (why: string, what: string, field: string) =>
  badRequest(
    `The upload could not be read as multipart/form-data (${why}): send ${what} in the field "${field}".`,
  );

/**
 * The one file of a multipart/form-data request, in the field `field` (`what` names it in the
 * messages: "the CSV file"). 415 when the request is not multipart, 400 when it cannot be read
 * (its start or, as its stream is read, its file) or the file is missing or in another field.
 * Busboy stops reading one byte over `maxBytes` (the route's plugin registers @fastify/multipart
 * with throwFileSizeLimit: false), so the caller knows a file is too large by its `truncated`
 * flag or its length.
 */
export async function multipartFile(
  request: FastifyRequest,
  { field, what, maxBytes }: { field: string; what: string; maxBytes: number },
): Promise<UploadedFile> {
  if (!request.isMultipart()) {
    throw new AppError(
      415,
      'NOT_MULTIPART',
      `Send ${what} as multipart/form-data in the field "${field}".`,
    );
  }
  const part = await request
    .file({ limits: { fileSize: maxBytes + 1, files: 1 } })
    .catch((error: unknown) => {
      throw unreadable(error instanceof Error ? error.message : 'a broken body', what, field);
    });
  if (!part) throw badRequest(`No file: send ${what} in the multipart field "${field}".`);
  if (part.fieldname !== field) {
    part.file.resume();
    throw badRequest(
      `The file must be in the multipart field "${field}", not "${part.fieldname}".`,
    );
  }
  return {
    filename: part.filename,
    stream: Readable.from(bytesOf(part, what, field), { objectMode: false }),
    get truncated() {
      return part.file.truncated;
    },
  };
}

/** The file's chunks; ending early (the reader done or failed) destroys the part's stream. */
async function* bytesOf(part: MultipartFile, what: string, field: string) {
  try {
    yield* part.file as AsyncIterable<Buffer>;
  } catch {
    // Busboy says "Part terminated early" or "Unexpected end of multipart data" by timing alone.
    throw unreadable('it ended inside the file', what, field);
  }
}
