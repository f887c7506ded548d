import { DEFAULT_LANGUAGE, type Language } from '@attune/contract';

let language: Language = DEFAULT_LANGUAGE;

/** Sets the language sent as `Accept-Language` (the server writes mails in it). */
export function setRequestLanguage(next: Language): void {
  language = next;
}

/** The language of the current route, for request headers. */
export function getRequestLanguage(): Language {
  return language;
}
