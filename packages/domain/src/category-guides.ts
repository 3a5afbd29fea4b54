import type { PatternCategory } from './categories';

/** What a category's numbers look like, told to a buyer: a short note and a number that fits. */
export interface CategoryGuide {
  /** Says the pattern in a few words ("First five repeat"). */
  note: string;
  /** A mobile number of the category, grouped to show the pattern ("98765 98765"). */
  example: string;
}

/** A guide for every category but All (domain.md §1; each example fits its category's rule). */
export const categoryGuides: Readonly<Record<PatternCategory['slug'], CategoryGuide>> = {
  'without-248-numbers': { note: 'No 2, 4 or 8', example: '91376 05193' },
  'mirror-numbers': { note: 'First five repeat', example: '98765 98765' },
  'semi-mirror-numbers': { note: 'A block twice', example: '98 1234 1234' },
  'two-digit-numbers': { note: 'Only two different digits', example: '99889 98899' },
  'three-digit-numbers': { note: 'Only three different digits', example: '95599 00590' },
  'counting-numbers': { note: 'Runs and series', example: '98765 43210' },
  '786-numbers': { note: 'Contains 786', example: '97860 12345' },
  '108-numbers': { note: 'Contains 108', example: '98761 08555' },
  'doubling-numbers': { note: 'Digits in pairs', example: '98 11 22 33 44' },
  'ab-ab-xy-xy-numbers': { note: 'Two pairs, each twice', example: '99 1212 4545' },
  'ab-ab-ab-numbers': { note: 'A pair three times over', example: '707070 0852' },
  'start-ab-ab-numbers': { note: 'Starts with a pair twice', example: '9898 701234' },
  'middle-ab-ab-numbers': { note: 'A pair twice in the middle', example: '95 1212 0345' },
  'ending-ab-ab-numbers': { note: 'Ends with a pair twice', example: '906048 1010' },
  'abc-abc-abc-numbers': { note: 'Three digits, three times', example: '9 123 123 123' },
  'abc-abc-numbers': { note: 'Three digits, twice', example: '9988 456 456' },
  'aaa-bbb-numbers': { note: 'Two runs of three', example: '777 000 9991' },
  triple: { note: 'Three in a row', example: '99919 26234' },
  tetra: { note: 'Four in a row', example: '98100 00567' },
  penta: { note: 'Five in a row', example: '98123 77777' },
  hexa: { note: 'Six in a row', example: '999999 5123' },
  septa: { note: 'Seven in a row', example: '9 0000000 12' },
  octa: { note: 'Eight in a row', example: '98 00000000' },
  'unique-numbers': { note: 'No set pattern: one of a kind', example: '68246 28194' },
};
