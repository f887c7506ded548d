import { beforeAll, describe, expect, it } from 'vitest';
import { applyLanguage, initI18n } from '../../../lib/i18n';
import { ApiError, NETWORK_ERROR } from '../../../lib/rest-client';
import { fieldError } from './text-errors';

beforeAll(async () => {
  await initI18n('en');
});

describe('fieldError: a refusal is shown at the field it is about, in the member’s language', () => {
  it('puts the text’s limits under the editor and a bad title at the title', async () => {
    await applyLanguage('de');
    expect(fieldError(new ApiError('too_many_mentions', 400, 'x', { max: 10 }))).toEqual({
      field: 'content',
      text: 'Sie können in einem Text höchstens 10 Mitglieder erwähnen.',
    });
    await applyLanguage('es');
    expect(fieldError(new ApiError('content_too_long', 400, 'x', { max: 20000 }))?.field).toBe(
      'content',
    );
    expect(fieldError(new ApiError('content_too_long', 400, 'x', { max: 20000 }))?.text).toMatch(
      /^Este texto es demasiado largo/,
    );
    expect(fieldError(new ApiError('validation_failed', 400, 'x', { field: 'title' }))?.field).toBe(
      'title',
    );
    await applyLanguage('en');
  });

  it('leaves refusals about the whole form to the form’s alert', () => {
    expect(fieldError(new ApiError('duplicate_post', 429, 'x'))).toBeNull();
    expect(fieldError(new ApiError('rate_limited', 429, 'x', { minutes: 1 }))).toBeNull();
    expect(
      fieldError(new ApiError('validation_failed', 400, 'x', { field: 'language' })),
    ).toBeNull();
    expect(fieldError(new ApiError(NETWORK_ERROR, 0, ''))).toBeNull();
  });
});
