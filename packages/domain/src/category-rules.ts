import type { CategorySlug } from './categories';

/** Digit positions [start, end) inside the 10-digit number. */
export type Span = [start: number, end: number];

/** A stand-alone category test on a 10-digit number: the spans that make it match, or null. */
export type Matcher = (d: string) => Span[] | null;

export interface CategoryRule {
  slug: CategorySlug;
  match: Matcher;
}

const whole = (d: string): Span[] => [[0, d.length]];

const distinctDigits = (digits: string) => new Set(digits).size;

/** Maximal blocks of one repeated digit. */
function runs(d: string): Span[] {
  const result: Span[] = [];
  let start = 0;
  // d[d.length] is undefined, which closes the last run.
  for (let i = 1; i <= d.length; i++) {
    if (d[i] !== d[start]) {
      result.push([start, i]);
      start = i;
    }
  }
  return result;
}

const spanLength = ([start, end]: Span) => end - start;

/** Non-overlapping occurrences of block, searched left to right from `from`. */
function occurrences(d: string, block: string, from = 0): Span[] {
  const result: Span[] = [];
  for (let i = d.indexOf(block, from); i !== -1; i = d.indexOf(block, i + block.length)) {
    result.push([i, i + block.length]);
  }
  return result;
}

/** d[i..i+3] is ABAB with A != B. */
function isAbab(d: string, i: number): boolean {
  return i + 4 <= d.length && d[i] !== d[i + 1] && d[i] === d[i + 2] && d[i + 1] === d[i + 3];
}

function firstAbab(d: string, from: number, to = d.length - 4): number {
  for (let i = from; i <= to; i++) if (isAbab(d, i)) return i;
  return -1;
}

const orNull = (spans: Span[]) => (spans.length > 0 ? spans : null);

const containing =
  (block: string): Matcher =>
  (d) =>
    orNull(occurrences(d, block));

/** The longest runs, when the longest run has between min and max digits. */
const longestRunBetween =
  (min: number, max: number): Matcher =>
  (d) => {
    const all = runs(d);
    const longest = Math.max(...all.map(spanLength));
    return longest >= min && longest <= max
      ? all.filter((run) => spanLength(run) === longest)
      : null;
  };

/** The leftmost block of `size` digits, not all one digit, found `times` times without overlap. */
const repeatedBlock =
  (size: number, times: number): Matcher =>
  (d) => {
    for (let i = 0; i + size * times <= d.length; i++) {
      const block = d.slice(i, i + size);
      if (distinctDigits(block) === 1) continue;
      const found = occurrences(d, block, i);
      if (found.length >= times) return found;
    }
    return null;
  };

export const matches786 = containing('786');
export const matches108 = containing('108');

export const matchesMirror: Matcher = (d) =>
  d.slice(0, 5) === d.slice(5)
    ? [
        [0, 5],
        [5, 10],
      ]
    : null;

export const matchesOcta = longestRunBetween(8, 10);
export const matchesSepta = longestRunBetween(7, 7);
export const matchesHexa = longestRunBetween(6, 6);
export const matchesPenta = longestRunBetween(5, 5);
export const matchesTetra = longestRunBetween(4, 4);

export const matchesSemiMirror = repeatedBlock(4, 2);
export const matchesAbcAbcAbc = repeatedBlock(3, 3);

export const matchesAbAbAb: Matcher = (d) => {
  for (let i = 0; i + 6 <= d.length; i++) {
    if (isAbab(d, i) && isAbab(d, i + 2)) return [[i, i + 6]];
  }
  return null;
};

export const matchesAbcAbc = repeatedBlock(3, 2);

export const matchesAbAbXyXy: Matcher = (d) => {
  const first = firstAbab(d, 0);
  const second = first === -1 ? -1 : firstAbab(d, first + 4);
  return second === -1
    ? null
    : [
        [first, first + 4],
        [second, second + 4],
      ];
};

export const matchesAaaBbb: Matcher = (d) => {
  const long = runs(d).filter((run) => spanLength(run) >= 3);
  return new Set(long.map(([start]) => d[start])).size >= 2 ? long : null;
};

export const matchesTriple = longestRunBetween(3, 3);

export const matchesTwoDigit: Matcher = (d) => (distinctDigits(d) === 2 ? whole(d) : null);
export const matchesThreeDigit: Matcher = (d) => (distinctDigits(d) === 3 ? whole(d) : null);

/** Adjacent pairs AA taken greedily from the left; at least two. */
export const matchesDoubling: Matcher = (d) => {
  const pairs: Span[] = [];
  let i = 0;
  while (i + 2 <= d.length) {
    if (d[i] === d[i + 1]) {
      pairs.push([i, i + 2]);
      i += 2;
    } else {
      i++;
    }
  }
  return pairs.length >= 2 ? pairs : null;
};

export const matchesStartAbAb: Matcher = (d) => (isAbab(d, 0) ? [[0, 4]] : null);

export const matchesMiddleAbAb: Matcher = (d) => {
  const i = firstAbab(d, 1, 5);
  return i === -1 ? null : [[i, i + 4]];
};

export const matchesEndingAbAb: Matcher = (d) => (isAbab(d, 6) ? [[6, 10]] : null);

/**
 * Three or more back-to-back groups of `width` digits whose values all go up, or all go down,
 * by `step`, every value passing `isTerm`. Returns one span per chain, from every start.
 */
function series(
  d: string,
  width: number,
  step: number,
  isTerm: (value: number) => boolean = () => true,
): Span[] {
  const value = (i: number) => Number(d.slice(i, i + width));
  const result: Span[] = [];
  for (let start = 0; start + 3 * width <= d.length; start++) {
    if (!isTerm(value(start))) continue;
    for (const direction of [step, -step]) {
      let end = start + width;
      while (
        end + width <= d.length &&
        value(end) === value(end - width) + direction &&
        isTerm(value(end))
      ) {
        end += width;
      }
      if (end - start >= 3 * width) result.push([start, end]);
    }
  }
  return result;
}

/** Sorted, with every span that lies inside another dropped. */
function outermost(spans: Span[]): Span[] {
  const sorted = [...spans].sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  const result: Span[] = [];
  for (const span of sorted) {
    if (!result.some(([start, end]) => start <= span[0] && span[1] <= end)) result.push(span);
  }
  return result;
}

const wholeTens = (value: number) => value > 0 && value % 10 === 0;
const wholeHundreds = (value: number) => value > 0 && value % 100 === 0;

/**
 * Tens or hundreds in series (10 20 30, 300 200 100), or 2- or 3-digit groups stepping by one
 * (11 12 13, 100 101 102), or 3+ consecutive digits up or down (123, 987; 9 does not wrap to 0).
 */
export const matchesCounting: Matcher = (d) =>
  orNull(
    outermost([
      ...series(d, 2, 10, wholeTens),
      ...series(d, 3, 100, wholeHundreds),
      ...series(d, 2, 1),
      ...series(d, 3, 1),
      ...series(d, 1, 1),
    ]),
  );

export const matchesWithout248: Matcher = (d) => (/[248]/.test(d) ? null : whole(d));

/**
 * domain.md §1 in order; the first rule that matches gives the primary category. The one
 * "Octa / Septa / Hexa / Penta / Tetra" step is five exclusive rules on the longest run.
 * Unique Numbers has no rule: it is what is left when none matches.
 */
export const rules: readonly CategoryRule[] = [
  { slug: '786-numbers', match: matches786 },
  { slug: '108-numbers', match: matches108 },
  { slug: 'mirror-numbers', match: matchesMirror },
  { slug: 'octa', match: matchesOcta },
  { slug: 'septa', match: matchesSepta },
  { slug: 'hexa', match: matchesHexa },
  { slug: 'penta', match: matchesPenta },
  { slug: 'tetra', match: matchesTetra },
  { slug: 'semi-mirror-numbers', match: matchesSemiMirror },
  { slug: 'abc-abc-abc-numbers', match: matchesAbcAbcAbc },
  { slug: 'ab-ab-ab-numbers', match: matchesAbAbAb },
  { slug: 'abc-abc-numbers', match: matchesAbcAbc },
  { slug: 'ab-ab-xy-xy-numbers', match: matchesAbAbXyXy },
  { slug: 'aaa-bbb-numbers', match: matchesAaaBbb },
  { slug: 'triple', match: matchesTriple },
  { slug: 'two-digit-numbers', match: matchesTwoDigit },
  { slug: 'three-digit-numbers', match: matchesThreeDigit },
  { slug: 'doubling-numbers', match: matchesDoubling },
  { slug: 'start-ab-ab-numbers', match: matchesStartAbAb },
  { slug: 'middle-ab-ab-numbers', match: matchesMiddleAbAb },
  { slug: 'ending-ab-ab-numbers', match: matchesEndingAbAb },
  { slug: 'counting-numbers', match: matchesCounting },
  { slug: 'without-248-numbers', match: matchesWithout248 },
];
