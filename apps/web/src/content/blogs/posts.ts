/**
 * Blog posts known to the site. Empty for now: the blog feature fills this list, and
 * src/prerender-paths.ts prerenders /blogs/{slug} for every entry.
 */
export interface BlogPostSummary {
  readonly slug: string;
  readonly title: string;
  readonly description: string;
}

export const blogPosts: readonly BlogPostSummary[] = [];

export function findBlogPost(slug: string): BlogPostSummary | undefined {
  return blogPosts.find((post) => post.slug === slug);
}
