import type { ErrorCode } from '@attune/contract';

/** An error with a stable code and HTTP status; the error handler turns it into `{ code, message, data: { status } }`. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (code: ErrorCode, message: string) => new AppError(code, 400, message);
export const unauthorized = (
  message = 'Authentication required.',
  code: ErrorCode = 'unauthorized',
) => new AppError(code, 401, message);
export const forbidden = (message: string, code: ErrorCode = 'forbidden') =>
  new AppError(code, 403, message);
export const notFound = (message = 'Not found.') => new AppError('not_found', 404, message);
