/** The GSM 03.38 default alphabet: an SMS of only these is sent 7-bit, 160 characters a part. */
const basic =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?' +
  '¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
/** Its extension table: each takes two characters (an escape, then the character). */
const extension = '^{}\\[~]|€\f';

/** The characters of `text` outside GSM-7 (any one makes the whole SMS UCS-2). */
export function nonGsm7(text: string): string[] {
  return [...text].filter((char) => !basic.includes(char) && !extension.includes(char));
}

/**
 * How many parts an SMS of `text` is billed as: GSM-7 160 characters in one part, or 153 a
 * part when split; UCS-2 70, or 67 a part.
 */
export function smsParts(text: string): number {
  if (nonGsm7(text).length > 0) {
    const units = [...text].length;
    return units <= 70 ? 1 : Math.ceil(units / 67);
  }
  const septets = [...text].reduce((sum, char) => sum + (extension.includes(char) ? 2 : 1), 0);
  return septets <= 160 ? 1 : Math.ceil(septets / 153);
}
