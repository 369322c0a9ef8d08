import { AppError } from '../../lib/errors';

/** A 422 naming the field (`body.likelihood`), as validation failures do. */
export const fieldError = (path: string, message: string) => new AppError(422, `${path.replace(/^(body|query)\./, '')}: ${message}`, 'unprocessable_content', [{ path, message }]);
