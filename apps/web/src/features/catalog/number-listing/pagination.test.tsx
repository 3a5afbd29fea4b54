import '@testing-library/jest-dom/vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderAt } from '../../../../test-support/render';
import { gapWords, Pagination, pageWindow } from './pagination';

afterEach(cleanup);

const renderPagination = (page: number, pageCount: number, more = false) =>
  renderAt(
    '/premium-numbers',
    <Pagination page={page} pageCount={pageCount} more={more} hrefFor={(p) => `?page=${p}`} />,
  );

describe('Pagination', () => {
  it('tells a screen reader which pages a gap leaves out, in the place of its ellipsis', () => {
    renderPagination(1, 92);
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    const gap = within(nav).getByText('…');
    expect(gap).toHaveAttribute('aria-hidden', 'true');
    // Wide screens show page 2; small ones only the first, current and last.
    expect(gap.parentElement).toHaveTextContent(
      /^…Pages 3 to 91 not shownPages 2 to 91 not shown$/,
    );
    expect(within(nav).getByText('Pages 3 to 91 not shown')).toHaveClass('sr-only max-sm:hidden');
    expect(within(nav).getByText('Pages 2 to 91 not shown')).toHaveClass('sr-only sm:hidden');
  });

  it('tells each gap of a page in the middle, and the end of an uncounted list', () => {
    renderPagination(6, 209, true);
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    const [first, last] = within(nav).getAllByText('…');
    expect(first!.parentElement).toHaveTextContent(
      /^…Pages 2 to 4 not shownPages 2 to 5 not shown$/,
    );
    expect(last!.parentElement).toHaveTextContent(
      /^…Pages after 7 not shownPages after 6 not shown$/,
    );
  });
});

describe('gapWords', () => {
  it('names the pages between the nearest shown pages, or those after the last of an uncounted list', () => {
    const all = () => true;
    expect(gapWords(pageWindow(6, 20), 1, all)).toBe('Pages 2 to 4 not shown');
    expect(gapWords(pageWindow(6, 20), 5, all)).toBe('Pages 8 to 19 not shown');
    expect(gapWords(pageWindow(6, 20), 5, (page) => page !== 7)).toBe('Pages 7 to 19 not shown');
    expect(gapWords([1, 'gap', 3], 1, all)).toBe('Page 2 not shown');
    expect(gapWords(pageWindow(6, 209, true), 5, all)).toBe('Pages after 7 not shown');
  });
});
