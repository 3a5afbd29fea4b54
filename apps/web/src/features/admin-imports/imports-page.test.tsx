import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, installFakeApi, ok } from '../../../test-support/fake-api';
import { renderWithQuery } from '../../../test-support/render';
import { DryRunPreview } from './dry-run-preview';
import { ImportProgress } from './import-progress';
import ImportsPage from './imports-page';
import type { StockImport } from './import-types';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const IMPORT_ID = '5f0c2a9e-1111-4c1d-9a7f-2e5b6c7d8e9f';

function stockImport(overrides: Partial<StockImport> = {}): StockImport {
  return {
    id: IMPORT_ID,
    fileName: 'march.csv',
    status: 'running',
    total: 4_000,
    processed: 1_000,
    imported: 0,
    new: 0,
    updated: 0,
    unchanged: 0,
    errors: 0,
    failure: null,
    startedAt: '2026-11-20T10:00:00.000Z',
    finishedAt: null,
    startedBy: { id: 'u-9', name: 'Sunita Support' },
    ...overrides,
  };
}

const dryRun = {
  total: 4_000,
  valid: 3_998,
  invalid: 2,
  new: 3_000,
  newOnSale: 3_000,
  newHidden: 0,
  newComingSoon: 0,
  updated: 900,
  unchanged: 98,
  offersEnding: 0,
  ignoredColumns: ['State', 'City', 'Notes'],
  errors: [
    { line: 7, number: '9.82E+09', reason: 'number is in scientific notation (9.82E+09)' },
    { line: 12, number: '9820098200', reason: 'number repeats line 2' },
  ],
};

const csvFile = () =>
  new File(['number,price\n9820098200,25000\n'], 'march.csv', { type: 'text/csv' });

function renderImports(routes: Parameters<typeof installFakeApi>[0]) {
  const api = installFakeApi({
    'GET /admin/imports': ok({ imports: [], total: 0, page: 1, pageSize: 20, pageCount: 0 }),
    ...routes,
  });
  const user = userEvent.setup();
  renderWithQuery('/admin/imports', <ImportsPage />);
  return { api, user };
}

describe('the imports page', () => {
  it('checks a file, shows the refused rows, imports it with a progress bar and the result', async () => {
    const states = [
      stockImport(),
      stockImport({ processed: 4_000 }),
      stockImport({
        status: 'done',
        processed: 4_000,
        imported: 3_998,
        new: 3_000,
        updated: 900,
        unchanged: 98,
        errors: 2,
        finishedAt: '2026-11-20T10:00:09.000Z',
      }),
    ];
    let reads = 0;
    const { api, user } = renderImports({
      'POST /admin/numbers/import': (_body, call) =>
        call.path.endsWith('?dryRun=true')
          ? ok(dryRun)
          : { status: 202, body: { success: true, data: { importId: IMPORT_ID } } },
      [`GET /admin/imports/${IMPORT_ID}`]: () => ok(states[Math.min(reads++, states.length - 1)]),
    });
    expect(screen.getByRole('link', { name: 'Download the template' })).toHaveAttribute(
      'href',
      '/api/v1/admin/imports/template.csv',
    );
    expect(await screen.findByText('No import yet.')).toBeVisible();
    // Excel saves "Text (Tab delimited)" and "Unicode Text" as .txt.
    expect(screen.getByLabelText(/CSV file/)).toHaveAttribute(
      'accept',
      '.csv,.txt,.tsv,text/csv,text/plain,text/tab-separated-values',
    );

    await user.upload(screen.getByLabelText(/CSV file/), csvFile());
    await user.click(screen.getByRole('button', { name: 'Check the file' }));
    const check = await screen.findByRole('region', { name: 'Check of the file' });
    // The check's result takes the focus, so a screen reader reads it (QA 32 F1).
    await waitFor(() => expect(check).toHaveFocus());
    expect(check).toHaveTextContent(
      '4,000 rows: 3,998 will go in (3,000 new, 900 updated, 98 unchanged); 2 refused.',
    );
    expect(within(check).getByText('Ignored columns: State, City, Notes.')).toBeVisible();
    const refused = within(check).getAllByRole('row');
    expect(refused[1]).toHaveTextContent('79.82E+09number is in scientific notation (9.82E+09)');
    expect(refused[2]).toHaveTextContent('129820098200number repeats line 2');
    const sent = api.callsTo('POST /admin/numbers/import?dryRun=true')[0]!.body as FormData;
    expect((sent.get('file') as File).name).toBe('march.csv');

    await user.click(screen.getByRole('button', { name: 'Import 3,998 rows' }));
    const bar = await screen.findByRole('progressbar', { name: 'Import progress' });
    // The focus, kept by the pressed button while the import starts, goes to its progress.
    await waitFor(() => expect(document.activeElement).toContainElement(bar));
    expect(bar).toHaveAttribute('aria-valuenow', '1000');
    expect(bar).toHaveAttribute('aria-valuemax', '4000');
    expect(screen.getByText('Checked 1,000 of 4,000 rows…')).toBeVisible();
    expect(
      await screen.findByText('All 4,000 rows checked: applying them in one go…', undefined, {
        timeout: 3_000,
      }),
    ).toBeVisible();
    const result = await screen.findByRole('status', { name: 'Import result' }, { timeout: 3_000 });
    expect(result).toHaveTextContent(
      'Import done: 3,998 rows imported (3,000 new, 900 updated, 98 unchanged).',
    );
    expect(result).toHaveTextContent('2 rows were refused.');
    expect(
      within(result).getByRole('link', { name: /refused rows \(errors\.csv\)/ }),
    ).toHaveAttribute('href', `/api/v1/admin/imports/${IMPORT_ID}/errors.csv`);
    expect(api.callsTo('POST /admin/numbers/import')).toHaveLength(1);
  });

  it('retries an import whose answer was lost with the same Idempotency-Key and follows that run', async () => {
    let starts = 0;
    const { api, user } = renderImports({
      'POST /admin/numbers/import': (_body, call) => {
        if (call.path.endsWith('?dryRun=true')) return ok(dryRun);
        // The first reaches the server, its answer is lost.
        if (++starts === 1) throw new TypeError('Failed to fetch');
        return { status: 202, body: { success: true, data: { importId: IMPORT_ID } } };
      },
      [`GET /admin/imports/${IMPORT_ID}`]: ok(stockImport()),
    });
    const startKeys = () =>
      api.fetchMock.mock.calls
        .filter(([input]) => String(input).endsWith('/admin/numbers/import'))
        .map(([, init]) => (init?.headers as Record<string, string>)['Idempotency-Key']);

    await user.upload(screen.getByLabelText(/CSV file/), csvFile());
    await user.click(screen.getByRole('button', { name: 'Check the file' }));
    await user.click(await screen.findByRole('button', { name: 'Import 3,998 rows' }));
    expect(await screen.findByText('No response received from server')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Import 3,998 rows' }));
    expect(await screen.findByRole('progressbar', { name: 'Import progress' })).toBeVisible();

    await user.upload(screen.getByLabelText(/CSV file/), csvFile());
    await user.click(screen.getByRole('button', { name: 'Check the file' }));
    await user.click(await screen.findByRole('button', { name: 'Import 3,998 rows' }));
    await screen.findByRole('progressbar', { name: 'Import progress' });

    const keys = startKeys();
    expect(keys).toHaveLength(3);
    expect(keys[0]).toMatch(/^[\w-]{8,}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('says why a file was refused, and why an import failed', async () => {
    let started = false;
    const { user } = renderImports({
      'POST /admin/numbers/import': (_body, call) => {
        if (call.path.endsWith('?dryRun=true') && !started) {
          started = true;
          return fail(
            400,
            'This is not a CSV text file: in the spreadsheet choose File > Save As > CSV UTF-8 (or Text, tab delimited), then upload that file.',
          );
        }
        return call.path.endsWith('?dryRun=true')
          ? ok({ ...dryRun, invalid: 0, errors: [] })
          : { status: 202, body: { success: true, data: { importId: IMPORT_ID } } };
      },
      [`GET /admin/imports/${IMPORT_ID}`]: ok(
        stockImport({
          status: 'failed',
          failure:
            'The server stopped while this import ran: nothing of it was applied. Upload the file again.',
        }),
      ),
    });
    await user.upload(screen.getByLabelText(/CSV file/), csvFile());
    await user.click(screen.getByRole('button', { name: 'Check the file' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This is not a CSV text file');

    await user.click(screen.getByRole('button', { name: 'Check the file' }));
    await user.click(await screen.findByRole('button', { name: 'Import 3,998 rows' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The import failed: nothing was changed.The server stopped while this import ran',
    );
  });

  it('says when a file would change nothing, and offers no import of it', async () => {
    const unchanged = { ...dryRun, valid: 5_200, new: 0, updated: 0, unchanged: 5_200 };
    const answers = [
      { ...unchanged, total: 5_200, invalid: 0, ignoredColumns: [], errors: [] },
      { ...unchanged, total: 5_202 },
    ];
    const { api, user } = renderImports({
      'POST /admin/numbers/import': () => ok(answers.shift()),
    });
    await user.upload(screen.getByLabelText(/CSV file/), csvFile());
    await user.click(screen.getByRole('button', { name: 'Check the file' }));
    const check = await screen.findByRole('region', { name: 'Check of the file' });
    expect(check).toHaveTextContent(/^Nothing to change: all 5,200 rows match the stock\.$/);
    expect(screen.queryByRole('button', { name: /^Import/ })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Check the file' }));
    expect(
      await screen.findByText('5,200 rows match the stock; 2 refused.', { exact: false }),
    ).toBeVisible();
    expect(within(check).getAllByRole('row')).toHaveLength(3);
    expect(screen.queryByRole('button', { name: /^Import/ })).toBeNull();
    expect(api.callsTo('POST /admin/numbers/import')).toHaveLength(0);
  });

  it('lists past imports with who ran them and their refused rows', async () => {
    renderImports({
      'GET /admin/imports': ok({
        imports: [
          stockImport({
            status: 'done',
            imported: 3_998,
            new: 3_000,
            updated: 900,
            unchanged: 98,
            errors: 2,
          }),
          stockImport({
            id: 'a2',
            fileName: 'march-again.csv',
            status: 'done',
            imported: 3_998,
            unchanged: 3_998,
          }),
          stockImport({ id: 'a1', fileName: 'feb.csv', status: 'failed', errors: 0 }),
        ],
        total: 3,
        page: 1,
        pageSize: 20,
        pageCount: 1,
      }),
    });
    const past = await screen.findByRole('region', { name: 'Past imports' });
    const rows = await within(past).findAllByRole('row');
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .slice(1)
        .map((cell) => cell.textContent);
    expect(
      within(rows[0]!)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual([
      'Started',
      'File',
      'Run by',
      'Status',
      'Rows',
      'New',
      'Updated',
      'Unchanged',
      'Refused',
    ]);
    expect(cells(rows[1]!)).toEqual([
      'march.csv',
      'Sunita Support',
      'done',
      '4,000',
      '3,000',
      '900',
      '98',
      expect.stringContaining('2'),
    ]);
    expect(within(rows[1]!).getByRole('link')).toHaveAttribute(
      'href',
      `/api/v1/admin/imports/${IMPORT_ID}/errors.csv`,
    );
    // The same file again: nothing new went in, and the page does not say it did.
    expect(cells(rows[2]!)).toEqual([
      'march-again.csv',
      'Sunita Support',
      'done',
      '4,000',
      '0',
      '0',
      '3,998',
      '0',
    ]);
    expect(rows[3]).toHaveTextContent('feb.csvSunita Supportfailed');
  });
});

describe('the check of a file', () => {
  it('says how many new numbers go on sale and how many stay hidden or coming soon', () => {
    const { rerender } = render(
      <DryRunPreview
        result={{ ...dryRun, new: 5, newOnSale: 2, newHidden: 1, newComingSoon: 2 }}
      />,
    );
    expect(screen.getByRole('region', { name: 'Check of the file' })).toHaveTextContent(
      'Of the new numbers, 2 go on sale, 1 stays hidden, 2 are coming soon.',
    );
    rerender(<DryRunPreview result={dryRun} />);
    expect(screen.getByRole('region', { name: 'Check of the file' })).toHaveTextContent(
      'Of the new numbers, 3,000 go on sale.',
    );
  });

  it('says how many numbers lose their offer, and how to keep offers', () => {
    render(<DryRunPreview result={{ ...dryRun, offersEnding: 3 }} />);
    expect(
      screen.getByText(/^3 numbers lose their offer: the file leaves their offer_price empty/),
    ).toHaveTextContent('A file without an offer_price column leaves offers as they are.');
  });
});

describe("an import's progress and result", () => {
  const showing = async (state: StockImport) => {
    installFakeApi({ [`GET /admin/imports/${IMPORT_ID}`]: ok(state) });
    renderWithQuery('/admin/imports', <ImportProgress id={IMPORT_ID} />);
    await screen.findByText(/Checked|checked|Import done/);
  };

  it('counts one row as one row, while it runs and once done', async () => {
    await showing(stockImport({ total: 1, processed: 0 }));
    expect(screen.getByText('Checked 0 of 1 row…')).toBeVisible();
    cleanup();
    await showing(stockImport({ total: 1, processed: 1 }));
    expect(screen.getByText('The row is checked: applying it…')).toBeVisible();
    cleanup();
    await showing(
      stockImport({ status: 'done', total: 2, processed: 2, imported: 1, new: 1, errors: 1 }),
    );
    const result = screen.getByRole('status', { name: 'Import result' });
    expect(result).toHaveTextContent(
      'Import done: 1 row imported (1 new, 0 updated, 0 unchanged).',
    );
    expect(result).toHaveTextContent('1 row was refused.');
    expect(
      within(result).getByRole('link', { name: 'Download the 1 refused row (errors.csv)' }),
    ).toBeVisible();
  });
});
