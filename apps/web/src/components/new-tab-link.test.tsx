import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { NewTabLink } from './new-tab-link';

afterEach(cleanup);

describe('NewTabLink', () => {
  it('opens in a new tab without handing it the opener, and says so in its name', () => {
    render(<NewTabLink href="/terms-and-conditions">Terms and Conditions</NewTabLink>);
    const link = screen.getByRole('link', { name: 'Terms and Conditions (opens in a new tab)' });
    expect(link).toHaveAttribute('href', '/terms-and-conditions');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener');
  });
});
