import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderAt } from '../../../test/render';
import { SermonUploadPage } from './sermon-upload-page';

const PREP = '3f2b9c1e-8a4d-4b6f-9e21-5c7d8a9b0c1d';
const reply = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
afterEach(() => vi.unstubAllGlobals());

const preparation = {
  _id: PREP,
  id: PREP,
  title: 'Grace Upon Grace',
  scriptures: 'John 1:14-18',
  outline: '1. Full of grace',
  series: 'The Word Made Flesh',
  date: '2026-12-06',
  status: 'ready',
  sermonId: null,
  createdAt: '2026-11-29T08:00:00Z',
  updatedAt: '2026-11-29T08:00:00Z',
};

describe('SermonUploadPage from a preparation', () => {
  it('shows no form to submit until the preparation is there, then the form filled in from it', async () => {
    let answer!: () => void;
    vi.stubGlobal(
      'fetch',
      vi.fn((input: URL | string) => {
        const url = new URL(String(input));
        if (url.pathname === `/api/sermons/preparations/${PREP}`) {
          // Held until the test lets it through: the moment a quick click once met an empty form.
          return new Promise<Response>((resolve) => (answer = () => resolve(reply({ status: 'success', data: { preparation } }))));
        }
        return Promise.resolve(reply({ status: 'success', data: { sermons: [], page: 1, limit: 10, total: 0 } }));
      }),
    );
    renderAt(<SermonUploadPage />, { path: '/sermons/upload', entry: `/sermons/upload?preparation=${PREP}` });
    expect(await screen.findByRole('heading', { name: 'Upload Sermon', level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upload Sermon' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Title' })).toBeNull();

    answer();
    expect(await screen.findByRole('textbox', { name: 'Title' })).toHaveValue('Grace Upon Grace');
    expect(screen.getByRole('textbox', { name: 'Description' })).toHaveValue('John 1:14-18');
    expect(screen.getByRole('textbox', { name: 'Series' })).toHaveValue('The Word Made Flesh');
    expect(screen.getByLabelText('Date')).toHaveValue('2026-12-06');
    expect(screen.getByRole('button', { name: 'Upload Sermon' })).toBeEnabled();
  });
});
