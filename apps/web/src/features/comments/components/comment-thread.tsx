import { useEffect } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useComments } from '../api/list-comments';
import { CommentForm } from './comment-form';
import { CommentItem } from './comment-item';
import { RetryAlert } from '../../../components/retry-alert';

type Props = {
  projectId: string;
  /** The kind of project object the thread belongs to: project, risk, control… */
  objectType: string;
  objectId: string;
  /** comments:create on the project; without it the thread is read-only. */
  canComment: boolean;
  title?: string;
};

/** The comments on one project object, oldest first (the newest 50, earlier ones on request), and a form to add one. */
export function CommentThread({ projectId, objectType, objectId, canComment, title = 'Comments' }: Props) {
  const target = { projectId, objectType, objectId };
  const comments = useComments(target);
  // A comment moves to the next page as others are added: one shown twice is shown once.
  const items = [...new Map((comments.data?.pages ?? []).flatMap((page) => page.items).map((comment) => [comment.comment_id, comment])).values()];
  const total = comments.data?.pages.at(-1)?.total ?? 0;
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = comments;

  // After a refetch the newest comment may sit on a page after the ones loaded: the thread always ends with the newest.
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && !isFetchNextPageError) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);

  const headingId = `comments-${objectType}-${objectId}`;
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>

      {comments.isPending && <LinearProgress aria-label="Loading the comments" />}
      {comments.isError && items.length === 0 && (
        <RetryAlert onRetry={() => void comments.refetch()}>
          The comments could not be loaded.
        </RetryAlert>
      )}
      {comments.isSuccess && items.length === 0 && <Typography color="text.secondary">No comments yet</Typography>}

      {comments.hasPreviousPage && (
        <Button onClick={() => void comments.fetchPreviousPage()} loading={comments.isFetchingPreviousPage}>
          Show earlier comments ({total - items.length})
        </Button>
      )}
      {comments.isFetchPreviousPageError && <Alert severity="error">The earlier comments could not be loaded.</Alert>}
      {items.length > 0 && (
        <Box component="ol" aria-label={title} sx={{ listStyle: 'none', m: 0, p: 0, mb: 2 }}>
          {items.map((comment) => (
            <Box component="li" key={comment.comment_id} sx={{ borderBottom: 1, borderColor: 'divider', '&:last-of-type': { borderBottom: 0 } }}>
              <CommentItem comment={comment} />
            </Box>
          ))}
        </Box>
      )}

      {canComment ? (
        <CommentForm target={target} />
      ) : (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          Your role on this project lets you read the comments but not add any.
        </Typography>
      )}
    </Box>
  );
}
