import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { AssetCardListItem } from '@aegis/contracts';
import { NeedsAttentionMarker } from '../../../components/needs-attention-marker';
import { PeopleNames } from '../../../components/people-names';
import { StatusChip } from '../../../components/status-chip';
import { SortableHeaderCell, type ListSort } from '../../../components/table-header-cells';
import type { BackLinkState } from '../../../lib/project-paths';
import { assetDetailPath } from '../asset-paths';
import type { AssetCardSort } from '../asset-list-params';
import { AssetNatureChip, AssetTypeLabel } from './asset-type-icon';

export type AssetListSort = ListSort<AssetCardSort>;

type Props = {
  projectId: string;
  cards: AssetCardListItem[];
  sort: AssetListSort;
  onSort: (sort: AssetListSort) => void;
  /** Where a card's page leads back to: this list with its filters. */
  back: NonNullable<BackLinkState['back']>;
  labelledBy: string;
};

const HEADERS: { label: string; field?: AssetCardSort; width?: number }[] = [
  { label: 'Name', field: 'name' },
  { label: 'Type', field: 'asset_card_type', width: 190 },
  { label: 'Nature', field: 'asset_card_nature', width: 130 },
  { label: 'Status', field: 'status', width: 128 },
  { label: 'Version', width: 96 },
  { label: 'Lineage', width: 120 },
  { label: 'Owner', width: 150 },
];
const MIN_TABLE_WIDTH = HEADERS.reduce((sum, { width }) => sum + (width ?? 260), 0);

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The project's asset cards, one row each: type, nature, status, version, lineage counts and owner. Wider than the screen, it scrolls in its card. */
export function AssetCardsTable({ projectId, cards, sort, onSort, back, labelledBy }: Props) {
  return (
    <TableContainer>
      <Table aria-labelledby={labelledBy} size="small" sx={{ minWidth: MIN_TABLE_WIDTH, tableLayout: 'fixed', '& td, & th': { verticalAlign: 'top', px: 1 } }}>
        <TableHead>
          <TableRow>
            {HEADERS.map(({ label, field, width }) =>
              field ? <SortableHeaderCell key={label} label={label} field={field} sort={sort} onSort={onSort} sx={{ width }} /> : <TableCell key={label} sx={{ width }}>{label}</TableCell>,
            )}
          </TableRow>
        </TableHead>
        <TableBody>
          {cards.map((card) => (
            <TableRow key={card.id} hover>
              <TableCell component="th" scope="row">
                <Link component={RouterLink} to={assetDetailPath(projectId, card.id)} state={{ back } satisfies BackLinkState} sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                  {card.name}
                </Link>
                {card.license && (
                  <Typography variant="body2" color="text.secondary">
                    Licence: {card.license}
                  </Typography>
                )}
                {card.needs_attention && <NeedsAttentionMarker />}
              </TableCell>
              <TableCell>
                <AssetTypeLabel type={card.asset_card_type} />
              </TableCell>
              <TableCell>
                <AssetNatureChip nature={card.asset_card_nature} />
              </TableCell>
              <TableCell>
                <StatusChip status={card.status} />
              </TableCell>
              <TableCell>
                <Typography variant="body2" color={card.version ? undefined : 'text.secondary'} sx={{ overflowWrap: 'anywhere' }}>
                  {card.version ?? '—'}
                </Typography>
              </TableCell>
              <TableCell>
                <Typography variant="body2">{plural(card.upstream_count, 'source', 'sources')}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {plural(card.downstream_count, 'use', 'uses')}
                </Typography>
              </TableCell>
              <TableCell>
                <Box sx={{ minWidth: 0 }}>
                  <PeopleNames people={card.owner ? [card.owner] : []} empty="No owner" max={1} oneLine />
                </Box>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
