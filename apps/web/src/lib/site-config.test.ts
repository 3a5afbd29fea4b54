import { describe, expect, it } from 'vitest';
import { absoluteUrl, siteConfig, whatsappLink } from './site-config';

describe('siteConfig', () => {
  it('has neutral defaults', () => {
    expect(siteConfig.storeName).toBe('VIP Number Store');
    expect(siteConfig.salesWhatsapp).toBe('9222000000');
    expect(siteConfig.supportPhone).toBe(siteConfig.salesWhatsapp);
    expect(siteConfig.supportEmail).toBe('support@example.com');
    expect(siteConfig.publicBaseUrl).toBe('http://localhost:3000');
    expect(siteConfig.apiBaseUrl).toBe('');
    expect(siteConfig.gaMeasurementId).toBe('');
    expect(siteConfig.chatWidgetToken).toBe('');
  });

  it('builds wa.me and absolute links', () => {
    expect(whatsappLink()).toBe('https://wa.me/919222000000');
    expect(whatsappLink('a b&c')).toBe('https://wa.me/919222000000?text=a%20b%26c');
    expect(absoluteUrl('/cart')).toBe('http://localhost:3000/cart');
  });
});
