import { useState } from 'react';
import { Link } from 'react-router';
import { Container, PageHeader } from '../../components/page';
import { siteConfig } from '../../lib/site-config';
import { seo } from '../seo';
import type { Route } from './+types/video-gallery-page';
import { videos, type Video } from './data/videos';

export const meta: Route.MetaFunction = () =>
  seo({
    title: 'Video Gallery',
    description: `Short videos about choosing a VIP mobile number, numerology, the buying process and porting with a UPC, from ${siteConfig.storeName}.`,
    path: '/video-gallery',
  });

/** youtube-nocookie embed address; autoplay because the visitor has just pressed play. */
export function embedUrl(youtubeId: string): string {
  return `https://www.youtube-nocookie.com/embed/${encodeURIComponent(youtubeId)}?autoplay=1&rel=0`;
}

/**
 * A video that loads nothing from YouTube until the visitor presses play: a drawn poster with a
 * play button, replaced by the player on click. A video not yet published shows its topic and
 * its written guide instead of a player.
 */
export function VideoCard({ video }: { video: Video }) {
  const [playing, setPlaying] = useState(false);
  const { youtubeId } = video;
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      <div className="relative aspect-video bg-slate-900">
        {youtubeId === null ? (
          <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 bg-gradient-to-br from-blue-800 via-blue-900 to-slate-900 p-4 text-center text-white">
            <span className="text-sm font-semibold">Video coming soon</span>
            <span className="text-xs text-blue-100">Until then, the written guide covers it.</span>
          </div>
        ) : playing ? (
          <iframe
            src={embedUrl(youtubeId)}
            title={video.title}
            className="absolute inset-0 size-full"
            allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
            allowFullScreen
            referrerPolicy="strict-origin-when-cross-origin"
          />
        ) : (
          <button
            type="button"
            onClick={() => setPlaying(true)}
            className="group absolute inset-0 flex size-full flex-col items-center justify-center gap-3 bg-gradient-to-br from-blue-800 via-blue-900 to-slate-900 text-white"
            data-testid="video-play"
          >
            <span className="flex size-16 items-center justify-center rounded-full bg-white/95 text-blue-800 shadow-lg transition group-hover:scale-105">
              <svg
                aria-hidden="true"
                focusable="false"
                viewBox="0 0 24 24"
                className="ml-1 size-8"
                fill="currentColor"
              >
                <path d="M8 5.5v13a1 1 0 0 0 1.5.86l10.5-6.5a1 1 0 0 0 0-1.72L9.5 4.64A1 1 0 0 0 8 5.5Z" />
              </svg>
            </span>
            <span className="text-sm font-semibold">
              Play video<span className="sr-only">: {video.title}</span>
            </span>
            <span className="absolute right-3 bottom-3 rounded bg-black/70 px-2 py-0.5 text-xs font-semibold">
              <span className="sr-only">Duration </span>
              {video.duration}
            </span>
          </button>
        )}
      </div>
      <div className="flex flex-1 flex-col p-5">
        <h2 className="text-lg font-semibold text-slate-900">{video.title}</h2>
        <p className="mt-2 text-slate-700">{video.description}</p>
        <Link
          to={`/blogs/${video.guideSlug}`}
          className="mt-auto pt-4 font-semibold text-blue-800 underline underline-offset-2"
        >
          Read the guide<span className="sr-only">: {video.title}</span>
        </Link>
      </div>
    </article>
  );
}

export default function VideoGalleryPage() {
  const channel = siteConfig.socialLinks.find((link) => link.name === 'YouTube');
  return (
    <Container className="pb-16">
      <PageHeader
        title="Video Gallery"
        intro="Short videos about choosing a VIP number, how the purchase works and how porting to your operator is done, each with a written guide. Videos load from YouTube only when you press play."
      />
      <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
        {videos.map((video) => (
          <li key={video.title}>
            <VideoCard video={video} />
          </li>
        ))}
      </ul>
      {channel ? (
        <p className="mt-10 text-slate-700">
          More videos on our{' '}
          <a
            href={channel.href}
            target="_blank"
            rel="noopener noreferrer"
            className="font-semibold text-blue-800 underline underline-offset-2"
          >
            YouTube channel
          </a>
          .
        </p>
      ) : null}
    </Container>
  );
}
