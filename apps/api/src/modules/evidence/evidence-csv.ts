import type { Deps } from '../../deps';
import { attachment } from '../../lib/attachment';
import { csvOf } from '../../lib/csv';
import { notFound } from '../../lib/errors';
import type { RequestContext } from '../../plugins/auth';
import { indexRows, projectName, type IndexRow } from './evidence-index-repository';
import { iso } from './sql-helpers';

export const EVIDENCE_CSV_HEADER = ['Name', 'Version', 'File', 'Size (bytes)', 'SHA-256', 'Uploaded (UTC)', 'Controls', 'Risks'] as const;

const line = (row: IndexRow) => [row.name, row.version, row.file_name, Number(row.size), row.sha256, iso(row.uploaded_at), row.controls, row.risks];

/** The project's evidence index as CSV (RFC 4180, formula-safe cells): every version a row, with its hash and the current links. */
export async function evidenceIndexCsv(deps: Pick<Deps, 'db'>, ctx: RequestContext, projectId: string) {
  const organizationId = ctx.organizationId!;
  const name = await projectName(deps.db, organizationId, projectId);
  if (name === undefined) throw notFound('Project');
  const rows = await indexRows(deps.db, organizationId, projectId);
  return { body: csvOf([EVIDENCE_CSV_HEADER, ...rows.map(line)]), disposition: attachment(`${name} - evidence index`, 'csv', 'evidence-index') };
}
