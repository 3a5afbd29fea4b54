import { marked } from 'marked';
import { byDateDescending, parseArticle, type BlogPostMeta } from './front-matter';

/**
 * Build time only (the `.server` suffix keeps it out of the browser bundle): the Markdown
 * articles of ./articles, parsed and rendered to HTML by the blog routes' loaders, so the
 * prerendered pages carry the text and the browser downloads neither Markdown nor a parser.
 */

export interface BlogPost extends BlogPostMeta {
  /** The article rendered to HTML (our own content, never user input). */
  readonly html: string;
  readonly readingMinutes: number;
}

const files = import.meta.glob<string>('./articles/*.md', {
  query: '?raw',
  import: 'default',
  eager: true,
});

function render(body: string): string {
  return marked.parse(body, { async: false, gfm: true });
}

const posts: readonly BlogPost[] = Object.entries(files)
  .map(([fileName, raw]) => {
    const { meta, body } = parseArticle(fileName, raw);
    const words = body.split(/\s+/).filter(Boolean).length;
    return { ...meta, html: render(body), readingMinutes: Math.max(1, Math.round(words / 200)) };
  })
  .sort(byDateDescending);

export function allBlogPosts(): readonly BlogPost[] {
  return posts;
}

export function findBlogPost(slug: string | undefined): BlogPost | undefined {
  return posts.find((post) => post.slug === slug);
}
