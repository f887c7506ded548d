import { act } from '@testing-library/preact';

/**
 * Picks `value` in a native `<select>` as a browser does: the value changes, then `input` and
 * `change` are fired. (Testing Library's `fireEvent.change` sends only `input` under
 * preact/compat, while a select's `onChange` listens to `change`, as React's does.)
 */
export function chooseOption(select: HTMLElement, value: string) {
  act(() => {
    (select as HTMLSelectElement).value = value;
    select.dispatchEvent(new Event('input', { bubbles: true }));
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
}
