import type { MetaDescriptor } from 'react-router';
import { expect, it } from 'vitest';
import { meta as contactMeta } from './contact-us-page';
import { productMeta } from './products/product-page';
import { smartIvr, smsSolutions, whatsapp } from './products/product-content';

const types = (meta: MetaDescriptor[]) =>
  meta.flatMap((tag) => {
    const block = (tag as { 'script:ld+json'?: { '@type'?: string } })['script:ld+json'];
    return block ? [block['@type']] : [];
  });

it('gives no BreadcrumbList to pages that show no breadcrumb (QA 24 F10)', () => {
  for (const product of [whatsapp, smsSolutions, smartIvr]) {
    expect(types(productMeta(product)), product.path).toContain('Service');
    expect(types(productMeta(product)), product.path).not.toContain('BreadcrumbList');
  }
  expect(types(contactMeta({} as Parameters<typeof contactMeta>[0]))).not.toContain(
    'BreadcrumbList',
  );
});
