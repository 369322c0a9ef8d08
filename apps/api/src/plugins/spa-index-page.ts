import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import negotiate from '@fastify/accept-negotiator';

type Encoding = 'br' | 'gzip';
type Variant = { body: Buffer; encoding: Encoding | undefined; etag: string };

/**
 * index.html and the compressed copies the build made of it, held in memory: it answers every client
 * route. Each copy has its own ETag, so a revalidation (`no-cache`) costs a 304 when nothing changed.
 */
export function loadIndexPage(root: string) {
  const original = fs.readFileSync(path.join(root, 'index.html'));
  const hash = createHash('sha256').update(original).digest('base64url').slice(0, 16);
  const identity: Variant = { body: original, encoding: undefined, etag: `"${hash}"` };
  const variants = new Map<Encoding, Variant>();
  for (const [encoding, suffix] of [['br', '.br'], ['gzip', '.gz']] as const) {
    const file = path.join(root, `index.html${suffix}`);
    if (fs.existsSync(file)) variants.set(encoding, { body: fs.readFileSync(file), encoding, etag: `"${hash}-${encoding}"` });
  }
  const supported = [...variants.keys()];

  return {
    /** The copy the client's Accept-Encoding prefers, else the plain file. */
    select(acceptEncoding: string | undefined): Variant {
      const chosen = acceptEncoding ? negotiate(acceptEncoding, supported) : null;
      return (chosen && variants.get(chosen)) ?? identity;
    },
  };
}

/** Whether an If-None-Match header names this ETag (it may list several, or `*`). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === etag;
  });
}
