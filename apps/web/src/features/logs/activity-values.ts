/** Reading the loosely typed before/after snapshots of log entries. */
export const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The strings of an array held under a key of a snapshot (ids, names); none when absent. */
export const stringsOf = (value: unknown, key: string): string[] => (isObject(value) && Array.isArray(value[key]) ? value[key].filter((item): item is string => typeof item === 'string') : []);

/** A trimmed string held under a key of a snapshot; empty when absent. */
export const textOf = (value: unknown, key: string): string => (isObject(value) && typeof value[key] === 'string' ? value[key].trim() : '');

export const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "a, b and c". */
export const joined = (parts: readonly string[]) => (parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)!}`);

/** `: “text”`, or nothing when there is no text. */
export const quoted = (text: string) => (text ? `: “${text}”` : '');
