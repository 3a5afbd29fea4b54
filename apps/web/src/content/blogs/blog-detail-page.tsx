import { ClientRedirect } from '../../components/client-redirect';
import { SimplePage } from '../../components/page';
import { seo } from '../../lib/seo';
import { findBlogPost } from './posts';
import type { Route } from './+types/blog-detail-page';

export const meta: Route.MetaFunction = ({ params }) => {
  const post = findBlogPost(params.slug);
  return seo(
    post
      ? { title: post.title, description: post.description, path: `/blogs/${post.slug}` }
      : { title: 'Blogs', description: 'Blog article', path: '/blogs', noIndex: true },
  );
};

export default function BlogDetailPage({ params }: Route.ComponentProps) {
  const post = findBlogPost(params.slug);
  // Unknown articles go to the listing (replace), in the browser only.
  if (!post) return <ClientRedirect to="/premium-numbers" />;
  return <SimplePage eyebrow="Blog" title={post.title} intro={post.description} />;
}
