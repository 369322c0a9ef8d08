import { useState, type FormEvent } from 'react';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { PersonRef, Review } from '@aegis/contracts';
import { fieldErrorsFromApiError, fieldErrorsFromIssues, focusFirstInvalid, type FieldErrors } from '../../../components/field-errors';
import { FormDialog } from '../../../components/form-dialog';
import { errorDetail } from '../../../lib/errors';
import { parseDisplayDate } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notifier';
import { useReviewerCandidates } from '../api/list-reviewer-candidates';
import { requestReviewSchema, useRequestReview } from '../api/request-review';
import { ReviewerPicker } from './reviewer-picker';

type Props = {
  projectId: string;
  concept: string;
  objectId: string;
  /** How the object is named in the title, e.g. its control code. */
  objectName: string;
  /** The signed-in user, who requests it and so is not offered as a reviewer. */
  requesterId: string | undefined;
  /** Reopen an approved object and review it again: needs reviews:force_update_status and a justification. */
  force: boolean;
  /** Who the object names as its reviewers: proposed until the person changes the list. */
  suggested?: readonly PersonRef[];
  open: boolean;
  onClose: () => void;
};

const ids = (people: readonly PersonRef[]) => people.map((person) => person.id);

/** Asks project members to review the object: who, under which rule, by when, with a message. Render it with a new key each time it opens. */
export function RequestReviewDialog({ projectId, concept, objectId, objectName, requesterId, force, suggested = [], open, onClose }: Props) {
  // Null until the person edits the list: until then the object's own reviewers are proposed, once
  // the candidates are known, so nobody who may not decide (or the requester) is slipped in.
  const [chosen, setReviewers] = useState<PersonRef[] | null>(null);
  const candidates = useReviewerCandidates(projectId, open);
  const reviewers = chosen ?? suggested.filter((person) => person.id !== requesterId && (candidates.data ?? []).some((candidate) => candidate.id === person.id));
  const [rule, setRule] = useState<Review['rule']>('any');
  const [message, setMessage] = useState('');
  const [dueText, setDueText] = useState('');
  const [justification, setJustification] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const request = useRequestReview(projectId, concept, objectId);
  // A field's message goes once the person changes the field.
  const changed =
    <T,>(field: string, set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setErrors(({ [field]: _gone, ...rest }) => rest);
    };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const dueDate = dueText.trim() ? (parseDisplayDate(dueText) ?? dueText.trim()) : undefined;
    const checked = requestReviewSchema.safeParse({ reviewers: ids(reviewers), rule, message: message.trim() || undefined, due_date: dueDate, justification: force ? justification.trim() || undefined : undefined });
    const found: FieldErrors = checked.success ? {} : fieldErrorsFromIssues(checked.error.issues);
    if (found.due_date) found.due_date = 'Write the date as DD-MM-YYYY, for example 31-01-2027';
    if (reviewers.length === 0) found.reviewers = 'Name at least one reviewer';
    if (force && !justification.trim()) found.justification = 'Say why the status is forced: the reason is kept in the log';
    setErrors(found);
    if (!checked.success || Object.keys(found).length > 0) return focusFirstInvalid(form, found);
    request.mutate(
      { input: checked.data, force },
      {
        onSuccess: () => {
          notifySuccess(`Review requested: ${reviewers.map((person) => person.name).join(', ')} ${reviewers.length === 1 ? 'is' : 'are'} notified`);
          onClose();
        },
        onError: (error) => setErrors(fieldErrorsFromApiError(error)),
      },
    );
  };

  return (
    <FormDialog
      id="request-review"
      open={open}
      onClose={onClose}
      title={force ? `Review ${objectName} again` : `Request a review of ${objectName}`}
      text={
        force
          ? 'It is approved and locked. Forcing reopens it (back to In progress) and sends it to review at once; the justification is kept in its log.'
          : 'It moves to In review until the review is decided or cancelled. The reviewers are notified.'
      }
      error={request.isError ? errorDetail(request.error) : null}
      submitLabel="Request review"
      pending={request.isPending}
      onSubmit={submit}
    >
      <Stack spacing={2.5}>
        <ReviewerPicker projectId={projectId} value={reviewers} onChange={changed('reviewers', setReviewers)} requesterId={requesterId} error={errors.reviewers} autoFocus />
        <FormControl>
          <FormLabel id="review-rule-label">How it is decided</FormLabel>
          <RadioGroup aria-labelledby="review-rule-label" name="rule" value={rule} onChange={(event) => setRule(event.target.value as Review['rule'])}>
            <FormControlLabel value="any" control={<Radio />} label="The first reviewer’s decision settles it" />
            <FormControlLabel value="all" control={<Radio />} label="Every reviewer must approve" />
          </RadioGroup>
        </FormControl>
        <TextField
          name="message"
          label="Message to the reviewers"
          multiline
          minRows={2}
          value={message}
          onChange={(event) => changed('message', setMessage)(event.target.value)}
          error={Boolean(errors.message)}
          helperText={errors.message ?? 'Optional: what to look at, where the evidence is'}
          slotProps={{ htmlInput: { maxLength: 2000 } }}
        />
        <TextField
          name="due_date"
          label="Due date"
          placeholder="DD-MM-YYYY"
          value={dueText}
          onChange={(event) => changed('due_date', setDueText)(event.target.value)}
          error={Boolean(errors.due_date)}
          helperText={errors.due_date ?? 'Optional, DD-MM-YYYY'}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { autoComplete: 'off' } }}
        />
        {force && (
          <TextField
            name="justification"
            label="Justification"
            required
            multiline
            minRows={2}
            value={justification}
            onChange={(event) => changed('justification', setJustification)(event.target.value)}
            error={Boolean(errors.justification)}
            helperText={errors.justification ?? 'Why it is reopened without the usual reopening, e.g. “New model version”'}
            slotProps={{ htmlInput: { maxLength: 2000 } }}
          />
        )}
      </Stack>
    </FormDialog>
  );
}
