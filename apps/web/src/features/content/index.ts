/** What the build reads of the content: the blog articles' front matter (prerender-paths.ts). */
export { byDateDescending, parseArticle, type BlogPostMeta } from './blogs/front-matter';
