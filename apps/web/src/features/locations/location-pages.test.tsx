import '@testing-library/jest-dom/vitest';
import { cleanup, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import type { MetaDescriptor } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi } from '../../../test-support/fake-api';
import { renderWithQuery } from '../../../test-support/render';
import { states } from '@store/domain';
import { siteConfig } from '../../lib/site-config';
import CityPage, { meta as cityMeta } from './city-page';
import StatePage, { meta as stateMeta } from './state-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

type MetaArgs = Parameters<typeof stateMeta>[0];
type Props = Parameters<typeof StatePage>[0];

/** The visible breadcrumb as [name, absolute address]; the current page is its own address. */
function visibleCrumbs(page: string): [string, string][] {
  const nav = screen.getByRole('navigation', { name: 'Breadcrumb' });
  return within(nav)
    .getAllByRole('listitem')
    .filter((item) => item.getAttribute('aria-hidden') !== 'true')
    .map((item) => {
      const link = within(item).queryByRole('link');
      const path = link ? link.getAttribute('href')! : page;
      return [item.textContent ?? '', `${siteConfig.publicBaseUrl}${path === '/' ? '/' : path}`];
    });
}

/** The BreadcrumbList JSON-LD of a page's metadata as [name, address]. */
function jsonLdCrumbs(meta: MetaDescriptor[]): [string, string][] | undefined {
  const list = meta
    .map((tag) => (tag as { 'script:ld+json'?: Record<string, unknown> })['script:ld+json'])
    .find((block) => block?.['@type'] === 'BreadcrumbList') as
    { itemListElement: { position: number; name: string; item: string }[] } | undefined;
  return list?.itemListElement.map((element, index) => {
    expect(element.position).toBe(index + 1);
    return [element.name, element.item];
  });
}

function render(path: string, page: ReactNode) {
  installFakeApi({});
  renderWithQuery(path, page);
}

/** A place page's own address (no query). */
const atPage = { search: '' };

describe('the breadcrumbs of state and city pages', () => {
  it('carries a state page’s visible breadcrumb as BreadcrumbList JSON-LD', () => {
    const params = { stateSlug: 'maharashtra' };
    render('/vip-numbers/maharashtra', <StatePage {...({ params } as unknown as Props)} />);
    const visible = visibleCrumbs('/vip-numbers/maharashtra');
    expect(visible).toEqual([
      ['Home', `${siteConfig.publicBaseUrl}/`],
      ['VIP Numbers', `${siteConfig.publicBaseUrl}/vip-numbers`],
      ['Maharashtra', `${siteConfig.publicBaseUrl}/vip-numbers/maharashtra`],
    ]);
    expect(jsonLdCrumbs(stateMeta({ params, location: atPage } as unknown as MetaArgs))).toEqual(
      visible,
    );
  });

  it('carries a city page’s visible breadcrumb as BreadcrumbList JSON-LD', () => {
    const params = { stateSlug: 'maharashtra', citySlug: 'mumbai' };
    render(
      '/vip-numbers/maharashtra/mumbai',
      <CityPage {...({ params } as unknown as Parameters<typeof CityPage>[0])} />,
    );
    const visible = visibleCrumbs('/vip-numbers/maharashtra/mumbai');
    expect(visible.map(([name]) => name)).toEqual(['Home', 'VIP Numbers', 'Maharashtra', 'Mumbai']);
    expect(
      jsonLdCrumbs(
        cityMeta({ params, location: atPage } as unknown as Parameters<typeof cityMeta>[0]),
      ),
    ).toEqual(visible);
  });

  it('gives an unknown place no breadcrumb list', () => {
    const params = { stateSlug: 'atlantis', citySlug: 'x' };
    expect(
      jsonLdCrumbs(stateMeta({ params, location: atPage } as unknown as MetaArgs)),
    ).toBeUndefined();
    expect(
      jsonLdCrumbs(
        cityMeta({ params, location: atPage } as unknown as Parameters<typeof cityMeta>[0]),
      ),
    ).toBeUndefined();
  });
});

describe('the location pages in search results', () => {
  it('describe every state and city in at most 160 characters, which results show whole', () => {
    const description = (meta: MetaDescriptor[]) =>
      (meta.find((tag) => 'name' in tag && tag.name === 'description') as { content: string })
        .content;
    for (const state of states) {
      const stateArgs = {
        params: { stateSlug: state.slug },
        location: atPage,
      } as unknown as MetaArgs;
      expect(description(stateMeta(stateArgs)).length, state.name).toBeLessThanOrEqual(160);
      for (const city of state.cities) {
        const params = { stateSlug: state.slug, citySlug: city.slug };
        const meta = cityMeta({ params, location: atPage } as unknown as Parameters<
          typeof cityMeta
        >[0]);
        expect(description(meta).length, city.name).toBeLessThanOrEqual(160);
      }
    }
  });
});

describe('what a state page says of its own', () => {
  it('names the telecom circle, how long a porting code lasts and when the SIM is active', () => {
    render('/vip-numbers/assam', <StatePage {...({ params: { stateSlug: 'assam' } } as Props)} />);
    const section = screen.getByRole('region', { name: 'Mobile numbers and porting in Assam' });
    expect(section).toHaveTextContent('issued in the Assam telecom circle');
    expect(section).toHaveTextContent('valid for 30 days');
    expect(section).toHaveTextContent('active in up to 15 days');
  });

  it('says when a city of the state has a circle of its own', () => {
    render(
      '/vip-numbers/maharashtra',
      <StatePage {...({ params: { stateSlug: 'maharashtra' } } as Props)} />,
    );
    const section = screen.getByRole('region', { name: /porting in Maharashtra/ });
    expect(section).toHaveTextContent(
      'Mumbai, Navi Mumbai, Thane and Kalyan form the Mumbai circle',
    );
    expect(section).toHaveTextContent('valid for 4 days');
  });
});

describe('the further pages of a place', () => {
  const tags = (meta: MetaDescriptor[] | undefined) => ({
    title: (meta?.find((tag) => 'title' in tag) as { title: string }).title,
    canonical: (meta?.find((tag) => 'rel' in tag && tag.rel === 'canonical') as { href: string })
      .href,
    robots: (meta?.find((tag) => 'name' in tag && tag.name === 'robots') as { content: string })
      .content,
  });
  const state = (search: string) =>
    tags(
      stateMeta({ params: { stateSlug: 'delhi' }, location: { search } } as unknown as MetaArgs),
    );
  const city = (search: string) =>
    tags(
      cityMeta({
        params: { stateSlug: 'maharashtra', citySlug: 'mumbai' },
        location: { search },
      } as unknown as Parameters<typeof cityMeta>[0]),
    );
  const base = siteConfig.publicBaseUrl;

  it("gives a state's further page its own canonical and title, as a listing's", () => {
    expect(state('?page=2')).toEqual({
      title: expect.stringMatching(/^VIP Numbers in Delhi - Page 2 /),
      canonical: `${base}/vip-numbers/delhi?page=2`,
      robots: 'index, follow',
    });
    expect(state('')).toMatchObject({
      title: expect.not.stringContaining('Page'),
      canonical: `${base}/vip-numbers/delhi`,
    });
    // A category or a filter is a variant of the state's page.
    for (const search of ['?category=mirror-numbers&page=2', '?sort=price_asc&page=2']) {
      expect(state(search), search).toMatchObject({
        title: expect.not.stringContaining('Page'),
        canonical: `${base}/vip-numbers/delhi`,
      });
    }
    expect(state('?text=786').robots).toBe('noindex, follow');
  });

  it("names its state's same page as a city's further page's canonical, its own title", () => {
    expect(city('?page=3')).toMatchObject({
      title: expect.stringMatching(/^VIP Mobile Numbers in Mumbai, Maharashtra - Page 3 /),
      canonical: `${base}/vip-numbers/maharashtra?page=3`,
    });
    expect(city('').canonical).toBe(`${base}/vip-numbers/maharashtra`);
  });
});
