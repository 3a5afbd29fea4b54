import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from './app-error';

/**
 * The one file of a multipart/form-data request, in the field `field` (`what` names it in the
 * messages: "the CSV file"). 415 when the request is not multipart, 400 when it cannot be read
 * or the file is missing or in another field. Busboy stops reading one byte over `maxBytes`
 * (the route's plugin registers @fastify/multipart with throwFileSizeLimit: false), so the
 * caller knows a file is too large by its `truncated` flag or its length.
 */
export async function multipartFile(
  request: FastifyRequest,
  { field, what, maxBytes }: { field: string; what: string; maxBytes: number },
): Promise<MultipartFile> {
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
      throw badRequest(
        `The upload could not be read as multipart/form-data (${error instanceof Error ? error.message : 'a broken body'}): send ${what} in the field "${field}".`,
      );
    });
  if (!part) throw badRequest(`No file: send ${what} in the multipart field "${field}".`);
  if (part.fieldname !== field) {
    part.file.resume();
    throw badRequest(
      `The file must be in the multipart field "${field}", not "${part.fieldname}".`,
    );
  }
  return part;
}
