import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { getPrerenderPaths } from '../../prerender-paths';
import { videos, type Video } from './data/videos';
import { VideoCard } from './video-gallery-page';

const published: Video = {
  youtubeId: 'dQw4w9WgXcQ',
  guideSlug: 'how-to-port-a-vip-number-with-a-upc',
  title: 'Porting with a UPC',
  description: 'The porting steps.',
  duration: '2:40',
};

afterEach(cleanup);

function renderCard(video: Video) {
  return render(
    <MemoryRouter>
      <VideoCard video={video} />
    </MemoryRouter>,
  );
}

describe('VideoCard', () => {
  it('loads the player only when the visitor presses play', () => {
    const { container } = renderCard(published);
    expect(container.querySelector('iframe')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /^Play video: Porting with a UPC/ }));
    expect(container.querySelector('iframe')?.getAttribute('src')).toBe(
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&rel=0',
    );
  });

  it('shows a video not yet published as its topic and guide, with no player to press', () => {
    const { container } = renderCard({ ...published, youtubeId: null });
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByText('Video coming soon')).toBeTruthy();
    expect(container.querySelector('iframe')).toBeNull();
    expect(
      screen.getByRole('link', { name: 'Read the guide: Porting with a UPC' }).getAttribute('href'),
    ).toBe('/blogs/how-to-port-a-vip-number-with-a-upc');
  });
});

describe('the gallery', () => {
  it('links every video to a blog guide that exists', () => {
    const pages = new Set(getPrerenderPaths());
    for (const video of videos) {
      expect(pages.has(`/blogs/${video.guideSlug}`), video.title).toBe(true);
    }
  });

  it('has only ids of the form YouTube gives (11 characters) for published videos', () => {
    for (const { youtubeId, title } of videos) {
      if (youtubeId !== null) expect(youtubeId, title).toMatch(/^[\w-]{11}$/);
    }
  });
});
