/** The one source of "now" for token lifetimes, so tests can move time without sleeping. */
export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };
