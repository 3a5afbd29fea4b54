import { describe, expect, it } from 'vitest';
import { listInWords, plural } from './plural';

describe('plural', () => {
  it('gives the singular for exactly one and the plural for any other count', () => {
    expect(plural(1, 'number', 'numbers')).toBe('number');
    expect(plural(0, 'number', 'numbers')).toBe('numbers');
    expect(plural(2, 'number', 'numbers')).toBe('numbers');
  });
});

describe('listInWords', () => {
  it('lists items as a sentence does', () => {
    expect(listInWords([])).toBe('');
    expect(listInWords(['state'])).toBe('state');
    expect(listInWords(['state', 'city'])).toBe('state and city');
    expect(listInWords(['state', 'city', 'notes'])).toBe('state, city and notes');
  });
});
