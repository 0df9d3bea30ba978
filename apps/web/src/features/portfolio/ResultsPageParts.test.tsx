import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../../test/session-harness';
import { metadataFixture } from './fixtures';
import { ResultsHeader } from './ResultsPageParts';

describe('ResultsHeader', () => {
  it('wraps its actions as a whole at a laptop width, never breaking a label such as "Z-FIRE" in two', () => {
    const data = metadataFixture();
    renderPage(<ResultsHeader data={data} products={data.products} />, { route: '/zportfolio/results' });
    const actions = screen.getByRole('link', { name: 'Changes' }).parentElement!;
    expect(actions).toHaveStyle({ flexWrap: 'wrap' });
    expect(actions.children.length).toBeGreaterThan(3);
    for (const action of Array.from(actions.children)) expect(action).toHaveStyle({ whiteSpace: 'nowrap' });
    expect(screen.getByRole('button', { name: 'Export all products' })).toHaveStyle({ whiteSpace: 'nowrap' });
  });
});
