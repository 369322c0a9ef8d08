/** Machine names of error responses, keyed by HTTP status (spec section 8). */
export const ERROR_NAMES = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'not_allowed',
  406: 'not_acceptable',
  409: 'conflict',
  412: 'precondition_failed',
  413: 'content_too_large',
  415: 'unsupported_media_type',
  422: 'unprocessable_content',
  429: 'too_many_requests',
  500: 'internal_server',
  501: 'not_implemented',
  502: 'bad_gateway',
  503: 'service_unavailable',
} as const;

export type ErrorStatus = keyof typeof ERROR_NAMES;

export function errorNameForStatus(status: number): string {
  return (ERROR_NAMES as Record<number, string>)[status] ?? (status >= 500 ? 'internal_server' : 'bad_request');
}
