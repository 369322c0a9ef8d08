import { errorNameForStatus } from '@aegis/contracts';

/** The one error type of the API: a status, a machine code and a human detail. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly detail: string,
    readonly code: string = errorNameForStatus(statusCode),
    /** Each problem of a 422, by path (`body.name`), as validation failures list them. */
    readonly errors?: { path: string; message: string; line?: number }[],
  ) {
    super(detail);
    this.name = 'AppError';
  }
}

export const badRequest = (detail: string, code?: string) => new AppError(400, detail, code);
export const unauthorized = (detail = 'Authentication required', code?: string) => new AppError(401, detail, code);
export const forbidden = (detail = 'You do not have permission to do this', code?: string) => new AppError(403, detail, code);
export const notFound = (what = 'Resource') => new AppError(404, `${what} not found`);
export const conflict = (detail: string) => new AppError(409, detail);
export const unprocessable = (detail: string) => new AppError(422, detail);
export const serviceUnavailable = (detail = 'The service is temporarily unavailable') => new AppError(503, detail);
