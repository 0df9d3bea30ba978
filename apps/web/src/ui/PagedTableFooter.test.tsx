import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PagedTableFooter } from './PagedTableFooter';

describe('PagedTableFooter', () => {
  it("groups thousands in the range it shows: '1–25 of 299,000'", () => {
    render(<PagedTableFooter total={299000} page={0} onPageChange={() => {}} itemsPerPage={25} />);
    expect(screen.getByText('1–25 of 299,000')).toBeInTheDocument();
  });

  it('groups the page range too', () => {
    render(<PagedTableFooter total={299000} page={100} onPageChange={() => {}} itemsPerPage={25} />);
    expect(screen.getByText('2,501–2,525 of 299,000')).toBeInTheDocument();
  });
});
