import type { AlertColor } from '@mui/material/Alert';
import { AUTH_RULES } from '@attune/contract';
import type { TFunction } from 'i18next';
import { ApiError } from '../../../lib/rest-client';

/** What a multi-step auth form tells the user right now. */
export interface FlowAlert {
  severity: AlertColor;
  text: string;
  detail?: string | undefined;
}

const RULE_CODES = [
  'password_too_short',
  'password_too_long',
  'password_too_common',
  'staff_domain_required',
] as const;
type RuleCode = (typeof RULE_CODES)[number];

/** A translated explanation when registration failed for a password or e-mail rule, else undefined. */
export function ruleDetail(error: unknown, t: TFunction<'common'>): string | undefined {
  if (!(error instanceof ApiError) || !(RULE_CODES as readonly string[]).includes(error.code))
    return undefined;
  const code = error.code as RuleCode;
  const count =
    code === 'password_too_long' ? AUTH_RULES.passwordMaxLength : AUTH_RULES.passwordMinLength;
  return t(`errors.${code}`, { count });
}
