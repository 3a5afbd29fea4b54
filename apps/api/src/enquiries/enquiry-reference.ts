/**
 * The reference an enquiry is known by to the sender and the team: `ENQ-` and the first eight
 * characters of its id, upper case (short enough to read out on the phone; a clash of two
 * references only makes a search find both).
 */
export function enquiryReference(id: string): string {
  return `ENQ-${id.slice(0, 8).toUpperCase()}`;
}

/**
 * The start of an enquiry id a search for a reference (whole or its start) stands for, as it is
 * pasted or read out: `ENQ-3F2A9C1B`, `enq 3f2a`, `ENQ-3F2A9C1B.` (the sentence's full stop).
 */
export function idStartOf(search: string): string | null {
  const hex = /^(?:ENQ[-\s]?)?([0-9A-F]{4,8})[.,;]?$/i.exec(search.trim())?.[1];
  return hex ? hex.toLowerCase() : null;
}
