/**
 * Blog articles are Markdown files in ./articles, named `{slug}.md`, each opening with front
 * matter:
 *
 * ```
 * ---
 * title: How to port a VIP number with a UPC
 * description: One or two sentences for listings and search results.
 * date: 2025-01-20
 * slug: how-to-port-a-vip-number-with-upc
 * ---
 * ```
 *
 * This module only parses; it runs in the browser, in the build (posts.server.ts) and in Node
 * (prerender-paths.ts, the sitemap script).
 */

export interface BlogPostMeta {
  readonly slug: string;
  readonly title: string;
  readonly description: string;
  /** 'YYYY-MM-DD'. */
  readonly date: string;
  /** 'YYYY-MM-DD'; the date when absent. */
  readonly updated: string;
}

export interface ParsedArticle {
  readonly meta: BlogPostMeta;
  /** The Markdown after the front matter. */
  readonly body: string;
}

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

function unquote(value: string): string {
  const trimmed = value.trim();
  const quoted = /^(["'])(.*)\1$/.exec(trimmed);
  return quoted ? quoted[2]! : trimmed;
}

/** `key: value` lines between `---` fences, and the rest. */
export function parseFrontMatter(raw: string): { data: Record<string, string>; body: string } {
  const match = FRONT_MATTER.exec(raw.replace(/^\uFEFF/, ''));
  if (!match) return { data: {}, body: raw };
  const data: Record<string, string> = {};
  for (const line of match[1]!.split(/\r?\n/)) {
    const field = /^([A-Za-z][\w-]*):\s*(.*)$/.exec(line);
    if (field) data[field[1]!] = unquote(field[2]!);
  }
  return { data, body: match[2]! };
}

/** The slug of an article file: './articles/how-to-port.md' -> 'how-to-port'. */
export function slugFromFileName(fileName: string): string {
  return fileName.replace(/^.*[\\/]/, '').replace(/\.md$/, '');
}

/** Parses and checks one article; throws with the file name when something is missing. */
export function parseArticle(fileName: string, raw: string): ParsedArticle {
  const { data, body } = parseFrontMatter(raw);
  const fail = (problem: string) => {
    throw new Error(`Blog article ${fileName}: ${problem}`);
  };
  const slug = slugFromFileName(fileName);
  if (!SLUG.test(slug)) fail('the file name must be a lower-case hyphenated slug');
  if (data.slug !== undefined && data.slug !== slug) fail(`front matter slug must be "${slug}"`);
  for (const key of ['title', 'description', 'date'] as const) {
    if (!data[key]) fail(`front matter needs "${key}"`);
  }
  if (!DATE.test(data.date!)) fail('date must be YYYY-MM-DD');
  if (data.updated !== undefined && !DATE.test(data.updated)) fail('updated must be YYYY-MM-DD');
  if (!body.trim()) fail('the article has no text');
  return {
    meta: {
      slug,
      title: data.title!,
      description: data.description!,
      date: data.date!,
      updated: data.updated ?? data.date!,
    },
    body,
  };
}

/** Newest first, then by title. */
export function byDateDescending(a: BlogPostMeta, b: BlogPostMeta): number {
  return b.date.localeCompare(a.date) || a.title.localeCompare(b.title);
}
