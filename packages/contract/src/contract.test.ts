import { describe, expect, it } from 'vitest';
import {
  Email,
  ERROR_CODES,
  ERROR_COUNT_PARAMS,
  ERROR_PARAM_NAMES,
  isErrorCode,
  isSetupComplete,
  primaryRole,
  ROLE_COLOR_TOKENS,
  roleLabel,
  slugify,
  SPEC_MESSAGES,
} from './index';

describe('contract', () => {
  it('picks the highest-priority role', () => {
    expect(primaryRole(['member', 'mentor'])).toBe('mentor');
    expect(primaryRole(['medel_user', 'super_admin'])).toBe('super_admin');
    expect(primaryRole(['area_manager', 'mentor', 'medel_user'])).toBe('area_manager');
    expect(primaryRole([])).toBe('member');
  });
  it("treats only 'yes' as completed setup", () => {
    expect(isSetupComplete('yes')).toBe(true);
    for (const value of ['no', '', undefined, null, 'YES'])
      expect(isSetupComplete(value)).toBe(false);
  });
  it('normalises e-mail addresses', () => {
    expect(Email.parse('  Anna@Example.COM ')).toBe('anna@example.com');
    expect(Email.safeParse('anna@').success).toBe(false);
  });
  it('keeps the spec texts word for word', () => {
    expect(SPEC_MESSAGES.pageNotFound('/en/x')).toBe('Page Not Found: /en/x');
    expect(SPEC_MESSAGES.loggedInRedirecting).toBe('Logged in. Redirecting...');
    expect(SPEC_MESSAGES.registerDataInvalid).toBe('Register data or code invalid');
  });
});

describe('slugify (spec §5)', () => {
  it.each([
    ['Hello World', 'hello-world'],
    ['Über Cochlea-Implantate', 'uber-cochlea-implantate'],
    ['¿Qué tal, señora?', 'que-tal-senora'],
    ['  two  spaces ', '--two--spaces-'],
    ['CI 2026: first steps!', 'ci-2026-first-steps'],
  ])('%s → %s', (text, slug) => {
    expect(slugify(text)).toBe(slug);
  });
});

describe('role labels and colour tokens (spec §6)', () => {
  it('labels roles, naming the manufacturer from configuration', () => {
    expect(roleLabel('super_admin', 'Hearing Co')).toBe('Admin');
    expect(roleLabel('area_manager', 'Hearing Co')).toBe('Hearing Co');
    expect(roleLabel('medel_user', 'Hearing Co')).toBe("Hearing Co's user");
    expect(roleLabel('member', 'Hearing Co')).toBe('Member');
  });
  it('has a colour token for every role', () => {
    expect(ROLE_COLOR_TOKENS).toEqual({
      super_admin: 'accent-magenta',
      area_manager: 'primary',
      mentor: 'accent-green',
      medel_user: 'medel-user',
      member: 'member-user',
    });
  });
});

describe('error codes', () => {
  it('lists every code once, each with the names of its parameters', () => {
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
    expect(ERROR_CODES).toContain('rate_limited');
    expect(ERROR_PARAM_NAMES.rate_limited).toEqual(['minutes']);
    expect(ERROR_PARAM_NAMES.code_invalid).toEqual(['attemptsLeft']);
    expect(ERROR_PARAM_NAMES.login_failed).toEqual([]);
  });
  it('counts plurals by a parameter the code carries', () => {
    for (const [code, name] of Object.entries(ERROR_COUNT_PARAMS))
      expect(ERROR_PARAM_NAMES[code as keyof typeof ERROR_PARAM_NAMES]).toContain(name);
  });
  it('tells known codes from others', () => {
    expect(isErrorCode('login_failed')).toBe(true);
    expect(isErrorCode('network_error')).toBe(false);
    expect(isErrorCode(undefined)).toBe(false);
  });
});
