import { z } from 'zod';

/** Stable error codes. The UI maps them to translated texts (`errors.<code>`); never branch on message text. */
export const ERROR_CODES = [
  'bad_request',
  'validation_failed',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'rate_limited',
  'internal_error',
  'service_unavailable',
  'register_data_invalid',
  'reset_data_invalid',
  'code_invalid',
  'code_expired',
  'code_attempts_exceeded',
  'password_too_short',
  'password_too_long',
  'password_too_common',
  'staff_domain_required',
  'login_failed',
  'token_invalid',
  'token_expired',
  'session_revoked',
  'refresh_token_reused',
  'email_mismatch',
  'current_password_required',
  'current_password_wrong',
  'health_consent_required',
  'file_type_not_allowed',
  'file_too_large',
  'image_too_large',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** The one error shape of every REST answer (WordPress REST style; the client reads `data.message`). */
export const ErrorOutput = z.object({
  code: z.string(),
  message: z.string(),
  data: z.object({ status: z.number().int() }),
});
export type ErrorOutput = z.infer<typeof ErrorOutput>;
