import { NOTICE_BLOCKS, NOTICE_DEFAULT_TEXTS, NOTICE_TEMPLATES, type NoticeBlock } from '@zview/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeServer } from '../../../test/fake-server';
import { renderPage, testSession } from '../../../test/session-harness';
import NoticeTextsPage from './NoticeTextsPage';

const PATH = '/api/caribou/notices/texts';
const texts = (edits: Partial<Record<NoticeBlock, string>> = {}) => ({
  templates: NOTICE_TEMPLATES.map((template) => ({
    template,
    blocks: (Object.keys(NOTICE_BLOCKS) as NoticeBlock[]).map((block) => {
      const own = template === 'CO' ? edits[block] : undefined;
      const defaultBody = NOTICE_DEFAULT_TEXTS[template][block];
      return { block, title: NOTICE_BLOCKS[block], body: own ?? defaultBody, defaultBody, edited: own !== undefined };
    }),
  })),
});

describe('/settings/notices', () => {
  it('edits a block of the Colorado template, saves only what changed, and restores the default', async () => {
    const contact = 'Call us on 555-0100.';
    const server = fakeServer()
      .on('GET', PATH, { body: texts() })
      .on('PUT', PATH, { body: texts({ contact }) });
    renderPage(<NoticeTextsPage />, { route: '/settings/notices', session: testSession() });
    const user = userEvent.setup();
    const field = await screen.findByRole('textbox', { name: 'Contact' });
    expect(field).toHaveValue(NOTICE_DEFAULT_TEXTS.CO.contact);
    expect(screen.getByRole('button', { name: 'Save wording' })).toBeDisabled();
    await user.clear(field);
    expect(screen.getByText('A block cannot be empty: restore the default wording instead.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save wording' })).toBeDisabled();
    await user.type(field, contact);
    await user.click(screen.getByRole('button', { name: 'Save wording' }));
    await waitFor(() => expect(server.sent(PATH, 'PUT')).toHaveLength(1));
    expect(server.sent(PATH, 'PUT')[0]!.body).toEqual({ template: 'CO', blocks: { contact } });

    server.on('PUT', PATH, { body: texts() });
    await user.click(await screen.findByRole('button', { name: 'Restore default' }));
    await waitFor(() => expect(server.sent(PATH, 'PUT')).toHaveLength(2));
    expect(server.sent(PATH, 'PUT')[1]!.body).toEqual({ template: 'CO', blocks: { contact: null } });
  });
});
