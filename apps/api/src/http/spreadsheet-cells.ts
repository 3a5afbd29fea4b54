/**
 * Text a spreadsheet would run as a formula (OWASP's CSV injection list: = + - @, a tab, a
 * carriage return), spaces and line breaks before it counted out, as an import may trim them.
 */
const formulaStart = /^(?:[\t\r]|\s*[=+\-@])/;
/** A plain number: a spreadsheet reads it as that number, and it can call nothing. */
const plainNumber = /^[+-]?\d+(?:\.\d+)?$/;

/**
 * A cell as the store writes it into a CSV for spreadsheets: text that would start a formula
 * gets a leading single quote, so it shows as text; a plain number (-5, 1250.50) is left as it
 * is. Quotes already before such text count out, and it gets one more: `cellAsWritten` can
 * then tell the user's quote from the store's.
 */
export function inertCell(text: string): string {
  const unquoted = text.replace(/^'+/, '');
  return formulaStart.test(unquoted) && !plainNumber.test(unquoted) ? `'${text}` : text;
}

/**
 * A cell of such a CSV read back: the single quote `inertCell` added is taken off, so a file
 * the store wrote uploads again as it is. Any other quote stays.
 */
export const cellAsWritten = (text: string): string =>
  text.startsWith("'") && inertCell(text.slice(1)) === text ? text.slice(1) : text;
