import '@testing-library/jest-dom/vitest';
import { act, cleanup, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../../test-support/render';
import { siteConfig } from '../../lib/site-config';
import { pageNameFromPath, WhatsAppButton } from './whatsapp-button';

afterEach(() => {
  cleanup();
  document.title = '';
});

function messageOf(href: string | null): string {
  const url = new URL(href ?? '');
  return url.searchParams.get('text') ?? '';
}

describe('WhatsAppButton', () => {
  it('opens a chat with the sales line naming the current page', () => {
    renderAt('/offer-zone', <WhatsAppButton />);
    const link = screen.getByRole('link', { name: 'Chat with us on WhatsApp' });
    const href = link.getAttribute('href') ?? '';
    expect(href.startsWith('https://wa.me/919222000000?text=')).toBe(true);
    expect(href).toContain(encodeURIComponent('I am on the page: Offer Zone'));
    expect(messageOf(href)).toBe(
      `Hi, I am interested in VIP numbers. I am on the page: Offer Zone (${window.location.origin}/offer-zone)`,
    );
    expect(link).toHaveAttribute('target', '_blank');
  });

  it('uses the document title when there is one', async () => {
    renderAt('/vip-numbers/maharashtra', <WhatsAppButton />);
    await act(async () => {
      document.title = 'VIP Numbers in Maharashtra | VIP Number Store';
      await Promise.resolve();
    });
    const link = screen.getByRole('link', { name: 'Chat with us on WhatsApp' });
    expect(messageOf(link.getAttribute('href'))).toContain(
      'I am on the page: VIP Numbers in Maharashtra (',
    );
  });
});

describe('the page the WhatsApp message names', () => {
  const linkAt = (path: string) => {
    renderAt(path, <WhatsAppButton />);
    const link = screen.getByRole('link', { name: 'Chat with us on WhatsApp' });
    return messageOf(link.getAttribute('href'));
  };

  it("keeps a listing's category, its own page, and leaves out filters and campaign tags", () => {
    expect(linkAt('/premium-numbers?category=Mirror-Numbers&utm_source=ads&q=98')).toBe(
      `Hi, I am interested in VIP numbers. I am on the page: Mirror Numbers - Premium Numbers (${window.location.origin}/premium-numbers?category=mirror-numbers)`,
    );
    cleanup();
    expect(linkAt('/offer-zone?utm_campaign=x&category=786-numbers')).toContain(
      `/offer-zone?category=786-numbers)`,
    );
    cleanup();
    // No category (All, or an unknown one): the listing itself.
    expect(linkAt('/premium-numbers?category=all&utm_source=ads')).toContain(
      `: Premium Numbers (${window.location.origin}/premium-numbers)`,
    );
    cleanup();
    // A city's category is a filter of the city's page, whose canonical address is the city.
    expect(linkAt('/vip-numbers/maharashtra/mumbai?category=mirror-numbers')).toContain(
      `(${window.location.origin}/vip-numbers/maharashtra/mumbai)`,
    );
  });

  it('names the canonical address, without a trailing slash', () => {
    expect(linkAt('/blogs/lucky-numbers/')).toContain(
      `: Blog post (${window.location.origin}/blogs/lucky-numbers)`,
    );
  });

  it('is the same in the served HTML and as it hydrates, on the canonical public address', async () => {
    const button = (path: string) => (
      <MemoryRouter initialEntries={[path]}>
        <WhatsAppButton />
      </MemoryRouter>
    );
    // Prerendered at `/premium-numbers/?category=…`, opened with an advert's tags.
    for (const [served, opened, address] of [
      ['/blogs/lucky-numbers/', '/blogs/lucky-numbers', '/blogs/lucky-numbers'],
      [
        '/premium-numbers/?category=mirror-numbers',
        '/premium-numbers?category=mirror-numbers&utm_source=ads',
        '/premium-numbers?category=mirror-numbers',
      ],
    ]) {
      const html = renderToString(button(served!));
      const container = document.createElement('div');
      container.innerHTML = html;
      const href = container.querySelector('a')!.getAttribute('href');
      expect(messageOf(href)).toContain(`(${siteConfig.publicBaseUrl}${address})`);
      // The browser's first render (from the server snapshots) is the served HTML.
      expect(renderToString(button(opened!))).toBe(html);

      const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
      const mismatch = vi.fn();
      await act(async () => {
        hydrateRoot(container, button(opened!), { onRecoverableError: mismatch });
      });
      expect(mismatch).not.toHaveBeenCalled();
      expect(errors).not.toHaveBeenCalled();
      errors.mockRestore();
    }
  });
});

describe('pageNameFromPath', () => {
  it('names known, location and other pages', () => {
    expect(pageNameFromPath('/')).toBe('Home');
    expect(pageNameFromPath('/offer-zone')).toBe('Offer Zone');
    expect(pageNameFromPath("/faq's")).toBe("FAQ'S");
    expect(pageNameFromPath('/vip-numbers/maharashtra')).toBe('VIP Numbers in Maharashtra');
    expect(pageNameFromPath('/vip-numbers/maharashtra/mumbai')).toBe(
      'VIP Numbers in Mumbai, Maharashtra',
    );
  });

  it('names a number, a blog post and an address that is no number as the store writes them (QA 24 F8)', () => {
    expect(pageNameFromPath('/numbers/9030304545')).toBe('90303 04545');
    expect(pageNameFromPath('/blogs/gst-on-vip-mobile-numbers')).toBe('Blog post');
    expect(pageNameFromPath('/numbers/not-found')).toBe('Number not found');
  });

  it("names /numbers, the not-found page's canonical address, for an address that is no number", () => {
    for (const path of ['/numbers/not-found', '/numbers/abc']) {
      renderAt(path, <WhatsAppButton />);
      const link = screen.getByRole('link', { name: 'Chat with us on WhatsApp' });
      expect(messageOf(link.getAttribute('href')), path).toBe(
        `Hi, I am interested in VIP numbers. I am on the page: Number not found (${window.location.origin}/numbers)`,
      );
      cleanup();
    }
  });
});
