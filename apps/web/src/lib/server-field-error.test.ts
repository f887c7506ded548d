import { describe, expect, it } from 'vitest';
import { ApiError } from './rest-client';
import { serverFieldError } from './server-field-error';

const refused = (field: string) => new ApiError('validation_failed', 400, 'Invalid', { field });

describe('serverFieldError', () => {
  it('names the field a refusal is about, by its path', () => {
    expect(serverFieldError(refused('name'), ['name', 'descriptions'])).toBe('name');
    expect(serverFieldError(refused('descriptions.de'), ['name', 'descriptions'])).toBe(
      'descriptions',
    );
    expect(serverFieldError(refused('descriptions.de'), ['descriptions.de', 'descriptions'])).toBe(
      'descriptions.de',
    );
  });

  it('leaves a refusal about the whole form, or another kind of error, to the form', () => {
    expect(serverFieldError(refused('request'), ['name'])).toBeNull();
    expect(serverFieldError(new ApiError('rate_limited', 429, '', { minutes: 2 }), ['name'])).toBe(
      null,
    );
    expect(serverFieldError(new Error('boom'), ['name'])).toBeNull();
  });
});
