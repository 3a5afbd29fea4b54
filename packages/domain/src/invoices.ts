/**
 * The Indian financial year (April to March, India time) a moment falls in, as an invoice
 * serial writes it: `26-27` for 1 Apr 2026 to 31 Mar 2027.
 */
export function financialYear(moment: Date): string {
  // India is UTC+5:30 all year.
  const india = new Date(moment.getTime() + 330 * 60_000);
  const year = india.getUTCFullYear();
  const start = india.getUTCMonth() >= 3 ? year : year - 1;
  const twoDigits = (value: number) => String(value % 100).padStart(2, '0');
  return `${twoDigits(start)}-${twoDigits(start + 1)}`;
}

/** `INV/26-27/000123`: 16 characters up to 999999 documents a year (GST allows 16). */
export function documentSerial(prefix: 'INV' | 'CN', year: string, sequence: number): string {
  if (!Number.isSafeInteger(sequence) || sequence < 1 || sequence > 999_999) {
    throw new RangeError(`A document number must be 1 to 999999, got ${sequence}`);
  }
  return `${prefix}/${year}/${String(sequence).padStart(6, '0')}`;
}

const ones = [
  '',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const tens = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

function belowHundred(value: number): string {
  if (value < 20) return ones[value] ?? '';
  const unit = value % 10;
  return `${tens[Math.floor(value / 10)]}${unit ? ` ${ones[unit]}` : ''}`;
}

function belowThousand(value: number): string {
  const hundreds = Math.floor(value / 100);
  const rest = value % 100;
  return [hundreds ? `${ones[hundreds]} Hundred` : '', rest ? belowHundred(rest) : '']
    .filter(Boolean)
    .join(' ');
}

/** Whole rupees in Indian words: crore, lakh, thousand, hundred. */
function wholeInWords(value: number): string {
  if (value === 0) return 'Zero';
  const crores = Math.floor(value / 1_00_00_000);
  const lakhs = Math.floor(value / 1_00_000) % 100;
  const thousands = Math.floor(value / 1000) % 100;
  const rest = value % 1000;
  return [
    crores ? `${wholeInWords(crores)} Crore` : '',
    lakhs ? `${belowHundred(lakhs)} Lakh` : '',
    thousands ? `${belowHundred(thousands)} Thousand` : '',
    rest ? belowThousand(rest) : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/** `Rupees One Lakh Forty Five Thousand and Fifty Paise Only` as an invoice writes the total. */
export function rupeesInWords(paise: number): string {
  if (!Number.isSafeInteger(paise) || paise < 0) {
    throw new RangeError(`Not a whole, non-negative number of paise: ${paise}`);
  }
  const rupees = Math.floor(paise / 100);
  const fraction = paise % 100;
  const unit = fraction === 1 ? 'Paisa' : 'Paise';
  return `Rupees ${wholeInWords(rupees)}${fraction ? ` and ${belowHundred(fraction)} ${unit}` : ''} Only`;
}
