import { ASSET_CARD_NATURE_LABELS, ASSET_CARD_TYPE_LABELS, ASSET_CARD_TYPES, LINEAGE_RELATION_LABELS, WORK_ITEM_STATUS_LABELS } from '@aegis/contracts';
import type { ExportSection } from '../projects/export/report-section';
import { count, leftOutNote } from '../projects/export/report-format';
import { assetCardLinkRepository } from './asset-card-link-repository';
import { assetCardRepository } from './asset-card-repository';

/** Cards listed in the report at most, and lineage links (the Assets tab holds them all). */
const MAX_ROWS = 500;

const columns = [
  { title: 'Asset', width: '28%' },
  { title: 'Type', width: '16%' },
  { title: 'Nature', width: '12%' },
  { title: 'Version', width: '10%' },
  { title: 'Owner', width: '14%' },
  { title: 'Licence', width: '10%' },
  { title: 'Status', width: '10%' },
];

/** The inventory of the project's models, datasets and systems with their key facts, then how they connect. Left out when the project has no cards. */
export const assetCardsSection: ExportSection = {
  key: 'asset_cards',
  right: 'asset_cards:read',
  async build({ deps, ctx, projectId }) {
    const organizationId = ctx.organizationId!;
    const { rows, total } = await assetCardRepository.inventory(deps.db, organizationId, projectId, MAX_ROWS);
    if (total === 0) return null;
    const { nodes, edges } = await assetCardLinkRepository.graph(deps.db, organizationId, projectId);
    const nameOf = new Map(nodes.map((n) => [n.id, n.name]));
    const byType = ASSET_CARD_TYPES.map((type) => [type, nodes.filter((n) => n.asset_card_type === type).length] as const)
      .filter(([, n]) => n > 0)
      .map(([type, n]) => `${count(n)} ${ASSET_CARD_TYPE_LABELS[type].toLowerCase()}${n === 1 ? '' : 's'}`)
      .join(', ');
    const shownEdges = edges.slice(0, MAX_ROWS);
    return {
      title: 'Asset inventory',
      intro:
        `${count(total)} ${total === 1 ? 'asset is' : 'assets are'} documented: ${byType}. Each card records what the asset is for, where it comes from and its limits; ` +
        'the lineage below shows which datasets each model was built from and which models each system uses.',
      blocks: [
        {
          kind: 'table',
          columns,
          rows: rows.map((row) => [
            row.name,
            ASSET_CARD_TYPE_LABELS[row.asset_card_type],
            ASSET_CARD_NATURE_LABELS[row.asset_card_nature],
            row.version ?? '—',
            row.owner ?? '—',
            row.license ?? '—',
            WORK_ITEM_STATUS_LABELS[row.status],
          ]),
        },
        ...leftOutNote(rows.length, total, { which: 'first', things: 'assets by type and name', rest: 'other assets', where: 'the Assets tab' }),
        { kind: 'paragraph', text: `Lineage: ${count(edges.length)} ${edges.length === 1 ? 'link' : 'links'} between these assets, each from the asset built into to the one it is built from.` },
        ...(edges.length === 0
          ? [{ kind: 'empty' as const, text: 'No lineage is recorded between these assets.' }]
          : [
              {
                kind: 'table' as const,
                columns: [
                  { title: 'Built into', width: '40%' },
                  { title: 'How', width: '20%' },
                  { title: 'From', width: '40%' },
                ],
                rows: shownEdges.map((e) => [nameOf.get(e.to_id) ?? '', LINEAGE_RELATION_LABELS[e.relation], nameOf.get(e.from_id) ?? '']),
              },
              ...leftOutNote(shownEdges.length, edges.length, { which: 'first', things: 'lineage links', rest: 'other links', where: 'the Assets tab' }),
            ]),
      ],
    };
  },
};
