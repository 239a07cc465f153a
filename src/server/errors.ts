import { ErrorCode, type Envelope } from '~/lib/envelope';
import { t } from '~/server/i18n';

/** The one error type handlers throw; app.ts maps it to the envelope in one place. */
export class AppError extends Error {
  constructor(
    public readonly code: number,
    message: string,
    public readonly status = 200,
  ) {
    super(message);
    this.name = 'AppError';
  }

  static badRequest(message: string) {
    return new AppError(ErrorCode.BAD_REQUEST, message);
  }
  static notFound(message = t('common.noData')) {
    return new AppError(ErrorCode.NOT_FOUND, message);
  }
  static tenantNotFound() {
    return new AppError(ErrorCode.TENANT_NOT_FOUND, t('tenant.notFound'));
  }
  /** Logged in, but the thing belongs to someone else. */
  static forbidden(message: string) {
    return new AppError(ErrorCode.FORBIDDEN, message);
  }
  /** A write that already happened or lost a race; the message says what to do. */
  static conflict(message: string) {
    return new AppError(ErrorCode.CONFLICT, message);
  }
  static tooMany(message: string) {
    return new AppError(ErrorCode.TOO_MANY_REQUESTS, message);
  }
  static payloadTooLarge() {
    return new AppError(ErrorCode.PAYLOAD_TOO_LARGE, t('validation.tooLarge'), 413);
  }
}

export function ok<T>(data: T, message = 'success'): Envelope<T> {
  return { code: ErrorCode.OK, data, message };
}

export function fail(code: number, message: string): Envelope<null> {
  return { code, data: null, message };
}
