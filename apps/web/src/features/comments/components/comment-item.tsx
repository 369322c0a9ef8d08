import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Comment } from '@aegis/contracts';
import { formatDateTime } from '../../../lib/format';

/** One comment: who wrote it and when, then the text as written (plain text, line breaks kept). */
export function CommentItem({ comment }: { comment: Comment }) {
  const author = comment.author?.name.trim() || comment.author?.email || 'Former member';
  return (
    <Box component="article" aria-label={`Comment by ${author}`} sx={{ py: 1.5 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1, alignItems: 'baseline' }}>
        <Typography component="span" sx={{ fontWeight: 600 }}>
          {author}
        </Typography>
        <Typography component="time" variant="body2" color="text.secondary" dateTime={comment.created_at}>
          {formatDateTime(comment.created_at)}
        </Typography>
      </Box>
      <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', mt: 0.5 }}>{comment.body}</Typography>
    </Box>
  );
}
