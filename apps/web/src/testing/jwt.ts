const base64Url = (text: string) => btoa(text).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');

/** An unsigned JWT carrying exactly `payload` (the client never verifies signatures). */
export function encodeJwt(payload: unknown): string {
  return `${base64Url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64Url(JSON.stringify(payload))}.signature`;
}

/** A JWT whose `exp` is `seconds` from `now` (negative: already expired). */
export function jwtExpiringIn(seconds: number, now = Date.now()): string {
  return encodeJwt({ sub: 'user-1', org: 'org-1', exp: Math.floor(now / 1000) + seconds });
}

export { base64Url };
