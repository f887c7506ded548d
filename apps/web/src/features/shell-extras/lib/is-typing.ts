/** Input types that hold text a member types (not buttons, checkboxes, files …). */
const TEXT_INPUT_TYPES = new Set([
  'text',
  'search',
  'email',
  'password',
  'tel',
  'url',
  'number',
  'date',
  'datetime-local',
  'month',
  'time',
  'week',
]);

function isTextField(element: Element): element is HTMLInputElement | HTMLTextAreaElement {
  if (element instanceof HTMLTextAreaElement) return !element.disabled && !element.readOnly;
  return (
    element instanceof HTMLInputElement &&
    TEXT_INPUT_TYPES.has(element.type) &&
    !element.disabled &&
    !element.readOnly
  );
}

function focusedFieldHasText(active: Element | null): boolean {
  if (!active) return false;
  if (isTextField(active)) return active.value !== '';
  return active instanceof HTMLElement && active.isContentEditable
    ? (active.textContent ?? '').trim() !== ''
    : false;
}

/**
 * Whether reloading now could throw away what a member is writing: the focus is in a text field
 * or an editor that holds text, or a text field anywhere on the page differs from what it was
 * given (typed but not sent yet, e.g. while the language switcher has the focus). Controlled
 * React fields keep their default in step with their value, so only the focus rule sees those.
 */
export function isMemberTyping(doc: Document = document): boolean {
  if (focusedFieldHasText(doc.activeElement)) return true;
  const fields = doc.querySelectorAll('input, textarea');
  return Array.from(fields).some(
    (field) => isTextField(field) && field.value !== '' && field.value !== field.defaultValue,
  );
}
