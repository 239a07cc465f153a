import { ErrorCode, type Envelope } from '~/lib/envelope';
import { t } from '~/lib/i18n';

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
}

export function ok<T>(data: T, message = 'success'): Envelope<T> {
  return { code: ErrorCode.OK, data, message };
}

export function fail(code: number, message: string): Envelope<null> {
  return { code, data: null, message };
}
