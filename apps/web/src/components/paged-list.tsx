import type { ReactNode } from 'react';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Page } from '@aegis/contracts';
import { ListPagination } from './list-pagination';
import { RetryAlert } from './retry-alert';
import type { Paging } from './use-list-state';

type Props<T> = {
  query: UseQueryResult<Page<T>>;
  paging: Pick<Paging, 'page' | 'size' | 'setPaging'>;
  /** Names the progress bar, e.g. "Loading users". */
  loadingLabel: string;
  /** Says what failed, e.g. "The users could not be loaded."; a Retry button follows it. */
  errorText: string;
  /** What an empty list shows: usually an EmptyListText. */
  empty: ReactNode;
  /** The page's items, as a table or a list; paging follows below it. */
  children: (items: T[]) => ReactNode;
};

/**
 * A server-side list in its card: a progress bar while it loads or refreshes, the failure with a
 * Retry, what stands in for no items, or the items with their paging.
 */
export function PagedList<T>({ query, paging, loadingLabel, errorText, empty, children }: Props<T>) {
  const { data } = query;
  return (
    <Paper variant="outlined">
      {(query.isPending || query.isFetching) && <LinearProgress aria-label={loadingLabel} />}
      {query.isError && <RetryAlert onRetry={() => void query.refetch()}>{errorText}</RetryAlert>}
      {data && data.total === 0 && empty}
      {data && data.total > 0 && (
        <>
          {children(data.items)}
          <ListPagination total={data.total} page={paging.page} size={paging.size} onChange={paging.setPaging} />
        </>
      )}
    </Paper>
  );
}

/** The centred line an empty list shows. */
export function EmptyListText({ children }: { children: ReactNode }) {
  return (
    <Typography sx={{ p: 4, textAlign: 'center' }} color="text.secondary">
      {children}
    </Typography>
  );
}
