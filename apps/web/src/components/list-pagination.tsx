import TablePagination from '@mui/material/TablePagination';
import { DEFAULT_PAGE_SIZE } from '@aegis/contracts';

const SIZES = [DEFAULT_PAGE_SIZE, 25, 50];

type Props = {
  total: number;
  /** 1-based, as the API counts pages. */
  page: number;
  size: number;
  onChange: (page: number, size: number) => void;
};

/** Paging under a list, shown once the list outgrows the smallest page; a new page size starts at page 1. */
export function ListPagination({ total, page, size, onChange }: Props) {
  if (total <= SIZES[0]!) return null;
  return (
    <TablePagination
      component="div"
      count={total}
      page={page - 1}
      rowsPerPage={size}
      rowsPerPageOptions={SIZES}
      onPageChange={(_event, next) => onChange(next + 1, size)}
      onRowsPerPageChange={(event) => onChange(1, Number(event.target.value))}
      // On a phone the page size, the count and the arrows wrap rather than run off the card.
      sx={{ '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', justifyContent: 'flex-end' } }}
    />
  );
}
