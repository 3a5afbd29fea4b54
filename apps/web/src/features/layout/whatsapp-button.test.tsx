import '@testing-library/jest-dom/vitest';
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderAt } from '../../../test-support/render';
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

describe('pageNameFromPath', () => {
  it('names known, location and other pages', () => {
    expect(pageNameFromPath('/')).toBe('Home');
    expect(pageNameFromPath('/offer-zone')).toBe('Offer Zone');
    expect(pageNameFromPath("/faq's")).toBe("FAQ'S");
    expect(pageNameFromPath('/vip-numbers/maharashtra')).toBe('VIP Numbers in Maharashtra');
    expect(pageNameFromPath('/vip-numbers/maharashtra/mumbai')).toBe(
      'VIP Numbers in Mumbai, Maharashtra',
    );
    expect(pageNameFromPath('/blogs/lucky-numbers')).toBe('Lucky Numbers');
  });
});
