import '@testing-library/jest-dom/vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fail, installFakeApi } from '../../../test-support/fake-api';
import { renderWithQuery } from '../../../test-support/render';
import { catchSavedFiles } from '../../../test-support/saved-files';
import { resetAfterTest } from '../../../test-support/session';
import { DataExportSection } from './data-export-section';

afterEach(resetAfterTest);

const file = {
  about: { profile: 'Your account' },
  generatedAt: '2026-11-29T10:15:00.000Z',
  privacyPolicyVersion: '2026-11-29',
  profile: { name: 'Asha Verma', email: 'asha@example.in' },
};

describe('Download my data on the profile page', () => {
  const saved = catchSavedFiles();

  it('fetches the file with the session and saves it as my-data-<date>.json', async () => {
    const api = installFakeApi({ 'GET /user/data-export': { status: 200, body: file } });
    renderWithQuery('/profile', <DataExportSection />);
    expect(screen.getByRole('heading', { name: 'Your data' })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Download my data' }));
    expect(
      await screen.findByText('Your data has been saved as my-data-2026-11-29.json.'),
    ).toBeInTheDocument();
    expect(api.callsTo('GET /user/data-export')).toHaveLength(1);
    expect(api.fetchMock.mock.calls[0]![1]).toMatchObject({ credentials: 'include' });
    expect(saved).toHaveLength(1);
    expect(saved[0]!.name).toBe('my-data-2026-11-29.json');
    expect(saved[0]!.blob.type).toBe('application/json');
    expect(JSON.parse(await saved[0]!.blob.text())).toEqual(file);
  });

  it('says why when the server refuses (429), and saves nothing', async () => {
    installFakeApi({
      'GET /user/data-export': fail(
        429,
        'You have downloaded your data 5 times in the last hour. Please try again in 12 minutes.',
      ),
    });
    renderWithQuery('/profile', <DataExportSection />);
    fireEvent.click(screen.getByRole('button', { name: 'Download my data' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You have downloaded your data 5 times in the last hour. Please try again in 12 minutes.',
    );
    expect(saved).toEqual([]);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Download my data' })).toBeEnabled(),
    );
  });

  it('asks to sign in again when the session is over (401)', async () => {
    installFakeApi({
      'GET /user/data-export': fail(401, 'Please sign in to continue.'),
      'POST /auth/refresh-token': fail(401, 'Your session has ended. Please sign in again.'),
    });
    renderWithQuery('/profile', <DataExportSection />);
    fireEvent.click(screen.getByRole('button', { name: 'Download my data' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please sign in to continue.');
    expect(saved).toEqual([]);
  });
});
