import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cellAsWritten, inertCell } from './spreadsheet-cells';

describe('spreadsheet cells', () => {
  it('quotes what a spreadsheet would run as a formula, spaces before it counted out', () => {
    for (const formula of [
      '=1+2',
      '+1+2',
      "-2+3+cmd|' /C calc'!A0",
      '@SUM(A1)',
      '\t=1+2',
      '\r=1',
      ' =1',
      '\n@A1',
      '-',
      '+91 98200 12345',
    ]) {
      expect(inertCell(formula), formula).toBe(`'${formula}`);
    }
  });

  it('leaves plain numbers, negative ones too, and other text as they are', () => {
    for (const text of [
      '',
      '5000',
      '-5',
      '+5',
      '1250.50',
      '-0.5',
      '1,25,000',
      'abc',
      "'abc",
      "'-5",
    ]) {
      expect(inertCell(text), text).toBe(text);
    }
  });

  it('reads back what it wrote, and nothing else', () => {
    const cell = fc.stringMatching(/^'{0,2}[=+\-@\t\r ]?[^]{0,6}$/);
    fc.assert(fc.property(cell, (text) => cellAsWritten(inertCell(text)) === text));
    expect(inertCell("'=1")).toBe("''=1");
    expect(cellAsWritten("''=1")).toBe("'=1");
    expect(cellAsWritten("'abc")).toBe("'abc");
    expect(cellAsWritten("'5")).toBe("'5");
  });
});
