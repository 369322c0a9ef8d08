import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
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
import type { Tag } from '@aegis/contracts';
import { EmptyListText, PagedList } from '../../../components/paged-list';
import { SectionHeading } from '../../../components/section-heading';
import { ActionsHeaderCell } from '../../../components/table-header-cells';
import { usePaging } from '../../../components/use-list-state';
import { formatDate } from '../../../lib/format';
import { useTags } from '../api/list-tags';
import { DeleteTagDialog } from './delete-tag-dialog';
import { TagChip } from '../../../components/tag-chip';
import { TagDialog, type TagDialogSubject } from './tag-dialog';

type Props = {
  organizationId: string;
  /** organizations:update: add, rename, recolour and delete; everyone else reads. */
  canEdit: boolean;
};

/** The organization's tags: every member sees them, admins maintain them. */
export function TagTaxonomy({ organizationId, canEdit }: Props) {
  const paging = usePaging();
  const [editing, setEditing] = useState<TagDialogSubject | null>(null);
  const [deleting, setDeleting] = useState<Tag | null>(null);
  const tags = useTags(organizationId, { page: paging.page, size: paging.size });

  return (
    <Box component="section" aria-labelledby="tags-title">
      <SectionHeading
        id="tags-title"
        level={3}
        title="Tags"
        description={
          canEdit
            ? 'The labels your organization puts on controls, risks and evidence.'
            : 'The labels your organization puts on controls, risks and evidence. Only organization admins can change them.'
        }
        action={
          canEdit && (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')} sx={{ flexShrink: 0 }}>
              Add tag
            </Button>
          )
        }
      />

      <PagedList
        query={tags}
        paging={paging}
        loadingLabel="Loading tags"
        errorText="The tags could not be loaded."
        empty={<EmptyListText>No tags yet. Tags label controls, risks and evidence across projects.</EmptyListText>}
      >
        {(items) => (
          <TableContainer>
            <Table aria-labelledby="tags-title">
              <TableHead>
                <TableRow>
                  <TableCell>Tag</TableCell>
                  <TableCell>Colour</TableCell>
                  <TableCell>Created</TableCell>
                  {canEdit && <ActionsHeaderCell />}
                </TableRow>
              </TableHead>
              <TableBody>
                {items.map((tag) => (
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
          </TableContainer>
        )}
      </PagedList>

      {canEdit && (
        <>
          <TagDialog organizationId={organizationId} subject={editing} onClose={() => setEditing(null)} />
          <DeleteTagDialog organizationId={organizationId} tag={deleting} onClose={() => setDeleting(null)} />
        </>
      )}
    </Box>
  );
}
