import { describe, expect, it } from 'vitest';
import { plural } from './plural';

describe('plural', () => {
  it('gives the singular for exactly one and the plural for any other count', () => {
    expect(plural(1, 'number', 'numbers')).toBe('number');
    expect(plural(0, 'number', 'numbers')).toBe('numbers');
    expect(plural(2, 'number', 'numbers')).toBe('numbers');
  });
});
