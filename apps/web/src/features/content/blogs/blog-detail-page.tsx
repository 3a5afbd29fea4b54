import type { MouseEvent } from 'react';
import { Link, replace, useNavigate } from 'react-router';
import { ClientRedirect } from '../../../components/client-redirect';
import { Container } from '../../../components/page';
import { formatIndianDate } from '../../../lib/format';
import { whatsappLink } from '../../../lib/site-config';
import { articleJsonLd, breadcrumbJsonLd, seo } from '../../seo';
import { proseClass } from '../content-blocks';
import type { Route } from './+types/blog-detail-page';
import { isBlogSlug } from './blog-slugs';
import { allBlogPosts, findBlogPost } from './posts.server';

/**
 * Runs at build time for every article (prerender): the Markdown is rendered to HTML here, so
 * the page's HTML and its data file carry the article and the browser needs no Markdown parser.
 */
export function loader({ params }: Route.LoaderArgs) {
  const post = findBlogPost(params.slug);
  if (!post) throw new Response('Not Found', { status: 404 });
  const related = allBlogPosts()
    .filter((other) => other.slug !== post.slug)
    .slice(0, 3)
    .map(({ slug, title }) => ({ slug, title }));
  return { post, related };
}

/** In the browser: an unknown article replaces itself with /premium-numbers (spec §2). */
export async function clientLoader({ params, serverLoader }: Route.ClientLoaderArgs) {
  if (!isBlogSlug(params.slug)) throw replace('/premium-numbers');
  try {
    return await serverLoader();
  } catch {
    throw replace('/premium-numbers');
  }
}

export const meta: Route.MetaFunction = ({ data, params }) => {
  const post = data?.post;
  if (!post) {
    return seo({
      title: 'Blogs',
      description: 'Blog article',
      path: `/blogs/${params.slug}`,
      noIndex: true,
    });
  }
  const path = `/blogs/${post.slug}`;
  return seo({
    title: post.title,
    description: post.description,
    path,
    type: 'article',
    publishedTime: post.date,
    modifiedTime: post.updated,
    jsonLd: [
      articleJsonLd({
        title: post.title,
        description: post.description,
        path,
        datePublished: post.date,
        dateModified: post.updated,
      }),
      breadcrumbJsonLd([
        { name: 'Home', path: '/' },
        { name: 'Blogs', path: '/blogs' },
        { name: post.title, path },
      ]),
    ],
  });
};

export default function BlogDetailPage({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate();
  // Without an article (an unknown slug), replace the page with the listing, in the browser.
  if (!loaderData?.post) return <ClientRedirect to="/premium-numbers" />;
  const { post, related } = loaderData;

  // Links inside the article are plain <a> elements: follow same-site ones without a reload.
  const onArticleClick = (event: MouseEvent<HTMLDivElement>) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const anchor = (event.target as HTMLElement).closest('a');
    const href = anchor?.getAttribute('href');
    if (!anchor || !href || !href.startsWith('/') || href.startsWith('//') || anchor.target) return;
    event.preventDefault();
    void navigate(href);
  };

  return (
    <Container className="pb-16">
      <div className="mx-auto max-w-3xl">
        <nav aria-label="Breadcrumb" className="pt-8 text-sm text-slate-600">
          <ol className="flex flex-wrap gap-1">
            <li>
              <Link to="/" className="hover:underline">
                Home
              </Link>
              <span aria-hidden="true"> / </span>
            </li>
            <li>
              <Link to="/blogs" className="hover:underline">
                Blogs
              </Link>
            </li>
          </ol>
        </nav>
        <article>
          <header className="pt-6 pb-2">
            <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
              {post.title}
            </h1>
            <p className="mt-4 text-lg text-slate-700">{post.description}</p>
            <p className="mt-4 text-sm text-slate-600">
              <time dateTime={post.date}>{formatIndianDate(post.date)}</time>
              {' · '}
              {post.readingMinutes} {'min read'}
            </p>
          </header>
          {/* Our own Markdown, rendered at build time: never user input. */}
          <div
            className={`${proseClass} pb-4`}
            onClick={onArticleClick}
            dangerouslySetInnerHTML={{ __html: post.html }}
          />
          <aside className="mt-10 rounded-2xl bg-blue-50 p-6">
            <h2 className="text-lg font-bold text-slate-900">Looking for your number?</h2>
            <p className="mt-2 text-slate-700">
              Browse thousands of VIP numbers by pattern, total and price, or ask our team to
              shortlist numbers for you.
            </p>
            <div className="mt-4 flex flex-wrap gap-3">
              <Link to="/premium-numbers" className="btn-primary">
                Browse premium numbers
              </Link>
              <a
                href={whatsappLink(`Hi, I read "${post.title}" and have a question.`)}
                target="_blank"
                rel="noopener noreferrer"
                className="btn-secondary"
              >
                Ask on WhatsApp
              </a>
            </div>
          </aside>
          {related.length > 0 ? (
            <section aria-labelledby="related-title" className="mt-12">
              <h2 id="related-title" className="text-xl font-bold text-slate-900">
                More articles
              </h2>
              <ul className="mt-4 space-y-3">
                {related.map((other) => (
                  <li key={other.slug}>
                    <Link
                      to={`/blogs/${other.slug}`}
                      className="font-medium text-blue-800 underline underline-offset-2 hover:text-blue-900"
                    >
                      {other.title}
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </article>
      </div>
    </Container>
  );
}
