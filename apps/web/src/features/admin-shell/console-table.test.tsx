import '@testing-library/jest-dom/vitest';
import { createColumnHelper } from '@tanstack/react-table';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ConsoleTable } from './console-table';

afterEach(cleanup);

interface Row {
  id: string;
  change: string;
}

const column = createColumnHelper<Row>();
const columns = [
  column.accessor('id', { header: 'Which' }),
  column.accessor('change', {
    header: 'Before and after',
    cell: (info) => <span className="sr-only">{info.getValue()}</span>,
  }),
];

const renderChanges = () =>
  render(
    <ConsoleTable
      caption="Changes"
      columns={columns}
      rows={[{ id: 'a', change: 'changed to' }]}
      empty="None."
    />,
  );

describe('ConsoleTable', () => {
  it('scrolls sideways in its own box, which holds its screen-reader words too', () => {
    renderChanges();
    // Screen-reader words are absolutely placed: a box that is not positioned lets them out,
    // past the right edge of a phone's screen, and the whole page scrolls sideways.
    expect(screen.getByRole('table', { name: 'Changes' }).parentElement).toHaveClass(
      'relative',
      'overflow-x-auto',
    );
  });

  it('stacks its rows on a phone: each cell under its column name, hidden from screen readers', () => {
    renderChanges();
    const table = screen.getByRole('table', { name: 'Changes' });
    expect(table).toHaveClass('max-sm:block');
    expect(within(table).getByRole('columnheader', { name: 'Which' })).toBeInTheDocument();
    const which = screen.getAllByRole('cell')[0]!;
    const name = within(which).getByText('Which');
    expect(name).toHaveAttribute('aria-hidden', 'true');
    expect(name).toHaveClass('sm:hidden');
    expect(which).toHaveAccessibleName('a');
  });
});
