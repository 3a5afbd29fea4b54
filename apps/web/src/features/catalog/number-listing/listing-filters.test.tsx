import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { ListingFilters } from './listing-filters';

// Counts when the lazily loaded panel's module is first evaluated.
const panelModule = vi.hoisted(() => ({ loads: 0 }));
vi.mock('./advanced-filters', () => {
  panelModule.loads += 1;
  return { AdvancedFilters: () => <form aria-label="More filters" /> };
});

afterEach(cleanup);

it('starts loading More filters when the pointer reaches the button, before the tap opens it', async () => {
  render(<ListingFilters params={{}} update={() => {}} onSearched={() => {}} />);
  const button = screen.getByRole('button', { name: 'More filters' });
  expect(panelModule.loads).toBe(0);

  fireEvent.pointerEnter(button);
  await waitFor(() => expect(panelModule.loads).toBe(1));

  fireEvent.click(button);
  expect(await screen.findByRole('form', { name: 'More filters' })).toBeInTheDocument();
  expect(panelModule.loads).toBe(1);
});
