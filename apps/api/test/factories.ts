import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { OrganizationRole } from '@aegis/contracts';
import { organizations } from '../src/db/schema';
import { minimalPdf } from '../src/demo/seed-evidence';
import { randomSecret, sha256 } from '../src/lib/crypto';
import { membershipRepository } from '../src/modules/organizations/membership-repository';
import type { TestApp } from './helper';

export const uniqueEmail = (prefix = 'user') => `${prefix}-${randomBytes(4).toString('hex')}@example.test`;

export async function organizationId(t: TestApp, name: string): Promise<string> {
  const [row] = await t.db.select().from(organizations).where(eq(organizations.name, name));
  return row!.id;
}

/** A pending invitation; returns the sign-up token the invitation link would carry. */
export async function createInvitation(
  t: TestApp,
  opts: { email?: string; organization?: string; role?: OrganizationRole; expiresInMs?: number; status?: 'pending' | 'cancelled' } = {},
) {
  const token = randomSecret(24);
  const email = opts.email ?? uniqueEmail('invitee');
  const invitation = await membershipRepository.insertInvitation(t.db, {
    organizationId: await organizationId(t, opts.organization ?? 'Demo Organization'),
    email,
    role: opts.role ?? 'member',
    tokenHash: sha256(token),
    status: opts.status ?? 'pending',
    expiresAt: new Date(t.clock.now().getTime() + (opts.expiresInMs ?? 7 * 24 * 3600_000)),
  });
  return { token, email, invitation };
}

/** A multipart/form-data body with one file part, as a browser's upload sends it. */
export function multipartFile(content: string | Buffer, options: { field?: string; filename?: string; contentType?: string } = {}) {
  const boundary = `----aegis${randomBytes(8).toString('hex')}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${options.field ?? 'file'}"; filename="${options.filename ?? 'template.json'}"\r\nContent-Type: ${options.contentType ?? 'application/json'}\r\n\r\n`;
  const payload = Buffer.concat([Buffer.from(head), Buffer.isBuffer(content) ? content : Buffer.from(content), Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A small valid framework template: two sections, requirements mapped to MFF-1 and to a control of its own. */
export function sampleTemplate(code = `POLICY_${randomBytes(3).toString('hex').toUpperCase()}`, overrides: Record<string, unknown> = {}) {
  return {
    framework_code: code,
    name: `Internal AI policy ${code}`,
    version: '2026.1',
    publisher: 'Demo Organization',
    project_types: ['ai_application'],
    controls: [{ code: `${code}.C1`, title: 'Model cards are published internally' }],
    requirements: [
      {
        code: 'P1',
        title: 'Accountability',
        children: [
          { code: 'P1.1', title: 'Every AI system has a named owner', controls: ['MFF-1.GOV.01'] },
          { code: 'P1.2', title: 'Model cards exist', controls: [{ code: `${code}.C1`, relationship: 'equal' }, { code: 'MFF-1.DOC.01', relationship: 'intersect', rationale: 'Technical documentation covers part of it' }] },
        ],
      },
    ],
    ...overrides,
  };
}

type Inject = ReturnType<TestApp['as']>;

/** Uploads a file as evidence of the project (POST …/evidence, multipart part `file`); answers the raw response. */
export function uploadEvidence(
  as: Inject,
  projectId: string,
  content: string | Buffer,
  options: { filename?: string; contentType?: string; field?: string; query?: Record<string, string>; evidenceId?: string } = {},
) {
  const query = new URLSearchParams(options.query ?? {}).toString();
  const path = options.evidenceId ? `/api/projects/${projectId}/evidence/${options.evidenceId}/versions` : `/api/projects/${projectId}/evidence`;
  return as({
    method: 'POST',
    url: `${path}${query ? `?${query}` : ''}`,
    ...multipartFile(content, { filename: options.filename ?? 'evidence.txt', contentType: options.contentType ?? 'text/plain', field: options.field }),
  });
}

/** A tiny valid PDF with one line of text (uncompressed, so that its words can be found in its bytes). */
export const tinyPdf = (text = 'Bias test report') => minimalPdf([text]);

/** Imports a card file into the project (POST …/asset_cards/import, multipart part `file`); answers the raw response. */
export function importAssetCard(
  as: Inject,
  projectId: string,
  content: string | Buffer,
  options: { filename?: string; contentType?: string; field?: string; query?: Record<string, string> } = {},
) {
  const query = new URLSearchParams(options.query ?? {}).toString();
  return as({
    method: 'POST',
    url: `/api/projects/${projectId}/asset_cards/import${query ? `?${query}` : ''}`,
    ...multipartFile(content, { filename: options.filename ?? 'README.md', contentType: options.contentType ?? 'text/markdown', field: options.field }),
  });
}
