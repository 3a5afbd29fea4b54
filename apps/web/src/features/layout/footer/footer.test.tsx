import '@testing-library/jest-dom/vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { categories, popularCities, states } from '@store/domain';
import { renderAt } from '../../../../test-support/render';
import { siteConfig } from '../../../lib/site-config';
import { Footer } from './footer';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function section(title: string) {
  const heading = screen.getByRole('heading', { name: title });
  return heading.parentElement as HTMLElement;
}

const links = (title: string) =>
  within(section(title))
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);

describe('Footer', () => {
  it('has the quick, support and policy links of spec §2', () => {
    renderAt('/', <Footer />);
    expect(links('Quick links')).toEqual([
      ['Career', '/career'],
      ['Testimonial', '/testimonial'],
      ['Video Gallery', '/video-gallery'],
      ['Blogs', '/blogs'],
      ['Vip-Numbers', '/vip-numbers'],
    ]);
    expect(links('Support')).toEqual([
      ['Contact Us', '/contact-us'],
      ["FAQ'S", "/faq's"],
      ['Why us?', '/why-us'],
    ]);
    expect(links('Policies')).toEqual([
      ['Terms and Conditions', '/terms-and-conditions'],
      ['Privacy Policy', '/privacy-policy'],
      ['Refund Policy', '/refund-policy'],
    ]);
  });

  it('links every category except All, every state and the 24 popular cities', () => {
    renderAt('/', <Footer />);
    const categoryLinks = links('Numbers by category');
    expect(categoryLinks).toHaveLength(24);
    expect(categoryLinks).toEqual(
      categories
        .filter((c) => c.slug !== 'all')
        .map((c) => [c.name, `/premium-numbers?category=${c.slug}`]),
    );
    const stateLinks = links('VIP numbers by state');
    expect(stateLinks).toHaveLength(36);
    expect(stateLinks).toEqual(states.map((s) => [s.name, `/vip-numbers/${s.slug}`]));
    const cityLinks = links('Popular cities');
    expect(cityLinks).toHaveLength(24);
    expect(cityLinks).toEqual(popularCities.map((c) => [c.name, `/vip-numbers/${c.path}`]));
  });

  it('opens social links in a new tab with rel="noopener"', () => {
    renderAt('/', <Footer />);
    const social = screen.getByRole('list', { name: 'Social media' });
    const anchors = within(social).getAllByRole('link');
    expect(anchors.map((a) => a.getAttribute('aria-label'))).toEqual([
      'Facebook',
      'Instagram',
      'X',
      'YouTube',
      'LinkedIn',
    ]);
    for (const [i, anchor] of anchors.entries()) {
      expect(anchor).toHaveAttribute('target', '_blank');
      expect(anchor).toHaveAttribute('rel', 'noopener');
      expect(anchor).toHaveAttribute('href', siteConfig.socialLinks[i]?.href);
    }
  });

  it('shows the current year and the store name', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2031-06-01T12:00:00Z'));
    renderAt('/', <Footer />);
    expect(screen.getByText(`© 2031 ${siteConfig.storeName}`)).toBeInTheDocument();
  });
});
