/** Product-wide constants shared by the API and the web client (spec section 9). */
export const PRODUCT_NAME = 'Aegis';
export const APP_VERSION = 'v1.2.6';
export const COPYRIGHT_START_YEAR = 2023;

export const DEFAULT_PAGE = 1;
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 250;

export const MAX_UPLOAD_BYTES = 104_857_600;

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;

/** Prefix of personal API token secrets, so they are recognisable in logs and secret scanners. */
export const API_TOKEN_PREFIX = 'aeg_';
/** An API token created without an expiry lives this long; none lives longer than the maximum. */
export const API_TOKEN_DEFAULT_TTL_DAYS = 90;
export const API_TOKEN_MAX_TTL_DAYS = 365;

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
