/**
 * An error whose message is safe to show to the customer (French), with a stable code for
 * programs and the HTTP status to answer with. Services throw it; one handler renders it.
 */
export class AppError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly statusCode: number,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (message: string, code = 'not_found') => new AppError(code, message, 404);
export const badRequest = (message: string, field?: string, code = 'invalid_request') =>
  new AppError(code, message, 400, field);
export const conflict = (message: string, code = 'conflict') => new AppError(code, message, 409);
