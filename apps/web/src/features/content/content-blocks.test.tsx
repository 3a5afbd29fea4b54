import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { RatingLine, StarRating } from './content-blocks';

afterEach(cleanup);

/** The text a screen reader reads of `element`: what no aria-hidden hides. */
function spoken(element: Element): string {
  return [...element.childNodes]
    .map((node) => {
      if (node.nodeType === Node.TEXT_NODE) return node.textContent;
      if (node instanceof Element && node.getAttribute('aria-hidden') !== 'true') {
        return ` ${spoken(node)}`;
      }
      return '';
    })
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
}

describe('the rating', () => {
  it('is read once on its line: the figure written, the stars silent (QA 32 F11)', () => {
    const { container } = render(<RatingLine />);
    expect(spoken(container)).toMatch(/^\d(\.\d)? out of 5 from [\d,]+ ratings$/);
  });

  it('is said by the stars alone when no figure is written beside them', () => {
    const { container } = render(<StarRating rating={4} />);
    expect(spoken(container)).toBe('Rated 4 out of 5');
    expect(screen.getByText('Rated 4 out of 5')).toHaveClass('sr-only');
  });
});
