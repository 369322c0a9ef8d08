import { findExcessNesting, nestingMessage } from '../../../lib/nesting-guard';
import { TextExtractionError } from './extraction-error';
import type { TextBuilder } from './text-builder';

/** UTF-8 text (plain, Markdown, CSV): a byte-order mark is dropped, invalid bytes become U+FFFD. */
export function decodeUtf8(bytes: Uint8Array): string {
  return new TextDecoder('utf-8', { fatal: false, ignoreBOM: false }).decode(bytes);
}

export function plainText(bytes: Uint8Array, out: TextBuilder): void {
  out.append(decodeUtf8(bytes));
}

/**
 * JSON: the nesting guard first (lib/nesting-guard.ts: no parser sees a document nested deeper than 32
 * levels), then the values written out as indented `key: value` lines, so that both the keys and the
 * values are searched and a passage reads like the document.
 */
export function jsonText(bytes: Uint8Array, out: TextBuilder): void {
  const source = decodeUtf8(bytes);
  const excess = findExcessNesting(source, { format: 'json' });
  if (excess) throw new TextExtractionError(`The JSON ${nestingMessage(excess)}`);
  let value: unknown;
  try {
    value = JSON.parse(source);
  } catch (error) {
    throw new TextExtractionError(`The file is not valid JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  writeValue(value, '', out);
}

function scalar(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'string') return value;
  return String(value);
}

/** Depth is bounded by the nesting guard, so recursion is safe here. */
function writeValue(value: unknown, indent: string, out: TextBuilder): void {
  if (out.full) return;
  if (Array.isArray(value)) {
    for (const item of value) {
      if (out.full) return;
      if (item !== null && typeof item === 'object') {
        out.append(`${indent}-\n`);
        writeValue(item, `${indent}  `, out);
      } else out.append(`${indent}- ${scalar(item)}\n`);
    }
    return;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (out.full) return;
      if (item !== null && typeof item === 'object') {
        out.append(`${indent}${key}:\n`);
        writeValue(item, `${indent}  `, out);
      } else out.append(`${indent}${key}: ${scalar(item)}\n`);
    }
    return;
  }
  out.append(`${indent}${scalar(value)}\n`);
}
