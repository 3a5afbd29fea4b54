import { Link } from 'react-router';
import { SimplePage } from '../../components/page';
import { seo } from '../../lib/seo';
import { siteConfig } from '../../lib/site-config';
import { blogPosts } from './posts';
import type { Route } from './+types/blog-list-page';

export const meta: Route.MetaFunction = () =>
  seo({
    title: 'Blogs',
    description: `Articles about VIP mobile numbers, numerology and porting from ${siteConfig.storeName}.`,
    path: '/blogs',
  });

export default function BlogListPage() {
  return (
    <SimplePage
      title="Blogs"
      intro="Articles about VIP numbers, choosing a pattern and porting to your operator."
    >
      {blogPosts.length === 0 ? (
        <p className="text-slate-700">New articles are on their way.</p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {blogPosts.map((post) => (
            <li key={post.slug} className="rounded-xl border border-slate-200 bg-white p-5">
              <h2 className="text-lg font-semibold">
                <Link to={`/blogs/${post.slug}`} className="hover:text-blue-800">
                  {post.title}
                </Link>
              </h2>
              <p className="mt-2 text-sm text-slate-700">{post.description}</p>
            </li>
          ))}
        </ul>
      )}
    </SimplePage>
  );
}
