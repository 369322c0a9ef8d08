import Box from '@mui/material/Box';
import TableCell from '@mui/material/TableCell';
import TableSortLabel from '@mui/material/TableSortLabel';
import type { SxProps, Theme } from '@mui/material/styles';
import { visuallyHidden } from './visually-hidden';

/** The order a server-side list is sorted by. */
export type ListSort<F extends string> = { by: F; descending: boolean };

type SortableProps<F extends string> = {
  label: string;
  field: F;
  sort: ListSort<F>;
  /** A column sorts ascending first; clicking the current one turns its direction around. */
  onSort: (sort: ListSort<F>) => void;
  colSpan?: number;
  rowSpan?: number;
  align?: 'center';
  /** E.g. a column that gives way on small screens. */
  sx?: SxProps<Theme>;
};

/** A column header that sorts the list; the current one says its direction to screen readers too. */
export function SortableHeaderCell<F extends string>({ label, field, sort, onSort, ...cell }: SortableProps<F>) {
  const active = sort.by === field;
  const direction = active && sort.descending ? 'desc' : 'asc';
  return (
    <TableCell {...cell} sortDirection={active ? direction : false}>
      <TableSortLabel active={active} direction={direction} onClick={() => onSort({ by: field, descending: active ? !sort.descending : false })}>
        {label}
        {active && (
          <Box component="span" sx={visuallyHidden}>
            {sort.descending ? ', sorted descending' : ', sorted ascending'}
          </Box>
        )}
      </TableSortLabel>
    </TableCell>
  );
}

/** The header over a row's buttons: named for screen readers, blank on screen. */
export function ActionsHeaderCell({ rowSpan }: { rowSpan?: number }) {
  return (
    <TableCell rowSpan={rowSpan} align="right">
      <Box component="span" sx={visuallyHidden}>
        Actions
      </Box>
    </TableCell>
  );
}
