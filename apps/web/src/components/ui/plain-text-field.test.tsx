import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PlainTextField } from './plain-text-field';

describe('PlainTextField', () => {
  it('is a labelled, required text box described by its helper text', () => {
    render(
      <PlainTextField
        id="email"
        label="E-mail address"
        required
        error
        helperText="Please check."
      />,
    );
    const input = screen.getByRole('textbox', { name: /E-mail address/ });
    expect(input.getAttribute('id')).toBe('email');
    expect(input.hasAttribute('required')).toBe(true);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe('email-helper-text');
    expect(document.getElementById('email-helper-text')?.textContent).toBe('Please check.');
  });

  it('has no description without helper text, and passes attributes to the input', () => {
    render(
      <PlainTextField
        id="username"
        label="Username"
        htmlInput={{ autoCapitalize: 'none', spellCheck: 'false', maxLength: 50 }}
      />,
    );
    const input = screen.getByRole('textbox', { name: 'Username' });
    expect(input.hasAttribute('aria-describedby')).toBe(false);
    expect(input.getAttribute('autocapitalize')).toBe('none');
    expect(input.getAttribute('maxlength')).toBe('50');
    expect(input.getAttribute('spellcheck')).toBe('false');
  });
});
