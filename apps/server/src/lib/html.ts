const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for HTML content and attribute values (mails, the dev outbox page, page tokens). */
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => ENTITIES[char]!);
