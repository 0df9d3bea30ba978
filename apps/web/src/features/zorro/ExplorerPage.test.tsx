import type { ZorroAnswer, ZorroMessage } from '@zview/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccessToken } from '../../api/client';
import { renderWithProviders, sessionFixture } from '../../../test/render';
import { recordTracking } from '../../../test/tracking';
import ExplorerPage from './ExplorerPage';

/** The explorer's tracked events (SPEC §7 zorro_*): each action sends its event name and properties. */
const tracked = recordTracking();
beforeEach(() => {
  setAccessToken('test-access-token');
  tracked.length = 0;
});
afterEach(() => {
  setAccessToken(undefined);
  vi.unstubAllGlobals();
});

const conversation = {
  id: 1,
  title: 'Wildfire in Colorado',
  createdAt: '2026-11-01T10:00:00Z',
  updatedAt: '2026-11-01T10:00:00Z',
};
const answer = (zeroResults: boolean): ZorroAnswer => ({
  mode: 'extractive',
  interpreted: { filters: {}, description: 'homeowners filings in Colorado', keywords: 'wildfire' },
  figures: {
    count: zeroResults ? 0 : 3,
    medianRateChange: 4.5,
    averageRateChange: 4.5,
    minRateChange: 1,
    maxRateChange: 8,
    firstSubmitted: '2024-01-02',
    lastSubmitted: '2025-03-04',
  },
  sentences: [{ text: zeroResults ? 'No filing matches.' : '3 filings match.', citations: zeroResults ? [] : [1] }],
  citations: zeroResults
    ? []
    : [
        {
          n: 1,
          filingId: 7,
          trackingNumber: 'SCMU-1',
          company: 'Sierra Crest Mutual',
          state: 'CO',
          documentId: 70,
          documentTitle: 'Actuarial Memorandum',
          page: 2,
          passage: 'the \u0002wildfire\u0003 load',
        },
      ],
  zeroResults,
  suggestions: zeroResults ? [{ filter: 'state', label: 'Drop the state filter', count: 12 }] : [],
  droppedClaims: 0,
});
const message = (id: number, role: 'user' | 'assistant', text: string, a: ZorroAnswer | null): ZorroMessage => ({
  id,
  role,
  text,
  answer: a,
  createdAt: '2026-11-01T10:00:00Z',
});

/** A fake of the conversation endpoints that tells methods apart (the list and create share a path). */
function setup(options: { refetchHangs?: boolean } = {}) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  let asked = false;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), window.location.origin);
      const method = init?.method ?? 'GET';
      calls.push({ method, path: url.pathname, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const json = (body: unknown, status = 200) =>
        new Response(status === 204 ? null : JSON.stringify(body), {
          status,
          headers: { 'content-type': 'application/json' },
        });
      const key = `${method} ${url.pathname}`;
      // The conversation fetched again after a question never answers (a refetch lost or slow).
      if (asked && options.refetchHangs && key === 'GET /api/zorro/conversations/1')
        return new Promise<Response>(() => {});
      if (key === 'POST /api/zorro/conversations/1/messages') asked = true;
      if (key === 'GET /api/zorro/conversations') return json({ conversations: [conversation] });
      if (key === 'POST /api/zorro/conversations')
        return json({ ...conversation, id: 2, title: 'New conversation' }, 201);
      if (key === 'GET /api/zorro/conversations/1')
        return json({
          conversation,
          messages: [
            message(1, 'user', 'Wildfire filings in Colorado?', null),
            message(2, 'assistant', '3 filings match.', answer(false)),
          ],
        });
      if (key === 'GET /api/zorro/conversations/2')
        return json({ conversation: { ...conversation, id: 2 }, messages: [] });
      if (key === 'PATCH /api/zorro/conversations/1') return json({ ...conversation, title: 'Renamed' });
      if (key === 'DELETE /api/zorro/conversations/1') return json(null, 204);
      if (key === 'POST /api/zorro/conversations/1/messages')
        return json(
          {
            question: message(3, 'user', 'Wildfire filings in Colorado?', null),
            answer: message(4, 'assistant', 'No filing matches.', answer(true)),
          },
          201,
        );
      return json({ error: { code: 'not_found', message: 'No route' } }, 404);
    }),
  );
  renderWithProviders(<ExplorerPage />, { session: sessionFixture('member'), path: '/zorro/explorer?c=1' });
  return calls;
}

describe('ExplorerPage answers', () => {
  it('shows the answer as soon as it is received, without waiting for the conversation to be fetched again', async () => {
    const user = userEvent.setup();
    setup({ refetchHangs: true });
    await user.click(await screen.findByTestId('retry'));
    expect(await screen.findByText('No filing matches.')).toBeInTheDocument();
  });
});

describe('ExplorerPage tracked events', () => {
  it('tracks view sources, retry prompt and a zero-result answer', async () => {
    const user = userEvent.setup();
    const calls = setup();
    await user.click(await screen.findByTestId('view-sources'));
    expect(tracked).toContainEqual({ event: 'zorro_view_sources', properties: { citations: 1 } });
    expect(screen.getByTestId('sources')).toHaveTextContent('Actuarial Memorandum, page 2');

    await user.click(screen.getByTestId('retry'));
    expect(tracked).toContainEqual({ event: 'zorro_retry_prompt', properties: { conversationId: 1 } });
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST' && c.path === '/api/zorro/conversations/1/messages')).toHaveLength(
        1,
      ),
    );
    expect(calls.find((c) => c.path === '/api/zorro/conversations/1/messages')!.body).toEqual({
      question: 'Wildfire filings in Colorado?',
    });
    await waitFor(() =>
      expect(tracked).toContainEqual({
        event: 'zorro_search_zero_results',
        properties: { question: 'Wildfire filings in Colorado?', source: 'explorer' },
      }),
    );
  });

  it('tracks toggling the sidebar, creating, renaming and deleting a conversation', async () => {
    const user = userEvent.setup();
    const calls = setup();
    const sidebar = await screen.findByTestId('conversations');
    await within(sidebar).findByText('Wildfire in Colorado');

    await user.click(screen.getByRole('button', { name: 'Hide conversations' }));
    expect(tracked).toContainEqual({ event: 'zorro_toggle_sidebar', properties: { open: false } });
    expect(screen.queryByTestId('conversations')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show conversations' }));
    expect(tracked).toContainEqual({ event: 'zorro_toggle_sidebar', properties: { open: true } });

    await user.click(await screen.findByLabelText('Rename Wildfire in Colorado'));
    const rename = await screen.findByRole('dialog');
    const name = within(rename).getByLabelText(/Name/);
    await user.clear(name);
    await user.type(name, 'Renamed');
    await user.click(within(rename).getByRole('button', { name: 'Rename' }));
    expect(tracked).toContainEqual({ event: 'zorro_rename_conversation', properties: { conversationId: 1 } });
    await waitFor(() => expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ title: 'Renamed' }));

    await user.click(screen.getByLabelText('Delete Wildfire in Colorado'));
    const confirm = await screen.findByRole('dialog');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(tracked).toContainEqual({ event: 'zorro_delete_conversation', properties: { conversationId: 1 } });
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/zorro/conversations/1')).toBe(true),
    );

    await user.click(screen.getByTestId('new-conversation'));
    await waitFor(() =>
      expect(tracked).toContainEqual({ event: 'zorro_create_conversation', properties: { conversationId: 2 } }),
    );
  });
});
