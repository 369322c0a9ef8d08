import { ASSET_CARD_TYPE_LABELS, LINEAGE_RELATION_LABELS, type AssetCardType, type AssetLineage } from '@aegis/contracts';

export type LineageNode = AssetLineage['nodes'][number];
export type LineageEdge = AssetLineage['edges'][number];

/** The diagram's columns, left to right, in the order data flows: datasets feed models, which systems use with components and services. */
export const LINEAGE_COLUMNS: readonly { title: string; types: readonly AssetCardType[] }[] = [
  { title: 'Datasets', types: ['dataset'] },
  { title: 'Models', types: ['model'] },
  { title: 'Components and services', types: ['software_component', 'third_party_service'] },
  { title: 'AI systems', types: ['ai_system'] },
];

/** The diagram's measures, in pixels. */
export const GEOMETRY = { columnWidth: 220, columnGap: 80, nodeHeight: 64, rowGap: 16, headerHeight: 32 } as const;

export type PlacedNode = LineageNode & { column: number; row: number; x: number; y: number };
export type PlacedColumn = { title: string; x: number };
export type LineageLayout = { columns: PlacedColumn[]; nodes: PlacedNode[]; width: number; height: number };

const byName = (a: LineageNode, b: LineageNode) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id);

/**
 * Where each card sits: in its type's column (empty columns are left out), ordered within it by the
 * rows of the cards it is built from (so that lines cross as little as a simple rule allows), then by name.
 */
export function layoutLineage(lineage: AssetLineage): LineageLayout {
  const { columnWidth, columnGap, nodeHeight, rowGap, headerHeight } = GEOMETRY;
  const used = LINEAGE_COLUMNS.filter((column) => lineage.nodes.some((node) => column.types.includes(node.asset_card_type)));
  const rowOf = new Map<string, number>();
  const nodes: PlacedNode[] = [];
  used.forEach((column, index) => {
    const members = lineage.nodes.filter((node) => column.types.includes(node.asset_card_type));
    // The mean row of the upstream cards already placed (earlier columns); none: after those that have one.
    const weight = (node: LineageNode) => {
      const rows = lineage.edges.filter((edge) => edge.to_id === node.id && rowOf.has(edge.from_id)).map((edge) => rowOf.get(edge.from_id)!);
      return rows.length ? rows.reduce((sum, row) => sum + row, 0) / rows.length : Number.POSITIVE_INFINITY;
    };
    const weights = new Map(members.map((node) => [node.id, weight(node)]));
    members.sort((a, b) => {
      const wa = weights.get(a.id)!;
      const wb = weights.get(b.id)!;
      return wa === wb ? byName(a, b) : wa < wb ? -1 : 1;
    });
    members.forEach((node, row) => {
      rowOf.set(node.id, row);
      nodes.push({ ...node, column: index, row, x: index * (columnWidth + columnGap), y: headerHeight + row * (nodeHeight + rowGap) });
    });
  });
  const rows = Math.max(0, ...nodes.map((node) => node.row + 1));
  return {
    columns: used.map((column, index) => ({ title: column.title, x: index * (columnWidth + columnGap) })),
    nodes,
    width: used.length ? used.length * columnWidth + (used.length - 1) * columnGap : 0,
    height: headerHeight + rows * nodeHeight + Math.max(0, rows - 1) * rowGap,
  };
}

/**
 * The SVG path of a link from `from` to `to`: from the right side of the upstream card to the left
 * side of the downstream one (under the cards between them when it skips a column); between cards of
 * one column, or backwards, a loop on their right.
 */
export function edgePath(from: PlacedNode, to: PlacedNode): string {
  const { columnWidth, nodeHeight, columnGap } = GEOMETRY;
  const y1 = from.y + nodeHeight / 2;
  const y2 = to.y + nodeHeight / 2;
  const x1 = from.x + columnWidth;
  if (to.column > from.column) {
    const x2 = to.x;
    const bend = (x2 - x1) / 2;
    // A link that skips a column dips under the cards it passes, into the gap below their row, so that it
    // never seems to run into a card in between (a model a system uses, past the services column).
    const dip = to.column > from.column + 1 ? nodeHeight * 0.85 : 0;
    return `M ${x1} ${y1} C ${x1 + bend} ${y1 + dip}, ${x2 - bend} ${y2 + dip}, ${x2} ${y2}`;
  }
  const x2 = to.x + columnWidth;
  const reach = Math.max(x1, x2) + columnGap / 2;
  return `M ${x1} ${y1} C ${reach} ${y1}, ${reach} ${y2}, ${x2} ${y2}`;
}

/** "dataset", "AI system": a type as a word within a sentence. */
export const typeWord = (type: AssetCardType) => ASSET_CARD_TYPE_LABELS[type].toLowerCase().replace(/^ai /, 'AI ');

/** One link in words, read from the downstream card: "Credit scoring model" "trained on" "Loan applications". */
export function edgeSentence(edge: LineageEdge, nodes: ReadonlyMap<string, LineageNode>): { from: LineageNode; to: LineageNode; relation: string } | null {
  const from = nodes.get(edge.from_id);
  const to = nodes.get(edge.to_id);
  if (!from || !to) return null;
  return { from, to, relation: LINEAGE_RELATION_LABELS[edge.relation].toLowerCase() };
}

/** What the diagram shows, in one sentence: "4 cards (1 dataset, 2 models, 1 AI system) and 3 links." */
export function lineageSummary(lineage: AssetLineage): string {
  const counts = new Map<AssetCardType, number>();
  for (const node of lineage.nodes) counts.set(node.asset_card_type, (counts.get(node.asset_card_type) ?? 0) + 1);
  const parts = LINEAGE_COLUMNS.flatMap((column) => column.types)
    .filter((type) => counts.has(type))
    .map((type) => {
      const n = counts.get(type)!;
      return `${n} ${typeWord(type)}${n === 1 ? '' : 's'}`;
    });
  const cards = `${lineage.nodes.length} ${lineage.nodes.length === 1 ? 'card' : 'cards'}`;
  const links = `${lineage.edges.length} ${lineage.edges.length === 1 ? 'link' : 'links'}`;
  return `${cards}${parts.length ? ` (${parts.join(', ')})` : ''} and ${links}.`;
}
