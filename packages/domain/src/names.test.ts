import { describe, expect, it } from 'vitest';
import { companyNameProblem, personNameProblem, signedNameProblem } from './names';

describe('personNameProblem', () => {
  it.each([
    'Dr. A.P.J. Abdul Kalam',
    "D'Souza Maria",
    'D’Souza Maria',
    'राम कुमार',
    'Ñandini Iyer',
    'Anne-Marie',
    'സ്‌നേഹ',
  ])('accepts %s', (name) => {
    expect(personNameProblem(name)).toBeNull();
  });

  it.each([
    'Ravi123',
    '<script>',
    'Ravi {Kumar}',
    'a[1]',
    'x\\y',
    'a|b',
    'a^b',
    'a~b',
    'a`b',
    'a=b',
    '..',
    "-'-",
  ])('refuses %s', (name) => {
    expect(personNameProblem(name)).toBe(
      'A name has letters, spaces, dots, apostrophes and hyphens only.',
    );
  });
});

describe('companyNameProblem', () => {
  it('accepts digits, & and the like, refuses < and >', () => {
    expect(companyNameProblem('24x7 Services & Co. Pvt Ltd')).toBeNull();
    expect(companyNameProblem('A1 (India) Pvt. Ltd.')).toBeNull();
    expect(companyNameProblem('<b>Acme</b>')).toBe('A company name cannot have < or >.');
  });
});

describe('signedNameProblem', () => {
  it("takes an enquirer's name as written, refuses markup's < and >", () => {
    expect(signedNameProblem('Kiran (Acme Pvt Ltd) 2')).toBeNull();
    expect(signedNameProblem('Kiran <img src=x onerror=alert(2)>')).toBe(
      'A name cannot have < or >.',
    );
  });
});
