import { useState } from 'react';
import { createEvent, fireEvent, render, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../lib/i18n';
import { onlyDigits, OtpInput } from './otp-input';

beforeAll(async () => {
  await initI18n('en');
});

function Harness({ onComplete }: { onComplete?: (value: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <>
      <OtpInput label="6-digit code" value={value} onChange={setValue} onComplete={onComplete} />
      <output data-testid="value">{value}</output>
    </>
  );
}

function boxes() {
  const group = screen.getByRole('group', { name: '6-digit code' });
  return within(group).getAllByRole('textbox') as HTMLInputElement[];
}

function paste(target: HTMLElement, text: string) {
  const event = createEvent.paste(target, { clipboardData: { getData: () => text } });
  fireEvent(target, event);
  return event;
}

describe('OtpInput', () => {
  it('is one labelled group of six numeric boxes, each with its own label', () => {
    render(<Harness />);
    const inputs = boxes();
    expect(inputs).toHaveLength(6);
    expect(inputs[0]?.getAttribute('aria-label')).toBe('Digit 1 of 6');
    expect(inputs[5]?.getAttribute('aria-label')).toBe('Digit 6 of 6');
    expect(inputs.every((input) => input.inputMode === 'numeric')).toBe(true);
    expect(inputs[0]?.getAttribute('autocomplete')).toBe('one-time-code');
  });

  it('accepts typed digits and moves to the next box', () => {
    render(<Harness />);
    const [first, second] = boxes();
    fireEvent.change(first!, { target: { value: '4' } });
    expect(screen.getByTestId('value').textContent).toBe('4');
    expect(document.activeElement).toBe(second);
    fireEvent.change(second!, { target: { value: '2' } });
    expect(screen.getByTestId('value').textContent).toBe('42');
  });

  it('rejects non-digits and says so', () => {
    render(<Harness />);
    const [first] = boxes();
    fireEvent.change(first!, { target: { value: 'a' } });
    expect(screen.getByTestId('value').textContent).toBe('');
    expect(first!.value).toBe('');
    expect(screen.getByText('Only digits 0 to 9 can be entered.')).toBeTruthy();
  });

  it('fills every box when a whole code is pasted, ignoring spaces and dashes', () => {
    const onComplete = vi.fn();
    render(<Harness onComplete={onComplete} />);
    const inputs = boxes();
    const event = paste(inputs[0]!, ' 123-456 ');
    expect(event.defaultPrevented).toBe(true);
    expect(inputs.map((input) => input.value)).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(screen.getByTestId('value').textContent).toBe('123456');
    expect(onComplete).toHaveBeenCalledWith('123456');
  });

  it('fills every box from any box when a whole code is pasted or autofilled', () => {
    render(<Harness />);
    const inputs = boxes();
    paste(inputs[3]!, '987654');
    expect(screen.getByTestId('value').textContent).toBe('987654');
    fireEvent.change(inputs[0]!, { target: { value: '111222' } });
    expect(inputs.map((input) => input.value)).toEqual(['1', '1', '1', '2', '2', '2']);
  });

  it('ignores a pasted text without digits', () => {
    render(<Harness />);
    const inputs = boxes();
    paste(inputs[0]!, 'code');
    expect(screen.getByTestId('value').textContent).toBe('');
  });

  it('goes back and clears the previous digit with Backspace in an empty box', () => {
    render(<Harness />);
    const inputs = boxes();
    paste(inputs[0]!, '12');
    expect(document.activeElement).toBe(inputs[2]);
    fireEvent.keyDown(inputs[2]!, { key: 'Backspace' });
    expect(screen.getByTestId('value').textContent).toBe('1');
    expect(document.activeElement).toBe(inputs[1]);
  });

  it('keeps only digits', () => {
    expect(onlyDigits('a1 2-3')).toBe('123');
  });
});
