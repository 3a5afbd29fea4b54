import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { requestWords } from './request-words';

const problems = (schema: z.ZodType, value: unknown) =>
  schema.safeParse(value, { error: requestWords }).error?.issues.map((issue) => issue.message);

describe('a request read in plain words', () => {
  const billing = z.object({ line1: z.string().min(2).max(5), pin: z.string().regex(/^\d{6}$/) });

  it('says what a field must be and what it was given', () => {
    expect(problems(z.object({ billing }), { billing: null })).toEqual([
      'must be an object, not null',
    ]);
    expect(problems(billing, { line1: 7, pin: '110001' })).toEqual(['must be text, not a number']);
    expect(problems(billing, { line1: 'ab', pin: ['1'] })).toEqual(['must be text, not a list']);
    expect(problems(z.object({ n: z.number().int() }), { n: 1.5 })).toEqual([
      'must be a whole number, not a number',
    ]);
    expect(problems(z.object({ ok: z.boolean() }), { ok: 'yes' })).toEqual([
      'must be true or false, not text',
    ]);
  });

  it('says a missing field is required, and a missing body what to send', () => {
    expect(problems(billing, { pin: '110001' })).toEqual(['is required']);
    expect(problems(billing, undefined)).toEqual(['send an object']);
    expect(problems(billing, 'x')).toEqual(['send an object, not text']);
  });

  it('gives lengths, bounds, choices and forms', () => {
    expect(problems(billing, { line1: 'a', pin: '110001' })).toEqual([
      'must be at least 2 characters long',
    ]);
    expect(problems(billing, { line1: 'abcdef', pin: '110001' })).toEqual([
      'must be at most 5 characters long',
    ]);
    expect(problems(z.number().min(1), 0)).toEqual(['must be at least 1']);
    expect(problems(z.number().lt(10), 10)).toEqual(['must be less than 10']);
    expect(problems(z.array(z.string()).min(1), [])).toEqual(['must have at least 1 item']);
    expect(problems(z.enum(['upi', 'bank']), 'cash')).toEqual(['must be one of: upi, bank']);
    expect(problems(z.literal(true), false)).toEqual(['must be true']);
    expect(problems(z.email(), 'a@')).toEqual(['must be an e-mail address']);
    expect(problems(billing, { line1: 'ab', pin: '1100' })).toEqual([
      'is not in the form expected',
    ]);
    expect(problems(z.strictObject({ a: z.string() }), { a: 'x', b: 1, c: 2 })).toEqual([
      'has fields this request does not take: b, c',
    ]);
  });

  it("leaves a schema's own words alone", () => {
    const named = z.object({ line1: z.string({ error: 'Enter the first address line.' }) });
    expect(problems(named, {})).toEqual(['Enter the first address line.']);
    expect(problems(z.string().min(3, 'Too short for a name.'), 'a')).toEqual([
      'Too short for a name.',
    ]);
  });
});
