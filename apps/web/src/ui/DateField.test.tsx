import { render, screen } from '@testing-library/react';
import { DATE_PICKER_RANGE } from '@zview/contracts';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DateField, outsideDateRange } from './DateField';

describe('DateField (SPEC §9: date picker default range 1900-01-01 to 2099-12-31)', () => {
  it('limits the picker to 1900-01-01 … 2099-12-31 by default', () => {
    render(<DateField label="From" value="2026-11-24" onChange={() => {}} />);
    const input = screen.getByLabelText('From');
    expect(input).toHaveAttribute('type', 'date');
    expect(input).toHaveAttribute('min', DATE_PICKER_RANGE.min);
    expect(input).toHaveAttribute('max', DATE_PICKER_RANGE.max);
    expect(DATE_PICKER_RANGE).toEqual({ min: '1900-01-01', max: '2099-12-31' });
  });

  it('takes a narrower range when given one, and says when a typed date falls outside it', () => {
    render(<DateField label="Start" value="1899-12-31" onChange={() => {}} />);
    expect(screen.getByText('Pick a date from January 1, 1900 to December 31, 2099.')).toBeInTheDocument();
    render(<DateField label="End" value="2026-01-01" min="2026-06-01" max="2026-12-31" onChange={() => {}} />);
    expect(screen.getByLabelText('End')).toHaveAttribute('min', '2026-06-01');
    expect(outsideDateRange('2100-01-01')).toBe(true);
    expect(outsideDateRange('2099-12-31')).toBe(false);
    expect(outsideDateRange('')).toBe(false);
  });

  it('is the only date input of the app (every date picked gets the range)', () => {
    const root = path.resolve(__dirname, '..');
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const file = path.join(dir, name);
        if (statSync(file).isDirectory()) walk(file);
        else if (
          /\.tsx$/.test(name) &&
          !/\.test\.tsx$/.test(name) &&
          !file.endsWith(path.join('ui', 'DateField.tsx'))
        ) {
          if (/type="date"|type=\{?'date'/.test(readFileSync(file, 'utf8'))) offenders.push(path.relative(root, file));
        }
      }
    };
    walk(root);
    expect(offenders).toEqual([]);
  });
});
