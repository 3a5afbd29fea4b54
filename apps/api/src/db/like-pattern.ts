/** `text` with LIKE's wildcards (and its escape) escaped, to match as written. */
export const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);
