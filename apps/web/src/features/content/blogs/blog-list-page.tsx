import { Link } from 'react-router';
import { Container, PageHeader } from '../../../components/page';
import { formatIndianDate } from '../../../lib/format';
import { siteConfig } from '../../../lib/site-config';
import { seo } from '../../seo';
import type { Route } from './+types/blog-list-page';
import { allBlogPosts } from './posts.server';

/** Runs at build time (prerender): the article summaries go into the page's HTML and data. */
export function loader() {
  return {
    posts: allBlogPosts().map(({ slug, title, description, date, readingMinutes }) => ({
      slug,
      title,
      description,
      date,
      readingMinutes,
    })),
  };
}

export const meta: Route.MetaFunction = () =>
  seo({
    title: 'Blogs',
    description: `Guides to choosing a VIP mobile number, numerology, number patterns, GST and porting with a UPC, from ${siteConfig.storeName}.`,
    path: '/blogs',
  });

export default function BlogListPage({ loaderData }: Route.ComponentProps) {
  const { posts } = loaderData;
  return (
    <Container className="pb-16">
      <PageHeader
        title="Blogs"
        intro="Guides to choosing a VIP number, understanding patterns and numerology, and porting it to your operator."
      />
      <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
        {posts.map((post) => (
          <li key={post.slug}>
            <article className="group relative flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition hover:border-blue-600 hover:shadow-md">
              <p className="text-sm text-slate-600">
                <time dateTime={post.date}>{formatIndianDate(post.date)}</time> ·{' '}
                {post.readingMinutes} min read
              </p>
              <h2 className="mt-2 text-lg font-semibold text-slate-900">
                <Link
                  to={`/blogs/${post.slug}`}
                  className="after:absolute after:inset-0 after:rounded-2xl group-hover:text-blue-800"
                >
                  {post.title}
                </Link>
              </h2>
              <p className="mt-2 flex-1 text-slate-700">{post.description}</p>
              <p aria-hidden="true" className="mt-4 font-semibold text-blue-800">
                Read article →
              </p>
            </article>
          </li>
        ))}
      </ul>
    </Container>
  );
}
