import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import type { ListingParams } from '../listing-params';
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

/** The box's own search for "78 6" sent; `arrives` draws the form as the address then has it. */
function searchSent() {
  const update = vi.fn();
  const view = render(<ListingFilters params={{}} update={update} onSearched={() => {}} />);
  const box = screen.getByRole('searchbox');
  fireEvent.change(box, { target: { value: '78 6' } });
  fireEvent.submit(box.closest('form')!);
  const arrives = (params: ListingParams) =>
    view.rerender(<ListingFilters params={params} update={update} onSearched={() => {}} />);
  return { box, update, arrives };
}

it('keeps digits typed while its own search reaches the address, and follows any other address', () => {
  const { box, update, arrives } = searchSent();
  expect(update).toHaveBeenLastCalledWith({ q: '786', match: 'anywhere' });
  // A key typed before the navigation lands is the buyer's, not undone by the address.
  fireEvent.change(box, { target: { value: '78 69' } });
  arrives({ q: '786', match: 'anywhere' });
  expect(box).toHaveValue('78 69');
  // Another address (Back, a shared link) still sets the box.
  arrives({ q: '555' });
  expect(box).toHaveValue('555');
});

it('shows the digits the address holds once its own search lands, when nothing was typed since', () => {
  const { box, arrives } = searchSent();
  arrives({ q: '786', match: 'anywhere' });
  expect(box).toHaveValue('786');
});

it('closes More filters on Escape, from the panel or its button, and gives the focus back to the button', async () => {
  render(<ListingFilters params={{}} update={() => {}} onSearched={() => {}} />);
  const button = screen.getByRole('button', { name: 'More filters' });
  fireEvent.click(button);
  const panel = await screen.findByRole('form', { name: 'More filters' });
  fireEvent.keyDown(panel, { key: 'Escape' });
  expect(button).toHaveAttribute('aria-expanded', 'false');
  expect(screen.queryByRole('form', { name: 'More filters' })).not.toBeInTheDocument();
  await waitFor(() => expect(button).toHaveFocus());

  fireEvent.click(button);
  expect(button).toHaveAttribute('aria-expanded', 'true');
  fireEvent.keyDown(button, { key: 'Escape' });
  expect(button).toHaveAttribute('aria-expanded', 'false');
});
