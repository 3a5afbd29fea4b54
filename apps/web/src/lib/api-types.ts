import type { paths } from './api-schema';

/**
 * Types of the API's answers and bodies, taken from api-schema.d.ts (generated from the API's
 * OpenAPI document by `npm run api-types`), so they change when the API does. Paths are written
 * without the /api/v1 prefix: `ApiData<'/orders/{id}', 'get'>`.
 */

type Prefixed<P extends string> = `/api/v1${P}` & keyof paths;

/** Every path of the API, without /api/v1. */
type ApiPath = keyof paths extends `/api/v1${infer P}` ? P : never;

type Operation<P extends ApiPath, M extends string> = M extends keyof paths[Prefixed<P>]
  ? NonNullable<paths[Prefixed<P>][M]>
  : never;

type SuccessBody<O> = O extends { responses: infer R }
  ? R extends { 200: { content: { 'application/json': infer B } } }
    ? B
    : R extends { 201: { content: { 'application/json': infer B } } }
      ? B
      : never
  : never;

/** The `data` of a call's success envelope. */
export type ApiData<P extends ApiPath, M extends 'get' | 'post' | 'put' | 'patch' | 'delete'> =
  SuccessBody<Operation<P, M>> extends { data: infer D } ? D : never;

/** The JSON body a call takes (without the `null` of an optional body). */
export type ApiBody<P extends ApiPath, M extends 'post' | 'put' | 'patch' | 'delete'> =
  Operation<P, M> extends { requestBody?: { content: { 'application/json': infer B } } }
    ? NonNullable<B>
    : never;

/** The `data` of a call's 202 (accepted: started in the background) envelope. */
export type ApiAcceptedData<P extends ApiPath, M extends 'post' | 'put' | 'patch' | 'delete'> =
  Operation<P, M> extends {
    responses: { 202: { content: { 'application/json': { data: infer D } } } };
  }
    ? D
    : never;
