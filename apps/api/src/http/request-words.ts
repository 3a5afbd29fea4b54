import { z } from 'zod';

const kinds: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  bigint: 'a whole number',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
  date: 'a date',
  null: 'null',
};

function kindOf(input: unknown): string {
  if (input === null) return 'null';
  if (Array.isArray(input)) return 'a list';
  if (typeof input === 'number' && !Number.isFinite(input)) return 'not a finite number';
  return kinds[typeof input] ?? typeof input;
}

const formats: Record<string, string> = {
  email: 'must be an e-mail address',
  url: 'must be a web address',
  uuid: 'must be an id (a UUID)',
  datetime: 'must be a date and time (ISO 8601, e.g. 2026-12-01T10:30:00Z)',
  date: 'must be a date, YYYY-MM-DD',
};

/**
 * A request's problem in plain words where its schema gives none of its own: zod's own read
 * "Invalid input: expected object, received null" (QA 31 F4). The error handler puts the field
 * before it: "billing: must be an object, not null".
 */
export function requestWords(issue: z.core.$ZodRawIssue): string | undefined {
  switch (issue.code) {
    case 'invalid_type': {
      const wanted = kinds[issue.expected] ?? issue.expected;
      const given = issue.input === undefined ? '' : `, not ${kindOf(issue.input)}`;
      if (!issue.path?.length) return `send ${wanted}${given}`;
      return issue.input === undefined ? 'is required' : `must be ${wanted}${given}`;
    }
    case 'too_small':
      if (issue.origin === 'string') return `must be at least ${issue.minimum} characters long`;
      if (issue.origin === 'array' || issue.origin === 'set') {
        return `must have at least ${issue.minimum} ${issue.minimum === 1 ? 'item' : 'items'}`;
      }
      return `must be ${issue.inclusive ? 'at least' : 'more than'} ${issue.minimum}`;
    case 'too_big':
      if (issue.origin === 'string') return `must be at most ${issue.maximum} characters long`;
      if (issue.origin === 'array' || issue.origin === 'set') {
        return `must have at most ${issue.maximum} ${issue.maximum === 1 ? 'item' : 'items'}`;
      }
      return `must be ${issue.inclusive ? 'at most' : 'less than'} ${issue.maximum}`;
    case 'invalid_value':
      return issue.values.length === 1
        ? `must be ${String(issue.values[0])}`
        : `must be one of: ${issue.values.map(String).join(', ')}`;
    case 'invalid_format':
      return formats[issue.format] ?? 'is not in the form expected';
    case 'not_multiple_of':
      return `must be a multiple of ${issue.divisor}`;
    case 'unrecognized_keys':
      return `has fields this request does not take: ${issue.keys.join(', ')}`;
    case 'invalid_union':
      return 'is not in any of the forms this request takes';
    case 'invalid_key':
      return 'has a key this request does not take';
    case 'invalid_element':
      return 'has an item this request does not take';
    default:
      return 'is not valid';
  }
}

/**
 * The API's requests are read with these words wherever a schema gives none of its own (a
 * schema's or a parse's own words still win: zod asks this map last).
 */
export function useRequestWords() {
  z.config({ customError: requestWords });
}
