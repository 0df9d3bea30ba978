import { render, screen } from '@testing-library/react';
import type { BookOverTime } from '@zview/contracts';
import { describe, expect, it } from 'vitest';
import { BookOverTimeChart, pointLabel } from './BookOverTimeChart';

const levels = (low: number, high: number) => ({
  low: { count: low, value: low * 100 },
  medium: { count: 0, value: 0 },
  high: { count: high, value: high * 100 },
  none: { count: 0, value: 0 },
});

const monitored: BookOverTime = {
  product: 'zfire',
  monitored: true,
  hasValue: true,
  points: [
    { runId: 7, at: '2026-11-02T10:00:00.000Z', levels: levels(5, 2) },
    { runId: null, at: '2026-11-28T10:00:00.000Z', levels: levels(4, 3) },
  ],
};

describe('BookOverTimeChart', () => {
  it('charts rows and value by level over time for a monitored product', () => {
    render(<BookOverTimeChart overTime={monitored} />);
    expect(screen.getByTestId('book-over-time')).toBeTruthy();
    expect(screen.getByTestId('over-time-count')).toBeTruthy();
    expect(screen.getByTestId('over-time-value')).toBeTruthy();
    expect(screen.queryByTestId('over-time-not-monitored')).toBeNull();
    expect(monitored.points.map(pointLabel)).toEqual(['Run 7 · Nov 2, 2026', 'Now']);
  });

  it('charts rows only when the file has no value column', () => {
    render(<BookOverTimeChart overTime={{ ...monitored, hasValue: false }} />);
    expect(screen.getByTestId('over-time-count')).toBeTruthy();
    expect(screen.queryByTestId('over-time-value')).toBeNull();
  });

  it('says in one line that a product the book does not monitor has no history, and draws no chart', () => {
    render(<BookOverTimeChart overTime={{ product: 'zfire', monitored: false, hasValue: false, points: [] }} />);
    expect(screen.getByTestId('over-time-not-monitored').textContent).toMatch(/does not monitor/);
    expect(screen.queryByTestId('book-over-time')).toBeNull();
  });
});
