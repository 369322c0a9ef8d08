import { JustifiedStatusDialog, type JustifiedStatusProps } from './justified-status-dialog';

/**
 * Reopens an approved control (back to In progress) with the reason why: the server keeps it in the
 * history and the export and tells the reviewers who approved it. Render it with a new key each time it opens.
 */
export function ReopenDialog(props: JustifiedStatusProps) {
  const code = props.control.control_code;
  return (
    <JustifiedStatusDialog
      {...props}
      wording={{
        id: 'reopen-control',
        status: 'in_progress',
        title: `Reopen ${code}?`,
        text: 'It was approved and is locked. Reopening moves it back to In progress so that its fields, evidence and tests can change again; its next approval needs a new review. The reviewers who approved it are told why.',
        label: 'Why reopen it?',
        missing: 'Say why it is reopened: the reason is kept in its history and sent to its approvers',
        example: 'The model was retrained; the criteria must be checked again.',
        submitLabel: 'Reopen',
        done: `${code} reopened: it is in progress again`,
      }}
    />
  );
}
