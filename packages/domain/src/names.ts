// A person's and a company's name, checked by the account and billing forms and the API, apart
// from validators.ts, which every page's shell loads (decision 0097).

/**
 * What is wrong with a person's name (trimmed) beyond its length, or null: letters of any script
 * (with their marks and joiners), spaces, dots, apostrophes and hyphens only, at least one letter
 * ("Dr. A.P.J. Abdul Kalam", "D'Souza Maria", "राम कुमार"; never "Ravi123" or "<script>").
 */
export function personNameProblem(name: string): string | null {
  // The Indic joiners (ZWNJ, ZWJ) outside the class: inside, they would join its characters.
  return /^(?:[\p{L}\p{M}\p{Zs}.'’-]|\u200C|\u200D)*$/u.test(name) && /\p{L}/u.test(name)
    ? null
    : 'A name has letters, spaces, dots, apostrophes and hyphens only.';
}

/** `what` ("A name") refused when it has < or >, markup's characters; else null. */
function markupProblem(what: string, value: string): string | null {
  return /[<>]/.test(value) ? `${what} cannot have < or >.` : null;
}

/**
 * What is wrong with a company's name beyond its length, or null: digits, "&" and the like are
 * a company's ("24x7 Services & Co. Pvt Ltd"); only < and > are refused, markup's characters.
 */
export const companyNameProblem = (name: string) => markupProblem('A company name', name);

/**
 * What is wrong with a name as its writer signs it (an enquirer's, who may write a company's
 * name or a nickname), or null: only < and > are refused, as a company's.
 */
export const signedNameProblem = (name: string) => markupProblem('A name', name);
