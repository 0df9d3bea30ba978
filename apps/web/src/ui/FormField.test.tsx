import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FormField } from './FormField';

describe('FormField', () => {
  it('labels its control and marks required fields with an asterisk', () => {
    render(
      <FormField label="Portfolio name" htmlFor="name" required>
        <input id="name" />
      </FormField>,
    );
    expect(screen.getByLabelText(/Portfolio name/)).toHaveAttribute('id', 'name');
    expect(screen.getByTestId('required-asterisk')).toHaveTextContent('*');
  });

  it('shows an error message instead of the hint', () => {
    const { rerender } = render(
      <FormField label="Organisation id" htmlFor="org" hint="A whole number">
        <input id="org" />
      </FormField>,
    );
    expect(screen.queryByTestId('required-asterisk')).not.toBeInTheDocument();
    expect(screen.getByText('A whole number')).toBeInTheDocument();
    rerender(
      <FormField label="Organisation id" htmlFor="org" hint="A whole number" error="Enter an integer">
        <input id="org" />
      </FormField>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Enter an integer');
    expect(screen.queryByText('A whole number')).not.toBeInTheDocument();
  });
});
