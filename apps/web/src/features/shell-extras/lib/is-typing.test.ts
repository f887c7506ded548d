import { afterEach, describe, expect, it } from 'vitest';
import { isMemberTyping } from './is-typing';

afterEach(() => {
  document.body.innerHTML = '';
});

function add(html: string): HTMLElement {
  const wrapper = document.createElement('div');
  wrapper.innerHTML = html;
  document.body.append(wrapper);
  return wrapper.firstElementChild as HTMLElement;
}

describe('isMemberTyping', () => {
  it('is false on a page without text fields or with untouched ones', () => {
    expect(isMemberTyping()).toBe(false);
    add('<input type="text" value="prefilled" />');
    add('<textarea></textarea>');
    expect(isMemberTyping()).toBe(false);
  });

  it('is true while the focus is in a text field that holds text', () => {
    const input = add('<input type="email" />') as HTMLInputElement;
    input.focus();
    expect(isMemberTyping()).toBe(false);
    input.value = 'someone@example.org';
    expect(isMemberTyping()).toBe(true);
  });

  it('is true while the focus is in an editor (contenteditable) that holds text', () => {
    const editor = add('<div contenteditable="true" tabindex="0"></div>');
    // jsdom does not implement isContentEditable; browsers do.
    Object.defineProperty(editor, 'isContentEditable', { value: true });
    editor.focus();
    expect(isMemberTyping()).toBe(false);
    editor.textContent = 'Hello';
    expect(isMemberTyping()).toBe(true);
  });

  it('is true when text was typed in a field that no longer has the focus', () => {
    const textarea = add('<textarea></textarea>') as HTMLTextAreaElement;
    textarea.value = 'A draft';
    add('<button>Deutsch</button>').focus();
    expect(isMemberTyping()).toBe(true);
  });

  it('ignores buttons, checkboxes, hidden, disabled and read-only fields', () => {
    const hidden = add('<input type="hidden" />') as HTMLInputElement;
    hidden.value = 'token';
    const checkbox = add('<input type="checkbox" />') as HTMLInputElement;
    checkbox.focus();
    const disabled = add('<input type="text" disabled />') as HTMLInputElement;
    disabled.value = 'x';
    const readOnly = add('<input type="text" readonly />') as HTMLInputElement;
    readOnly.value = 'x';
    expect(isMemberTyping()).toBe(false);
  });
});
