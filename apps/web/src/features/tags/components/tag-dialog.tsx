import type { FormEvent } from 'react';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Tag } from '@aegis/contracts';
import { fieldErrorsFromIssues, type FieldErrors } from '../../../components/field-errors';
import { DialogForm } from '../../../components/form-dialog';
import { useFormFields } from '../../../components/use-form-fields';
import { useRetained } from '../../../components/use-retained';
import { notifySuccess } from '../../../lib/notifier';
import { createTagSchema, useCreateTag } from '../api/create-tag';
import { updateTagSchema, useUpdateTag } from '../api/update-tag';
import { ColourField } from './colour-field';
import { DEFAULT_TAG_COLOUR } from './tag-colours';
import { TagChip } from '../../../components/tag-chip';

/** 'new' adds a tag; a tag opens it for renaming and recolouring. */
export type TagDialogSubject = Tag | 'new';

type Props = { organizationId: string; subject: TagDialogSubject | null; onClose: () => void };

export function TagDialog({ organizationId, subject: requested, onClose }: Props) {
  const subject = useRetained(requested);
  return (
    <Dialog open={requested !== null} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="tag-dialog-title">
      {subject && (
        <TagForm key={subject === 'new' ? 'new' : subject.tag_id} organizationId={organizationId} tag={subject === 'new' ? null : subject} onClose={onClose} />
      )}
    </Dialog>
  );
}

function TagForm({ organizationId, tag, onClose }: { organizationId: string; tag: Tag | null; onClose: () => void }) {
  const { values, errors, set, showErrors, showRefusal } = useFormFields({ name: tag?.name ?? '', color: tag?.color ?? DEFAULT_TAG_COLOUR });
  const { name, color: colour } = values;
  const create = useCreateTag(organizationId);
  const update = useUpdateTag(organizationId);

  /** The saved tag's name, or what is wrong with the form (nothing is sent then). */
  const save = async (): Promise<string | FieldErrors> => {
    if (!tag) {
      const parsed = createTagSchema.safeParse({ name, color: colour });
      if (!parsed.success) return fieldErrorsFromIssues(parsed.error.issues);
      return (await create.mutateAsync(parsed.data)).name;
    }
    const changes: Record<string, string> = {};
    if (name.trim() !== tag.name) changes.name = name;
    if (colour.toLowerCase() !== tag.color.toLowerCase()) changes.color = colour;
    if (Object.keys(changes).length === 0) return tag.name;
    const parsed = updateTagSchema.safeParse(changes);
    if (!parsed.success) return fieldErrorsFromIssues(parsed.error.issues);
    return (await update.mutateAsync({ tagId: tag.tag_id, patch: parsed.data })).name;
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    try {
      const outcome = await save();
      if (typeof outcome === 'string') {
        notifySuccess(tag ? `Tag “${outcome}” saved` : `Tag “${outcome}” added`);
        onClose();
        return;
      }
      showErrors(form, outcome);
    } catch (error) {
      // 409 (name taken) and 422 are already shown as notices; a 422 also marks its fields.
      showRefusal(form, error);
    }
  };

  return (
    <DialogForm
      id="tag-dialog"
      title={tag ? `Edit tag “${tag.name}”` : 'Add tag'}
      submitLabel={tag ? 'Save' : 'Add'}
      pending={create.isPending || update.isPending}
      onSubmit={(event) => void submit(event)}
      onCancel={onClose}
    >
      <Stack spacing={2.5} sx={{ pt: 1 }}>
        <TextField
          name="name"
          label="Name"
          value={name}
          onChange={(event) => set('name')(event.target.value)}
          error={Boolean(errors.name)}
          helperText={errors.name}
          autoComplete="off"
          slotProps={{ htmlInput: { maxLength: 60 } }}
          required
          autoFocus
          fullWidth
        />
        <ColourField value={colour} error={errors.color} onChange={set('color')} />
        <Box>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
            Preview
          </Typography>
          <TagChip name={name.trim() || 'Tag name'} colour={colour} size="medium" />
        </Box>
      </Stack>
    </DialogForm>
  );
}
