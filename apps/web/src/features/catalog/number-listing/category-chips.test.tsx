import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { renderAt } from '../../../../test-support/render';
import { CategoryChips } from './category-chips';

// jsdom lays nothing out and has no scrollIntoView of its own: the test lends one.
const own = Object.getOwnPropertyDescriptor(Element.prototype, 'scrollIntoView');

afterEach(() => {
  cleanup();
  if (own) Object.defineProperty(Element.prototype, 'scrollIntoView', own);
  else delete (Element.prototype as Partial<Element>).scrollIntoView;
});

it('brings a chip that takes the focus into view, without moving the page further than needed', async () => {
  const scrollIntoView = vi.fn();
  Element.prototype.scrollIntoView = scrollIntoView;
  renderAt(
    '/premium-numbers',
    <CategoryChips active={undefined} hrefFor={(slug) => `/premium-numbers?category=${slug}`} />,
  );
  const mirror = await screen.findByRole('link', { name: 'Mirror Numbers' });
  fireEvent.focus(mirror);
  expect(scrollIntoView).toHaveBeenCalledTimes(1);
  expect(scrollIntoView.mock.contexts[0]).toBe(mirror);
  expect(scrollIntoView).toHaveBeenCalledWith({ inline: 'nearest', block: 'nearest' });
});
