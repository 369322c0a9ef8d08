import { Readable } from 'node:stream';
import type { RequirementNode } from '@aegis/contracts';

/** Lets the request loop serve others between two slices. */
const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * A framework's detail as a JSON stream: `head` (everything but the tree) first, then `requirements`
 * one slice of whole top-level requirements at a time (frameworkDetailRepository.treeSlices). The
 * largest framework is never one array in memory nor one JSON.stringify on the request loop, and the
 * answer is exactly the `frameworkDetail` shape (each node is built field by field in the repository).
 * `wrap` puts it inside an envelope (`{"framework": …, "organizations": […]}` for platform operators).
 */
export function frameworkDetailStream(
  head: Record<string, unknown>,
  slices: AsyncIterable<RequirementNode[]>,
  wrap: { before: string; after: string } = { before: '', after: '' },
): Readable {
  async function* chunks() {
    const opening = JSON.stringify(head);
    yield Buffer.from(`${wrap.before}${opening.slice(0, -1)}${opening.length > 2 ? ',' : ''}"requirements":[`);
    let first = true;
    for await (const slice of slices) {
      if (slice.length === 0) continue;
      yield Buffer.from(`${first ? '' : ','}${slice.map((node) => JSON.stringify(node)).join(',')}`);
      first = false;
      await yieldToLoop();
    }
    yield Buffer.from(`]}${wrap.after}`);
  }
  return Readable.from(chunks(), { objectMode: false });
}
