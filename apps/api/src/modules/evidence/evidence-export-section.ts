import { WORK_ITEM_STATUS_LABELS } from '@aegis/contracts';
import { displayDate } from '../../lib/display-date';
import type { ExportSection } from '../projects/export/report-section';
import { count, leftOutNote } from '../projects/export/report-format';
import { indexCounts, indexRows } from './evidence-index-repository';

/** A hash in groups of eight: the table wraps it between groups, never inside one (a hyphen would corrupt it). */
const grouped = (sha256: string) => sha256.match(/.{1,8}/g)!.join(' ');

/** Versions listed in the report at most (the CSV index holds them all). */
const MAX_ROWS = 500;

const columns = [
  { title: 'Evidence', width: '26%' },
  { title: 'Version', width: '20%' },
  { title: 'SHA-256', width: '34%' },
  { title: 'Linked controls', width: '20%' },
];

/** The evidence index: every version of every file with its SHA-256 and the controls it supports. Left out when the project has no evidence. */
export const evidenceSection: ExportSection = {
  key: 'evidence',
  right: 'evidences:read',
  async build({ deps, ctx, projectId }) {
    const organizationId = ctx.organizationId!;
    const totals = await indexCounts(deps.db, organizationId, projectId);
    if (totals.evidences === 0) return null;
    const rows = await indexRows(deps.db, organizationId, projectId, MAX_ROWS);
    return {
      title: 'Evidence index',
      intro:
        `${count(totals.evidences)} evidence ${totals.evidences === 1 ? 'file is' : 'files are'} stored, in ${count(totals.versions)} ${totals.versions === 1 ? 'version' : 'versions'}. ` +
        'Each version is listed with the SHA-256 of its bytes: a copy whose hash matches is the file that was uploaded, unchanged.',
      blocks: [
        {
          kind: 'table',
          columns,
          rows: rows.map((row) => [
            `${row.name} · ${WORK_ITEM_STATUS_LABELS[row.status]}`,
            `v${row.version}${row.current ? ' (current)' : ''} · ${row.file_name} · ${displayDate(row.uploaded_at)}`,
            grouped(row.sha256),
            row.controls ?? '—',
          ]),
        },
        ...leftOutNote(rows.length, totals.versions, { which: 'first', things: 'versions by evidence name', rest: 'other versions', where: 'the Evidence tab (and its CSV index)' }),
      ],
    };
  },
};
