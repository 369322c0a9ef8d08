import { JustifiedStatusDialog, type JustifiedStatusProps } from './justified-status-dialog';

/** Takes a control out of scope with the reason why, which the history keeps. Render it with a new key each time it opens. */
export function OutOfScopeDialog(props: JustifiedStatusProps) {
  const code = props.control.control_code;
  return (
    <JustifiedStatusDialog
      {...props}
      wording={{
        id: 'out-of-scope',
        status: 'out_of_scope',
        title: `Mark ${code} out of scope`,
        text: 'It will no longer count towards the requirements it satisfies. Say why: an auditor reads the reason in its history.',
        label: 'Justification',
        missing: 'Say why it is out of scope: the reason is kept in its history',
        example: 'The system makes no decisions about natural persons.',
        submitLabel: 'Mark out of scope',
        done: `${code} is out of scope`,
      }}
    />
  );
}
