import { z } from 'zod';
import { wholeNumber } from './query-numbers';

/** Query parameters of a paged list: page from 1, pageSize up to `maxPageSize`. */
export function pageQuery(defaultPageSize: number, maxPageSize: number) {
  return {
    page: wholeNumber(1, 10_000).default(1),
    pageSize: wholeNumber(1, maxPageSize).default(defaultPageSize),
  };
}

/** A list's search box (`q`): what it finds is the `description`. */
export function searchQuery(description: string) {
  return z.string().trim().max(100).optional().describe(description);
}

/** `{ [key]: items, total, page, pageSize, pageCount }`, the shape of every paged answer. */
export function pagedSchema<K extends string, T extends z.ZodType>(key: K, item: T) {
  return z.object({
    ...({ [key]: z.array(item) } as Record<K, z.ZodArray<T>>),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
    pageCount: z.number().int(),
  });
}

export function paged<K extends string, T>(
  key: K,
  items: T[],
  { total, page, pageSize }: { total: number; page: number; pageSize: number },
) {
  return {
    ...({ [key]: items } as Record<K, T[]>),
    total,
    page,
    pageSize,
    pageCount: Math.ceil(total / pageSize),
  };
}
