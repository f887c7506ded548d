import { beforeAll, describe, expect, it } from 'vitest';
import { GraphqlError } from './graphql-client';
import { errorCodeText, errorText, serverError } from './error-text';
import { applyLanguage, initI18n } from './i18n';
import { ApiError, NETWORK_ERROR, UNKNOWN_ERROR } from './rest-client';

beforeAll(async () => {
  await initI18n('en');
});

const rateLimited = (minutes: number) =>
  new ApiError('rate_limited', 429, `Please wait ${minutes} minute(s)`, { minutes });

describe('errorText', () => {
  it('gives the wait with real plurals in every language, never the server message', async () => {
    const cases = {
      en: ['Please wait 1 minute and', 'Please wait 12 minutes and'],
      de: ['Bitte warten Sie 1 Minute und', 'Bitte warten Sie 12 Minuten und'],
      es: ['Espere 1 minuto e', 'Espere 12 minutos e'],
    } as const;
    for (const [language, [one, twelve]] of Object.entries(cases)) {
      await applyLanguage(language as keyof typeof cases);
      expect(errorText(rateLimited(1), 'fallback')).toContain(one);
      expect(errorText(rateLimited(12), 'fallback')).toContain(twelve);
      expect(errorText(rateLimited(12), 'fallback')).not.toContain('minute(s)');
    }
    await applyLanguage('en');
  });

  it('fills in the tries left of a wrong code', async () => {
    const wrong = (attemptsLeft: number) =>
      new ApiError('code_invalid', 400, 'The code is not correct.', { attemptsLeft });
    expect(errorText(wrong(1), 'fallback')).toBe(
      'The code is not correct. You can try 1 more time.',
    );
    expect(errorText(wrong(4), 'fallback')).toBe(
      'The code is not correct. You can try 4 more times.',
    );
    await applyLanguage('de');
    expect(errorText(wrong(4), 'fallback')).toBe(
      'Der Code ist nicht richtig. Sie haben noch 4 Versuche.',
    );
    await applyLanguage('en');
  });

  it("translates a GraphQL error's code (a wrong login on /es)", async () => {
    await applyLanguage('es');
    const wrongLogin = new GraphqlError('The username or password is not correct.', 200, [
      {
        message: 'The username or password is not correct.',
        extensions: { code: 'login_failed', status: 401, params: {} },
      },
    ]);
    expect(errorText(wrongLogin, 'No se pudo iniciar sesión.')).toBe(
      'El nombre de usuario o la contraseña no son correctos.',
    );
    await applyLanguage('en');
  });

  it("uses the call's fallback for an unknown code, a server fault, no answer or a missing number", () => {
    const fallback = 'Error while validating code';
    expect(errorText(new ApiError('brand_new_code', 400, 'New!'), fallback)).toBe(fallback);
    expect(errorText(new ApiError(UNKNOWN_ERROR, 400, ''), fallback)).toBe(fallback);
    expect(errorText(new ApiError('internal_error', 500, 'Internal'), fallback)).toBe(fallback);
    expect(errorText(new ApiError(NETWORK_ERROR, 0, ''), fallback)).toBe(fallback);
    expect(errorText(new GraphqlError('', 0), fallback)).toBe(fallback);
    expect(errorText(new ApiError('rate_limited', 429, 'Wait'), fallback)).toBe(fallback);
    expect(errorText(new Error('boom'), fallback)).toBe(fallback);
  });
});

describe('serverError and errorCodeText', () => {
  it('reads the code, status and params of REST and GraphQL errors', () => {
    expect(serverError(rateLimited(3))).toEqual({
      code: 'rate_limited',
      status: 429,
      params: { minutes: 3 },
    });
    const graph = new GraphqlError('Too many', 429, [
      {
        message: 'Too many',
        extensions: { code: 'rate_limited', status: 429, params: { minutes: 2 } },
      },
    ]);
    expect(serverError(graph)).toEqual({
      code: 'rate_limited',
      status: 429,
      params: { minutes: 2 },
    });
  });

  it('needs every parameter the code takes', () => {
    expect(errorCodeText('password_too_short', { min: 8 })).toBe(
      'The password must have at least 8 characters.',
    );
    expect(errorCodeText('password_too_short')).toBeNull();
    expect(errorCodeText('password_too_common')).toBe(
      'This password is too common and easy to guess. Please choose another one.',
    );
  });
});
