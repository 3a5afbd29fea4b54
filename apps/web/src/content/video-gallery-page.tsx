import { SimplePage } from '../components/page';
import { seo } from '../lib/seo';
import { siteConfig } from '../lib/site-config';
import type { Route } from './+types/video-gallery-page';

export const meta: Route.MetaFunction = () =>
  seo({
    title: 'Video Gallery',
    description: `Videos about VIP mobile numbers, the buying process and porting, from ${siteConfig.storeName}.`,
    path: '/video-gallery',
  });

export default function VideoGalleryPage() {
  return (
    <SimplePage
      title="Video Gallery"
      intro="Short videos about choosing a VIP number, how the purchase works and how porting to your operator is done."
    />
  );
}
