import '@testing-library/jest-dom/vitest';
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PhraseSearch } from './phrase-search';

afterEach(() => {
  document.body.innerHTML = '';
});

describe('PhraseSearch', () => {
  it('searches for the words typed before the page became interactive', async () => {
    const onSearch = vi.fn();
    const page = () => (
      <RouterProvider
        router={createMemoryRouter([
          { path: '/', element: <PhraseSearch action="/premium-numbers" onSearch={onSearch} /> },
        ])}
      />
    );
    // The prerendered box, typed into before the scripts ran.
    const container = document.createElement('div');
    container.innerHTML = renderToString(page());
    document.body.append(container);
    const box = container.querySelector<HTMLInputElement>('input[name="text"]')!;
    box.value = 'ending 786 under 20k';

    const root = await act(async () => hydrateRoot(container, page()));
    const form = container.querySelector('form')!;
    await act(async () => {
      form.requestSubmit();
    });
    expect(onSearch).toHaveBeenCalledWith('ending 786 under 20k');
    root.unmount();
  });
});
