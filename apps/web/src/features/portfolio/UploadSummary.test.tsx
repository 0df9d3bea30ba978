import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { uploadCheckFixture } from './fixtures';
import { UploadSummary } from './UploadSummary';

describe('UploadSummary', () => {
  it('tells which text encoding the file was read in (issue 12)', () => {
    const check = {
      ...uploadCheckFixture(),
      encoding: 'Windows-1252 (Western European)',
      summary:
        'We read this file as Windows-1252 (Western European) text. Each row is located by latitude and longitude.',
    };
    render(<UploadSummary check={check} loading={false} />);
    expect(screen.getByText('Windows-1252 (Western European)')).toBeTruthy();
    expect(screen.getByText('Text encoding read')).toBeTruthy();
    expect(screen.getByText(/We read this file as Windows-1252/)).toBeTruthy();
  });
});
