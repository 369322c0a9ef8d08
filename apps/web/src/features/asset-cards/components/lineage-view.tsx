import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { Link as RouterLink } from 'react-router';
import { LINEAGE_RELATION_LABELS, LINEAGE_RELATIONS, WORK_ITEM_STATUS_LABELS, type AssetLineage, type LineageRelation } from '@aegis/contracts';
import { visuallyHidden } from '../../../components/visually-hidden';
import { assetDetailPath } from '../asset-paths';
import { edgePath, edgeSentence, GEOMETRY, layoutLineage, lineageSummary, typeWord, type LineageNode } from '../lineage-layout';
import { AssetTypeIcon } from './asset-type-icon';

/** Past this many cards the diagram would be a wall of boxes: the words alone say the links. */
export const MAX_DIAGRAM_CARDS = 150;
/** How many unlinked cards the list names before counting the rest. */
const MAX_ALONE_NAMED = 20;

/** How each relation's line is drawn (besides its words in the list): solid, dashed, dotted. */
const DASHES: Record<LineageRelation, string | undefined> = { trained_on: undefined, evaluated_on: '6 4', uses: undefined, depends_on: '2 4' };

type Props = {
  projectId: string;
  lineage: AssetLineage;
  /** The card whose page shows the view: outlined, and not a link to itself. */
  currentId?: string;
};

function Diagram({ projectId, lineage, currentId, describedBy }: Props & { describedBy: string }) {
  const theme = useTheme();
  const layout = layoutLineage(lineage);
  const placed = new Map(layout.nodes.map((node) => [node.id, node]));
  const [focused, setFocused] = useState<string | null>(null);
  const markerId = `${useId().replace(/:/g, '')}-arrow`;
  const { columnWidth, nodeHeight } = GEOMETRY;
  const links = (id: string) => lineage.edges.filter((edge) => edge.from_id === id || edge.to_id === id).length;
  const label = (node: LineageNode) => {
    const upstream = lineage.edges.filter((edge) => edge.to_id === node.id).length;
    const downstream = lineage.edges.filter((edge) => edge.from_id === node.id).length;
    return `${node.name}, ${typeWord(node.asset_card_type)}, ${WORK_ITEM_STATUS_LABELS[node.status].toLowerCase()}: built from ${upstream}, used by ${downstream}`;
  };

  return (
    // The diagram scrolls sideways on a narrow screen; its cards are links, so the keyboard reaches every part of it.
    <Box sx={{ overflowX: 'auto', pb: 1 }} aria-describedby={describedBy} role="group" aria-label="Lineage diagram">
      <Box sx={{ position: 'relative', width: layout.width + 24, height: layout.height + 8, minWidth: '100%' }}>
        {layout.columns.map((column) => (
          <Typography key={column.title} variant="overline" component="p" color="text.secondary" sx={{ position: 'absolute', left: column.x, top: 0, width: columnWidth, lineHeight: `${GEOMETRY.headerHeight - 8}px` }}>
            {column.title}
          </Typography>
        ))}
        <Box component="svg" aria-hidden width={layout.width + 24} height={layout.height + 8} sx={{ position: 'absolute', inset: 0, overflow: 'visible', pointerEvents: 'none' }}>
          <defs>
            <marker id={markerId} viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
              <path d="M 0 0 L 10 5 L 0 10 z" fill={theme.palette.text.secondary} />
            </marker>
          </defs>
          {lineage.edges.map((edge) => {
            const from = placed.get(edge.from_id);
            const to = placed.get(edge.to_id);
            if (!from || !to) return null;
            const lit = focused !== null && (edge.from_id === focused || edge.to_id === focused);
            return (
              <path
                key={`${edge.from_id}-${edge.to_id}`}
                d={edgePath(from, to)}
                fill="none"
                stroke={lit ? theme.palette.primary.main : theme.palette.text.secondary}
                strokeOpacity={lit || focused === null ? 1 : 0.35}
                strokeWidth={lit ? 2.5 : 1.5}
                strokeDasharray={DASHES[edge.relation]}
                markerEnd={`url(#${markerId})`}
              />
            );
          })}
        </Box>
        {layout.nodes.map((node) => {
          const current = node.id === currentId;
          const box = {
            position: 'absolute',
            left: node.x,
            top: node.y,
            width: columnWidth,
            height: nodeHeight,
            display: 'flex',
            alignItems: 'center',
            gap: 1,
            px: 1.5,
            border: current ? 2 : 1,
            borderColor: current ? 'primary.main' : 'divider',
            borderRadius: 1,
            bgcolor: 'background.paper',
            color: 'text.primary',
            textDecoration: 'none',
            boxShadow: focused === node.id ? 3 : 0,
          } as const;
          const content = (
            <>
              <AssetTypeIcon type={node.asset_card_type} color={current ? 'primary' : 'action'} />
              <Box sx={{ minWidth: 0 }}>
                <Typography variant="body2" sx={{ fontWeight: 600, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} title={node.name}>
                  {node.name}
                </Typography>
                <Typography variant="caption" color="text.secondary" component="p" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                  {WORK_ITEM_STATUS_LABELS[node.status]}
                  {links(node.id) === 0 ? ' · not linked' : ''}
                </Typography>
              </Box>
            </>
          );
          return current ? (
            <Box key={node.id} sx={box} onMouseEnter={() => setFocused(node.id)} onMouseLeave={() => setFocused(null)}>
              {content}
              <Box component="span" sx={visuallyHidden}>
                (this card)
              </Box>
            </Box>
          ) : (
            <Link
              key={node.id}
              component={RouterLink}
              to={assetDetailPath(projectId, node.id)}
              aria-label={label(node)}
              onFocus={() => setFocused(node.id)}
              onBlur={() => setFocused(null)}
              onMouseEnter={() => setFocused(node.id)}
              onMouseLeave={() => setFocused(null)}
              sx={{ ...box, '&:hover': { borderColor: 'primary.main' } }}
            >
              {content}
            </Link>
          );
        })}
      </Box>
    </Box>
  );
}

function Legend() {
  const theme = useTheme();
  return (
    <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', columnGap: 2, rowGap: 0.5, mt: 1 }} aria-hidden>
      {LINEAGE_RELATIONS.filter((relation) => relation !== 'uses').map((relation) => (
        <Box key={relation} sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
          <svg width="28" height="8">
            <line x1="0" y1="4" x2="28" y2="4" stroke={theme.palette.text.secondary} strokeWidth="1.5" strokeDasharray={DASHES[relation]} />
          </svg>
          <Typography variant="caption" color="text.secondary">
            {relation === 'trained_on' ? 'Trained on, uses' : LINEAGE_RELATION_LABELS[relation]}
          </Typography>
        </Box>
      ))}
    </Stack>
  );
}

/** The links in words: the diagram's text alternative, and the quickest read for everyone. */
export function LineageList({ projectId, lineage, currentId, id }: Props & { id?: string }) {
  const nodes = new Map(lineage.nodes.map((node) => [node.id, node]));
  const sentences = lineage.edges.map((edge) => edgeSentence(edge, nodes)).filter((sentence) => sentence !== null);
  const alone = lineage.nodes.filter((node) => !lineage.edges.some((edge) => edge.from_id === node.id || edge.to_id === node.id));
  const cardLink = (node: LineageNode) =>
    node.id === currentId ? (
      <strong>{node.name}</strong>
    ) : (
      <Link component={RouterLink} to={assetDetailPath(projectId, node.id)} sx={{ fontWeight: 600 }}>
        {node.name}
      </Link>
    );
  return (
    <Box id={id}>
      <Typography variant="subtitle2" component="h4" sx={{ mb: 0.5 }}>
        Links in words
      </Typography>
      {sentences.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No card is built from another yet: on a model’s card, name the datasets it was trained on; on a system’s, the models it uses.
        </Typography>
      ) : (
        <Box component="ul" aria-label="Lineage links" sx={{ m: 0, pl: 2.5 }}>
          {sentences.map(({ from, to, relation }) => (
            <Typography component="li" variant="body2" key={`${from.id}-${to.id}`} sx={{ py: 0.25, overflowWrap: 'anywhere' }}>
              {cardLink(to)} ({typeWord(to.asset_card_type)}) {relation} {cardLink(from)} ({typeWord(from.asset_card_type)})
            </Typography>
          ))}
        </Box>
      )}
      {alone.length > 0 && sentences.length > 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          Not linked to any other card: {alone.slice(0, MAX_ALONE_NAMED).map((node) => node.name).join(', ')}
          {alone.length > MAX_ALONE_NAMED ? ` and ${alone.length - MAX_ALONE_NAMED} more` : ''}.
        </Typography>
      )}
    </Box>
  );
}

/**
 * How the project's datasets, models, components and systems connect: a diagram (a column per kind,
 * each card a link to its page, lines from what a card is built from to it) and the same links in words,
 * which screen readers and anyone who prefers text read instead.
 */
export function LineageView({ projectId, lineage, currentId }: Props) {
  const summaryId = useId();
  const listId = useId();
  if (lineage.nodes.length === 0) return null;
  return (
    <Box component="figure" aria-labelledby={summaryId} sx={{ m: 0 }}>
      <Typography id={summaryId} component="figcaption" variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {lineageSummary(lineage)} Each arrow points from a card to the one built from it; the same links are listed in words below.
      </Typography>
      {lineage.nodes.length <= MAX_DIAGRAM_CARDS ? (
        <>
          <Diagram projectId={projectId} lineage={lineage} currentId={currentId} describedBy={listId} />
          {lineage.edges.length > 0 && <Legend />}
        </>
      ) : (
        <Typography variant="body2" color="text.secondary">
          The diagram draws up to {MAX_DIAGRAM_CARDS} cards; with {lineage.nodes.length}, the links are listed in words only. Each card’s page draws its own part of the lineage.
        </Typography>
      )}
      <Box sx={{ mt: 2 }}>
        <LineageList projectId={projectId} lineage={lineage} currentId={currentId} id={listId} />
      </Box>
    </Box>
  );
}
