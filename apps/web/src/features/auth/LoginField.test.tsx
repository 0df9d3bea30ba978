import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LoginField } from './LoginField';

/** The login page's field drawn without MUI (issue 45): label, floating label, error line. */
describe('the login field', () => {
  it('labels its input and floats the label while it has the focus or a value', () => {
    const { rerender, container } = render(<LoginField label="Email" value="" onChange={() => undefined} />);
    const input = screen.getByRole('textbox', { name: 'Email' });
    const field = container.firstElementChild!;
    expect(field).not.toHaveClass('zv-field-shrink');
    fireEvent.focus(input);
    expect(field).toHaveClass('zv-field-shrink', 'zv-field-focused');
    fireEvent.blur(input);
    expect(field).not.toHaveClass('zv-field-shrink');
    rerender(<LoginField label="Email" value="ann@acme.test" onChange={() => undefined} />);
    expect(field).toHaveClass('zv-field-shrink');
    expect(field).not.toHaveClass('zv-field-focused');
  });

  it('says what is wrong in a line the input is described by, and marks the input invalid', () => {
    render(
      <LoginField label="Password" type="password" value="x" error helperText="Incorrect username or password." />,
    );
    const input = screen.getByLabelText('Password');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Incorrect username or password.');
  });

  it('starts floated when it takes the focus at once, and shows a disabled value', () => {
    const { container } = render(<LoginField label="Email" value="ann@acme.test" disabled autoFocus />);
    expect(screen.getByRole('textbox', { name: 'Email' })).toBeDisabled();
    expect(container.firstElementChild).toHaveClass('zv-field-shrink', 'zv-field-disabled');
  });
});
