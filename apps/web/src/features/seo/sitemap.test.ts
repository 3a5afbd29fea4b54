import { describe, expect, it } from 'vitest';
import { getSitemapPaths, readBlogPostMetas } from '../../prerender-paths';
import { robotsTxt, sitemapXml } from './sitemap';

describe('sitemapXml', () => {
  it('lists absolute, escaped URLs with lastmod where known', () => {
    const xml = sitemapXml(
      [{ path: '/' }, { path: "/faq's" }, { path: '/blogs/a', lastmod: '2026-03-04' }],
      'https://numbers.example/',
    );
    expect(xml).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        '  <url>\n    <loc>https://numbers.example/</loc>\n  </url>',
        '  <url>\n    <loc>https://numbers.example/faq&apos;s</loc>\n  </url>',
        '  <url>\n    <loc>https://numbers.example/blogs/a</loc>\n    <lastmod>2026-03-04</lastmod>\n  </url>',
        '</urlset>',
        '',
      ].join('\n'),
    );
  });

  it('can list every indexable prerendered page, and not the cart or a city', () => {
    const paths = getSitemapPaths();
    const xml = sitemapXml(
      paths.map((path) => ({ path })),
      'https://numbers.example',
    );
    expect(xml.match(/<url>/g)).toHaveLength(paths.length);
    expect(xml).toContain('<loc>https://numbers.example/vip-numbers/maharashtra</loc>');
    expect(xml).not.toContain('/vip-numbers/maharashtra/mumbai<');
    for (const post of readBlogPostMetas()) {
      expect(xml).toContain(`<loc>https://numbers.example/blogs/${post.slug}</loc>`);
    }
    expect(xml).not.toContain('/cart<');
  });
});

describe('robotsTxt', () => {
  it('allows all, keeps robots out of the profile and API, and names the sitemap', () => {
    expect(robotsTxt('https://numbers.example/')).toBe(
      [
        'User-agent: *',
        'Allow: /',
        'Disallow: /profile',
        'Disallow: /api/',
        '',
        'Sitemap: https://numbers.example/sitemap.xml',
        '',
      ].join('\n'),
    );
  });
});
