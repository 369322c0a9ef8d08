import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { DEFAULT_PAGE_SIZE, type Tag } from '@aegis/contracts';
import { ListPagination } from '../../../components/list-pagination';
import { visuallyHidden } from '../../../components/visually-hidden';
import { formatDate } from '../../../lib/format';
import { useTags } from '../api/list-tags';
import { DeleteTagDialog } from './delete-tag-dialog';
import { TagChip } from './tag-chip';
import { TagDialog, type TagDialogSubject } from './tag-dialog';
import { RetryAlert } from '../../../components/retry-alert';

type Props = {
  organizationId: string;
  /** organizations:update: add, rename, recolour and delete; everyone else reads. */
  canEdit: boolean;
};

/** The organization's tags: every member sees them, admins maintain them. */
export function TagTaxonomy({ organizationId, canEdit }: Props) {
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(DEFAULT_PAGE_SIZE);
  const [editing, setEditing] = useState<TagDialogSubject | null>(null);
  const [deleting, setDeleting] = useState<Tag | null>(null);
  const tags = useTags(organizationId, { page, size });

  return (
    <Box component="section" aria-labelledby="tags-title">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2, justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
        <Box>
          <Typography id="tags-title" variant="h6" component="h3">
            Tags
          </Typography>
          <Typography color="text.secondary">
            {canEdit
              ? 'The labels your organization puts on controls, risks and evidence.'
              : 'The labels your organization puts on controls, risks and evidence. Only organization admins can change them.'}
          </Typography>
        </Box>
        {canEdit && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')} sx={{ flexShrink: 0 }}>
            Add tag
          </Button>
        )}
      </Stack>

      <Paper variant="outlined">
        {(tags.isPending || tags.isFetching) && <LinearProgress aria-label="Loading tags" />}
        {tags.isError && (
          <RetryAlert onRetry={() => void tags.refetch()}>
            The tags could not be loaded.
          </RetryAlert>
        )}
        {tags.data && tags.data.total === 0 && (
          <Typography sx={{ p: 4, textAlign: 'center' }} color="text.secondary">
            No tags yet. Tags label controls, risks and evidence across projects.
          </Typography>
        )}
        {tags.data && tags.data.total > 0 && (
          <TableContainer>
            <Table aria-labelledby="tags-title">
              <TableHead>
                <TableRow>
                  <TableCell>Tag</TableCell>
                  <TableCell>Colour</TableCell>
                  <TableCell>Created</TableCell>
                  {canEdit && (
                    <TableCell align="right">
                      <Box component="span" sx={visuallyHidden}>
                        Actions
                      </Box>
                    </TableCell>
                  )}
                </TableRow>
              </TableHead>
              <TableBody>
                {tags.data.items.map((tag) => (
                  <TableRow key={tag.tag_id} hover>
                    <TableCell component="th" scope="row">
                      <TagChip name={tag.name} colour={tag.color} />
                    </TableCell>
                    <TableCell>
                      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                        <Box aria-hidden sx={{ width: 16, height: 16, borderRadius: 0.5, bgcolor: tag.color, border: 1, borderColor: 'divider' }} />
                        <Typography component="span" sx={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace' }}>
                          {tag.color}
                        </Typography>
                      </Stack>
                    </TableCell>
                    <TableCell>{formatDate(tag.created_at)}</TableCell>
                    {canEdit && (
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                        <IconButton aria-label={`Edit tag ${tag.name}`} onClick={() => setEditing(tag)}>
                          <EditOutlinedIcon />
                        </IconButton>
                        <IconButton aria-label={`Delete tag ${tag.name}`} onClick={() => setDeleting(tag)}>
                          <DeleteOutlinedIcon />
                        </IconButton>
                      </TableCell>
                    )}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            <ListPagination
              total={tags.data.total}
              page={page}
              size={size}
              onChange={(nextPage, nextSize) => {
                setPage(nextPage);
                setSize(nextSize);
              }}
            />
          </TableContainer>
        )}
      </Paper>

      {canEdit && (
        <>
          <TagDialog organizationId={organizationId} subject={editing} onClose={() => setEditing(null)} />
          <DeleteTagDialog organizationId={organizationId} tag={deleting} onClose={() => setDeleting(null)} />
        </>
      )}
    </Box>
  );
}
