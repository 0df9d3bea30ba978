import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/render';
import { fakeApi } from '../../../test/fake-api';

const SLOW = { timeout: 8000 };
afterEach(() => vi.unstubAllGlobals());

describe('the FAQ page', () => {
  it('renders the sections and answers of GET /api/faq', async () => {
    const user = userEvent.setup();
    fakeApi({
      '/api/faq': () => ({
        faqs: [
          {
            id: 'a',
            category: 'Scores',
            question: 'What does a score of 7 mean?',
            answer: 'From 7.0 a property is high risk.',
          },
          {
            id: 'b',
            category: 'Account',
            question: 'I forgot my password.',
            answer: 'Use the link on the sign-in page.',
          },
          { id: 'c', category: 'Scores', question: 'Is the data real?', answer: 'Sample data is labelled.' },
        ],
      }),
    });
    renderApp({ path: '/faq', devSession: 'member' });
    expect(await screen.findByRole('heading', { name: 'Scores' }, SLOW)).toBeInTheDocument();
    // grouped by category, in order of first appearance
    expect(
      within(screen.getByRole('main'))
        .getAllByRole('heading', { level: 2 })
        .map((h) => h.textContent),
    ).toEqual(['Scores', 'Account']);
    expect(
      within(screen.getByRole('region', { name: 'Scores' }))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['What does a score of 7 mean?', 'Is the data real?']);
    await user.click(screen.getByRole('button', { name: 'What does a score of 7 mean?' }));
    expect(screen.getByText('From 7.0 a property is high risk.')).toBeVisible();
  });

  it('says so when the questions cannot be loaded', async () => {
    fakeApi({ '/api/faq': () => ({ status: 500, body: { error: { code: 'internal', message: 'boom' } } }) });
    renderApp({ path: '/faq', devSession: 'member' });
    expect(await screen.findByText(/could not be loaded/, {}, SLOW)).toBeInTheDocument();
  });
});
