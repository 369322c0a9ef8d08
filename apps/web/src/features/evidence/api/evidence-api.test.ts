import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COALESCE_MS, liveInvalidation } from '../../../lib/live-invalidation';
import { projectKey } from '../../../lib/query-keys';
import { readEvidenceListParams } from '../evidence-list-params';
import { evidenceDownloadPath, evidenceQueryKeys } from './evidence-api';

const PROJECT = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';
const EVIDENCE = '33333333-3333-4333-8333-333333333333';

afterEach(() => vi.useRealTimers());

describe('evidenceQueryKeys', () => {
  it('sit under the project’s key, so that leaving or deleting the project drops them', () => {
    const all = evidenceQueryKeys.all(PROJECT);
    expect(all).toEqual([...projectKey(PROJECT), 'evidence']);
    for (const key of [
      evidenceQueryKeys.list(PROJECT, readEvidenceListParams(new URLSearchParams())),
      evidenceQueryKeys.light(PROJECT, 'audit'),
      evidenceQueryKeys.fileTypes(PROJECT),
      evidenceQueryKeys.detail(PROJECT, EVIDENCE),
      evidenceQueryKeys.control(PROJECT, 'MFF-1.RSK.01'),
      evidenceQueryKeys.risk(PROJECT, EVIDENCE),
    ]) {
      expect(key.slice(0, all.length)).toEqual(all);
    }
  });

  it('are refreshed when the live stream says someone else changed evidence in the project (and only that project’s)', async () => {
    vi.useFakeTimers();
    const client = new QueryClient();
    const mine = evidenceQueryKeys.detail(PROJECT, EVIDENCE);
    const list = evidenceQueryKeys.list(PROJECT, readEvidenceListParams(new URLSearchParams('file_type=pdf')));
    const theirs = evidenceQueryKeys.detail(OTHER, EVIDENCE);
    for (const key of [mine, list, theirs]) client.setQueryData(key, { cached: true });
    liveInvalidation(client)({ type: 'changed', concept: 'evidence', project_id: PROJECT, object_id: EVIDENCE });
    await vi.advanceTimersByTimeAsync(COALESCE_MS + 1);
    expect(client.getQueryState(mine)?.isInvalidated).toBe(true);
    expect(client.getQueryState(list)?.isInvalidated).toBe(true);
    expect(client.getQueryState(theirs)?.isInvalidated).toBe(false);
    client.clear();
  });
});

describe('evidenceDownloadPath', () => {
  it('asks for the current file by default, a version or an inline preview when told', () => {
    const base = `/api/projects/${PROJECT}/evidence/${EVIDENCE}/download`;
    expect(evidenceDownloadPath(PROJECT, EVIDENCE)).toBe(base);
    expect(evidenceDownloadPath(PROJECT, EVIDENCE, { version: 2 })).toBe(`${base}?version=2`);
    expect(evidenceDownloadPath(PROJECT, EVIDENCE, { inline: true })).toBe(`${base}?inline=true`);
  });
});
