import { useState, type FormEvent, type KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { fieldErrorsFromApiError } from '../../../components/field-errors';
import { visuallyHidden } from '../../../components/visually-hidden';
import { createCommentSchema, useCreateComment } from '../api/create-comment';
import { useCommentDraft } from '../comment-draft';
import type { CommentTarget } from '../api/list-comments';

/** The contract's limit on a comment's (trimmed) body. */
export const COMMENT_MAX_LENGTH = 5000;

/** Writes a comment; Ctrl+Enter (Cmd+Enter on a Mac) posts it as the button does. */
export function CommentForm({ target }: { target: CommentTarget }) {
  // Kept on this device until posted: a session ending elsewhere does not lose it.
  const [body, setBody, clearDraft] = useCommentDraft(target);
  const [error, setError] = useState<string>();
  const [posted, setPosted] = useState(0);
  const create = useCreateComment(target);
  const length = body.trim().length;
  const tooLong = length > COMMENT_MAX_LENGTH;

  const post = async () => {
    if (create.isPending) return;
    const parsed = createCommentSchema.safeParse({ body });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    try {
      await create.mutateAsync(parsed.data);
      clearDraft();
      setPosted((count) => count + 1);
    } catch (failure) {
      // The API client has shown the notice; a 422 also puts its message under the field. The text stays to send again.
      setError(fieldErrorsFromApiError(failure).body ?? 'Your comment was not posted. It is still here to send again.');
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void post();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey)) return;
    event.preventDefault();
    if (length > 0 && !tooLong) void post();
  };

  return (
    <Box component="form" onSubmit={submit} noValidate aria-label="Add a comment">
      <Stack spacing={1}>
        <TextField
          name="body"
          label="Your comment"
          value={body}
          onChange={(event) => {
            setBody(event.target.value);
            if (error) setError(undefined);
          }}
          onKeyDown={onKeyDown}
          error={Boolean(error) || tooLong}
          helperText={
            <Box component="span" sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
              <span>{error ?? (tooLong ? `A comment holds at most ${COMMENT_MAX_LENGTH} characters` : 'Ctrl+Enter (⌘+Enter on a Mac) posts it.')}</span>
              <Box component="span" sx={{ flexShrink: 0, fontVariantNumeric: 'tabular-nums' }}>
                {length} / {COMMENT_MAX_LENGTH}
              </Box>
            </Box>
          }
          multiline
          minRows={3}
          fullWidth
        />
        <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button type="submit" variant="contained" disabled={length === 0 || tooLong} loading={create.isPending}>
            Post comment
          </Button>
        </Box>
      </Stack>
      <Box role="status" sx={visuallyHidden}>
        {posted > 0 ? 'Comment posted' : ''}
      </Box>
    </Box>
  );
}
