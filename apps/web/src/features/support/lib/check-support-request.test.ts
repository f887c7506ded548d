import { describe, expect, it } from 'vitest';
import { SUPPORT_LIMITS } from '@attune/contract';
import { checkSupportRequest, supportRequestInput } from './check-support-request';

const valid = {
  formId: 'technical' as const,
  name: 'Ana',
  email: 'ana@example.com',
  message: 'My sound processor does not connect.',
};

describe('checkSupportRequest', () => {
  it('accepts a complete request', () => {
    expect(checkSupportRequest(valid)).toEqual({});
  });

  it('gives each field its own reason, as the contract counts (without surrounding spaces)', () => {
    expect(
      checkSupportRequest({ formId: '', name: '  ', email: '', message: '   short   ' }),
    ).toEqual({
      formId: 'formRequired',
      name: 'nameRequired',
      email: 'emailRequired',
      message: 'messageTooShort',
    });
    expect(
      checkSupportRequest({
        ...valid,
        name: 'x'.repeat(SUPPORT_LIMITS.nameMax + 1),
        email: 'ana@',
        message: 'x'.repeat(SUPPORT_LIMITS.messageMax + 1),
      }),
    ).toEqual({ name: 'nameTooLong', email: 'emailInvalid', message: 'messageTooLong' });
    expect(
      checkSupportRequest({ ...valid, message: ` ${'x'.repeat(SUPPORT_LIMITS.messageMin)} ` }),
    ).toEqual({});
  });
});

describe('supportRequestInput', () => {
  it('sends trimmed values, and the hidden field only when something filled it in', () => {
    expect(
      supportRequestInput({ ...valid, name: ' Ana ', email: ' ana@example.com ' }, ''),
    ).toEqual(valid);
    expect(supportRequestInput(valid, 'https://spam.example')).toEqual({
      ...valid,
      website: 'https://spam.example',
    });
  });
});
