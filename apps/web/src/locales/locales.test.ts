import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  ERROR_CODES,
  ERROR_COUNT_PARAMS,
  ERROR_PARAM_NAMES,
  LANGUAGES,
  SPEC_MESSAGES,
  type ErrorCode,
} from '@attune/contract';
import enAuth from './en/auth.json';
import enCommon from './en/common.json';

const root = dirname(fileURLToPath(import.meta.url));

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const entries = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') entries.set(path, value);
    else flatten(value, path).forEach((text, nested) => entries.set(nested, text));
  }
  return entries;
}

function load(language: string, namespace: string): Map<string, string> {
  return flatten(
    JSON.parse(readFileSync(join(root, language, `${namespace}.json`), 'utf8')) as Tree,
  );
}

const variables = (text: string) =>
  [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((match) => match[1]).sort();
const namespaces = readdirSync(join(root, 'en')).map((file) => file.replace(/\.json$/, ''));

describe('locale files', () => {
  it('has the same namespaces in every language', () => {
    for (const language of LANGUAGES) {
      expect(readdirSync(join(root, language)).sort()).toEqual(
        readdirSync(join(root, 'en')).sort(),
      );
    }
  });

  for (const language of LANGUAGES.filter((code) => code !== 'en')) {
    for (const namespace of namespaces) {
      it(`${language}/${namespace} has every English key, no extra key, and the same placeholders`, () => {
        const english = load('en', namespace);
        const translated = load(language, namespace);
        const missing = [...english.keys()].filter((key) => !translated.has(key));
        const extra = [...translated.keys()].filter((key) => !english.has(key));
        expect(missing, `missing in ${language}/${namespace}`).toEqual([]);
        expect(extra, `extra in ${language}/${namespace}`).toEqual([]);
        for (const [key, text] of translated) {
          expect(text.trim(), `${language}/${namespace}:${key} is empty`).not.toBe('');
          expect(variables(text), `${language}/${namespace}:${key} placeholders`).toEqual(
            variables(english.get(key) ?? ''),
          );
        }
      });
    }
  }

  it('keeps the spec texts word for word in English', () => {
    expect(enAuth.login.failed).toBe(SPEC_MESSAGES.loginFailed);
    expect(enAuth.login.success).toBe(SPEC_MESSAGES.loggedInRedirecting);
    expect(enAuth.register.sendFailed).toBe(SPEC_MESSAGES.sendCodeFailed);
    expect(enAuth.register.validateFailed).toBe(SPEC_MESSAGES.validateCodeFailed);
    expect(enAuth.register.registerFailed).toBe(SPEC_MESSAGES.registerFailed);
    expect(enAuth.recover.recoverFailed).toBe(SPEC_MESSAGES.recoverFailed);
    expect(enAuth.recover.validateFailed).toBe(SPEC_MESSAGES.validateCodeFailed);
    expect(enAuth.recover.resetFailed).toBe(SPEC_MESSAGES.resetFailed);
    expect(enCommon.notFound.title).toBe('Page Not Found');
    expect(enCommon.notFound.message.replace('{{path}}', '/x')).toBe(
      SPEC_MESSAGES.pageNotFound('/x'),
    );
    expect(enCommon.errorPage.status['500']).toBe('Internal Server Error');
    expect(enCommon.fetchUser.failed).toBe(SPEC_MESSAGES.fetchUserFailed);
    expect(enCommon.fetchUser.notFound).toBe(SPEC_MESSAGES.userIdNotFound);
    expect(enCommon.nicknameField.checkFailed).toBe(SPEC_MESSAGES.nicknameCheckFailed);
  });

  it('keeps the spec texts of the error codes word for word in English', () => {
    expect(enCommon.errors.register_data_invalid).toBe(SPEC_MESSAGES.registerDataInvalid);
    expect(enCommon.errors.reset_data_invalid).toBe(SPEC_MESSAGES.resetDataInvalid);
  });
});

/** Every error text of a language: `common:errors.<code>` (visitors') and `errors:<code>` (members'). */
function errorTexts(language: string): Map<string, string> {
  const texts = new Map<string, string>();
  for (const [key, text] of load(language, 'common'))
    if (key.startsWith('errors.')) texts.set(key.slice('errors.'.length), text);
  for (const [key, text] of load(language, 'errors')) {
    expect(texts.has(key), `${language}: ${key} is both in common and in errors`).toBe(false);
    texts.set(key, text);
  }
  return texts;
}

describe('error texts (common:errors.<code> and errors:<code>)', () => {
  const countParams: Partial<Record<ErrorCode, string>> = ERROR_COUNT_PARAMS;

  for (const language of LANGUAGES) {
    it(`${language} has a text for every error code the server can send, with plural forms for counts`, () => {
      const texts = errorTexts(language);
      const missing: string[] = [];
      for (const code of ERROR_CODES) {
        const keys = countParams[code] ? [`${code}_one`, `${code}_other`] : [code];
        for (const key of keys) {
          const text = texts.get(key);
          if (!text?.trim()) {
            missing.push(key);
            continue;
          }
          // A text may only use the parameters its code carries.
          for (const name of variables(text))
            expect(ERROR_PARAM_NAMES[code], `${language}:${key} uses {{${name}}}`).toContain(name);
        }
      }
      expect(missing, `missing error texts in ${language}/common.json or errors.json`).toEqual([]);
    });

    it(`${language} has no error text for a code the contract does not know`, () => {
      const known = new Set<string>(
        ERROR_CODES.flatMap((code) =>
          countParams[code] ? [`${code}_one`, `${code}_other`] : [code],
        ),
      );
      const keys = [...errorTexts(language).keys()];
      expect(keys.filter((key) => !known.has(key))).toEqual([]);
    });
  }
});
