import { describe, expect, it } from 'vitest';
import { Email, isSetupComplete, primaryRole, SPEC_MESSAGES } from './index';

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
