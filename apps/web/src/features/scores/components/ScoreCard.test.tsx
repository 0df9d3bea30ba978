import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { assessmentFixture } from '../fixtures';
import { ScoreCard } from './ScoreCard';

describe('ScoreCard', () => {
  it('keeps a product name such as Z-STORM on one line, letting the risk chip wrap below it instead', () => {
    const result = assessmentFixture().products.zstorm!;
    render(
      <MemoryRouter>
        <ScoreCard result={result} detailsTo="/scores/zstorm" />
      </MemoryRouter>,
    );
    const name = screen.getByTestId('product-name');
    expect(name).toHaveTextContent('Z-STORM');
    expect(name).toHaveStyle({ whiteSpace: 'nowrap' });
    expect(name.parentElement).toHaveStyle({ flexWrap: 'wrap' });
  });
});
