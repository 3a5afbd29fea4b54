import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { categories, isCategorySlug, type CategorySlug } from './categories';
import {
  matches786,
  matchesAaaBbb,
  matchesAbcAbcAbc,
  matchesCounting,
  matchesDoubling,
  matchesEndingAbAb,
  matchesMiddleAbAb,
  matchesMirror,
  matchesSemiMirror,
  matchesTetra,
  matchesTwoDigit,
  matchesWithout248,
  rules,
} from './category-rules';
import { classify, matchingCategories } from './classifier';

describe('classify', () => {
  // The examples at the end of domain.md §1.
  it.each<[string, CategorySlug]>([
    ['9786012345', '786-numbers'],
    ['9876108555', '108-numbers'],
    ['9876598765', 'mirror-numbers'],
    ['9810000567', 'tetra'],
    ['9812377777', 'penta'],
    ['9999995123', 'hexa'],
    ['9000000012', 'septa'],
    ['9800000000', 'octa'],
    ['9812341234', 'semi-mirror-numbers'],
    ['9123123123', 'abc-abc-abc-numbers'],
    ['7070700852', 'ab-ab-ab-numbers'],
    ['9988456456', 'abc-abc-numbers'],
    ['9912124545', 'ab-ab-xy-xy-numbers'],
    ['7770009991', 'aaa-bbb-numbers'],
    ['9991926234', 'triple'],
    ['9559900590', 'three-digit-numbers'],
    ['9811223344', 'doubling-numbers'],
    ['9898701234', 'start-ab-ab-numbers'],
    ['9512120345', 'middle-ab-ab-numbers'],
    ['9060481010', 'ending-ab-ab-numbers'],
    ['9876543210', 'counting-numbers'],
    ['9137605193', 'without-248-numbers'],
    ['6824628194', 'unique-numbers'],
  ])('domain.md example %s is %s', (number, category) => {
    expect(classify(number).category).toBe(category);
  });

  // Each number was checked by hand against every earlier rule. Several sit where an earlier
  // rule nearly applies (786 inside a run of zeros, a repeated block of one digit, ...).
  const table: Record<Exclude<CategorySlug, 'all' | 'two-digit-numbers'>, string[]> = {
    '786-numbers': ['7860000000', '9999978600', '6789786123'],
    '108-numbers': ['9108108108', '8000000108', '6123451089'],
    'mirror-numbers': ['9999999999', '7012370123', '6543265432'],
    octa: ['9999999990', '6000000007', '7111111112'],
    septa: ['9999999123', '6111111150', '7222222209'],
    hexa: ['7777779012', '9012333333', '8222222123'],
    penta: ['9000001234', '6666612345', '9123455555'],
    tetra: ['9111123456', '7000012345', '8888123123'],
    'semi-mirror-numbers': ['9123401234', '7755127755', '9000150001'],
    'abc-abc-abc-numbers': ['9456456456', '7707707709', '9981981981'],
    'ab-ab-ab-numbers': ['9121212345', '6565650987', '9990909091'],
    'abc-abc-numbers': ['9123712356', '7459074512', '6887188705'],
    'ab-ab-xy-xy-numbers': ['9121234343', '7575909012', '6363001919'],
    'aaa-bbb-numbers': ['9990001234', '6111522238', '7123444555'],
    triple: ['9123456777', '6000123456', '8881234560'],
    'three-digit-numbers': ['9950059905', '7711337131', '6600226062'],
    'doubling-numbers': ['9900123456', '7730550123', '6123456699'],
    'start-ab-ab-numbers': ['7171035946', '6969135270', '8080162539'],
    'middle-ab-ab-numbers': ['9343416207', '7015656238', '6203179791'],
    'ending-ab-ab-numbers': ['9123507575', '6051739292', '8765431919'],
    'counting-numbers': ['9102030596', '6121314159', '9123124125'],
    'without-248-numbers': ['9135790613', '7031596375', '6359107365'],
    'unique-numbers': ['9258106473', '7240961835', '8603752914'],
  };
  const rows = Object.entries(table).flatMap(([category, numbers]) =>
    numbers.map((number) => [number, category] as const),
  );

  it.each(rows)('%s is %s', (number, category) => {
    expect(classify(number).category).toBe(category);
  });

  it('covers every category but All and Two Digit in the table', () => {
    const covered = new Set(Object.keys(table));
    const missing = categories.filter((category) => !covered.has(category.slug));
    expect(missing.map((category) => category.slug)).toEqual(['all', 'two-digit-numbers']);
  });

  // Rules 1 to 11 catch every number of two distinct digits: with no run longer than 2 (else
  // rules 4, 10 or 11), its eight 3-digit windows take at most six values, so some block repeats
  // without overlap (rule 8) unless the number alternates, which rules 3, 5, 7 or 9 catch.
  it('never makes Two Digit Numbers the primary category', () => {
    for (let a = 0; a <= 9; a++) {
      for (let b = a + 1; b <= 9; b++) {
        for (let mask = 1; mask < 1023; mask++) {
          const number = [...mask.toString(2).padStart(10, '0')]
            .map((bit) => (bit === '1' ? b : a))
            .join('');
          if (!/^[6-9]/.test(number)) continue;
          expect(matchesTwoDigit(number)).not.toBeNull();
          expect(classify(number).category).not.toBe('two-digit-numbers');
        }
      }
    }
  });

  it('returns the spans that made the match', () => {
    expect(classify('9786012345')).toEqual({ category: '786-numbers', spans: [[1, 4]] });
    expect(classify('9876598765').spans).toEqual([
      [0, 5],
      [5, 10],
    ]);
    expect(classify('9810000567').spans).toEqual([[3, 7]]);
    expect(classify('9123123123').spans).toEqual([
      [1, 4],
      [4, 7],
      [7, 10],
    ]);
    expect(classify('9912124545').spans).toEqual([
      [2, 6],
      [6, 10],
    ]);
    expect(classify('7770009991').spans).toEqual([
      [0, 3],
      [3, 6],
      [6, 9],
    ]);
    expect(classify('9811223344').spans).toEqual([
      [2, 4],
      [4, 6],
      [6, 8],
      [8, 10],
    ]);
    expect(classify('9559900590').spans).toEqual([[0, 10]]);
    expect(classify('9876543210').spans).toEqual([[0, 10]]);
    expect(classify('6824628194')).toEqual({ category: 'unique-numbers', spans: [] });
  });

  it.each(['123', '', '98765432100', '5876543210', '98765 43210', '+919876543210', '987654321a'])(
    'rejects %j',
    (input) => {
      expect(() => classify(input)).toThrow(
        `Not a valid Indian mobile number: "${input}" (need 10 digits starting 6 to 9)`,
      );
      expect(() => matchingCategories(input)).toThrow(/Not a valid Indian mobile number/);
    },
  );
});

describe('stand-alone rules', () => {
  it('follow domain.md §1 in order, one per category but All and Unique', () => {
    expect(rules.map((rule) => rule.slug)).toEqual([
      '786-numbers',
      '108-numbers',
      'mirror-numbers',
      'octa',
      'septa',
      'hexa',
      'penta',
      'tetra',
      'semi-mirror-numbers',
      'abc-abc-abc-numbers',
      'ab-ab-ab-numbers',
      'abc-abc-numbers',
      'ab-ab-xy-xy-numbers',
      'aaa-bbb-numbers',
      'triple',
      'two-digit-numbers',
      'three-digit-numbers',
      'doubling-numbers',
      'start-ab-ab-numbers',
      'middle-ab-ab-numbers',
      'ending-ab-ab-numbers',
      'counting-numbers',
      'without-248-numbers',
    ]);
  });

  it('786: every occurrence', () => {
    expect(matches786('7867861234')).toEqual([
      [0, 3],
      [3, 6],
    ]);
    expect(matches786('9876543210')).toBeNull();
  });

  it('mirror: first five equal last five', () => {
    expect(matchesMirror('9876598765')).toEqual([
      [0, 5],
      [5, 10],
    ]);
    expect(matchesMirror('9876598764')).toBeNull();
  });

  it('run lengths: every longest run', () => {
    expect(matchesTetra('9999000012')).toEqual([
      [0, 4],
      [4, 8],
    ]);
    expect(matchesTetra('9999900012')).toBeNull();
  });

  it('repeated blocks must not be all one digit', () => {
    expect(matchesSemiMirror('6000010000')).toBeNull();
    expect(matchesSemiMirror('9999199991')).toEqual([
      [1, 5],
      [6, 10],
    ]);
    expect(matchesAbcAbcAbc('9000000000')).toBeNull();
  });

  it('AAA BBB needs two different digits', () => {
    expect(matchesAaaBbb('9991999123')).toBeNull();
    expect(matchesAaaBbb('9999000123')).toEqual([
      [0, 4],
      [4, 7],
    ]);
  });

  it('two digit: exactly two distinct digits', () => {
    expect(matchesTwoDigit('9898989898')).toEqual([[0, 10]]);
    expect(matchesTwoDigit('9000000009')).toEqual([[0, 10]]);
    expect(matchesTwoDigit('7777777770')).toEqual([[0, 10]]);
    expect(matchesTwoDigit('7777777777')).toBeNull();
    expect(matchesTwoDigit('9559900590')).toBeNull();
    expect(matchingCategories('9898989898')).toContain('two-digit-numbers');
  });

  it('doubling takes pairs greedily from the left', () => {
    expect(matchesDoubling('9999123456')).toEqual([
      [0, 2],
      [2, 4],
    ]);
    expect(matchesDoubling('9990123456')).toBeNull();
    expect(matchesDoubling('9991123456')).toEqual([
      [0, 2],
      [3, 5],
    ]);
  });

  it('middle AB AB starts at index 1 to 5; ending AB AB at 6', () => {
    expect(matchesMiddleAbAb('9343416207')).toEqual([[1, 5]]);
    expect(matchesMiddleAbAb('6203179791')).toEqual([[5, 9]]);
    expect(matchesMiddleAbAb('7171035946')).toBeNull();
    expect(matchesMiddleAbAb('9123507575')).toBeNull();
    expect(matchesEndingAbAb('9123507575')).toEqual([[6, 10]]);
  });

  it.each<[string, string, [number, number][]]>([
    ['tens in series', '9102030596', [[1, 7]]],
    ['hundreds in series', '7100200300', [[1, 10]]],
    ['2-digit groups stepping by one', '6121314159', [[1, 9]]],
    ['2-digit groups across a ten', '6091011125', [[1, 9]]],
    ['3-digit groups stepping by one', '9123124125', [[1, 10]]],
    ['descending digits', '9876543210', [[0, 10]]],
    ['ascending digits, 9 not wrapping to 0', '9890123456', [[3, 10]]],
  ])('counting: %s (%s)', (_kind, number, spans) => {
    expect(matchesCounting(number)).toEqual(spans);
  });

  it('counting: no series', () => {
    expect(matchesCounting('9135790613')).toBeNull();
    expect(matchesCounting('9102040596')).toBeNull();
  });

  it('without 248', () => {
    expect(matchesWithout248('9137605193')).toEqual([[0, 10]]);
    expect(matchesWithout248('9137605198')).toBeNull();
  });
});

describe('matchingCategories', () => {
  it('lists every matching rule, primary first', () => {
    expect(matchingCategories('9876598765')).toEqual([
      'mirror-numbers',
      'semi-mirror-numbers',
      'abc-abc-numbers',
      'counting-numbers',
    ]);
  });

  it('gives Unique Numbers alone when nothing matches', () => {
    expect(matchingCategories('6824628194')).toEqual(['unique-numbers']);
  });
});

describe('classifier properties', () => {
  const uniform = fc.stringMatching(/^[6-9]\d{9}$/);
  // Few distinct digits reach the pattern categories far more often than uniform digits do.
  const fewDigits = fc
    .tuple(
      fc.constantFrom('6', '7', '8', '9'),
      fc.uniqueArray(fc.constantFrom(...'0123456789'), { minLength: 1, maxLength: 3 }),
    )
    .chain(([first, alphabet]) =>
      fc
        .array(fc.constantFrom(...alphabet, first), { minLength: 9, maxLength: 9 })
        .map((rest) => first + rest.join('')),
    );
  const mobile = fc.oneof(uniform, fewDigits);

  it('gives every valid number one real category other than All', () => {
    fc.assert(
      fc.property(mobile, (number) => {
        const { category, spans } = classify(number);
        expect(isCategorySlug(category)).toBe(true);
        expect(category).not.toBe('all');
        expect(matchingCategories(number)[0]).toBe(category);
        expect(spans.length === 0).toBe(category === 'unique-numbers');
      }),
      { numRuns: 2000 },
    );
  });

  it('keeps every span inside the number', () => {
    fc.assert(
      fc.property(mobile, (number) => {
        for (const [start, end] of classify(number).spans) {
          expect(0 <= start && start < end && end <= 10).toBe(true);
        }
        for (const rule of rules) {
          for (const [start, end] of rule.match(number) ?? []) {
            expect(0 <= start && start < end && end <= 10).toBe(true);
          }
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('rejects anything that is not 10 digits starting 6 to 9', () => {
    fc.assert(
      fc.property(
        fc.string().filter((s) => !/^[6-9]\d{9}$/.test(s)),
        (input) => {
          expect(() => classify(input)).toThrow(/Not a valid Indian mobile number/);
        },
      ),
    );
  });
});
