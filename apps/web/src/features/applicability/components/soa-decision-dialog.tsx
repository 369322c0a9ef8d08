import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import TextField from '@mui/material/TextField';
import type { ApplicabilityChange } from '@aegis/contracts';
import { DialogForm } from '../../../components/form-dialog';
import { errorDetail } from '../../../lib/errors';
import { notifySuccess } from '../../../lib/notifier';
import { decideApplicability, useDecideApplicability } from '../api/decide-applicability';
import { changeSummary, takesOutOfScope } from '../change-summary';
import { ChangeDetails } from './change-details';
import type { SoaDecision } from './soa-table';

type Props = { projectId: string; decision: SoaDecision | null; onClose: () => void };

const TITLES = { include: 'Include', exclude: 'Exclude', engine: 'Give back to the answers:' } as const;

/**
 * Overrules the engine for one control of the statement, with a justification (required: it is what an
 * auditor reads), or hands the decision back to the answers. A decision that takes requirements out of
 * scope shows what it moves and asks once more.
 */
function DecisionForm({ projectId, decision: { item, decision }, onClose }: Props & { decision: SoaDecision }) {
  const [justification, setJustification] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [impact, setImpact] = useState<ApplicabilityChange | null>(null);
  const [checking, setChecking] = useState(false);
  const decide = useDecideApplicability(projectId);
  const needsWords = decision !== 'engine';

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = justification.trim();
    if (needsWords && !text) {
      setError('Say why: the justification is what an auditor reads.');
      return;
    }
    const input = needsWords ? { decision, justification: text } : { decision };
    setFailure(null);
    try {
      if (!impact) {
        setChecking(true);
        const { change } = await decideApplicability(projectId, item.requirement_id, input, true);
        setChecking(false);
        if (takesOutOfScope(change)) return setImpact(change);
      }
      const { change } = await decide.mutateAsync({ requirementId: item.requirement_id, input });
      const moved = changeSummary(change, 'did');
      notifySuccess(`${item.code} ${decision === 'include' ? 'included' : decision === 'exclude' ? 'excluded' : 'given back to the answers'}.${moved ? ` ${moved}` : ''}`);
      onClose();
    } catch (failed) {
      setChecking(false);
      setFailure(errorDetail(failed));
    }
  };

  return (
    <DialogForm
      id="soa-decision"
      title={`${TITLES[decision]} ${item.code}`}
      text={
        decision === 'engine'
          ? `The scoping answers decide again whether ${item.code} ${item.title} applies; the justification written for it is dropped.`
          : `${decision === 'include' ? 'Include' : 'Exclude'} ${item.code} ${item.title} whatever the answers say. The statement of applicability shows your justification and your name.`
      }
      error={failure}
      submitLabel={impact ? 'Confirm' : decision === 'engine' ? 'Give back' : decision === 'include' ? 'Include' : 'Exclude'}
      pending={checking || decide.isPending}
      onSubmit={(event) => void submit(event)}
      onCancel={onClose}
    >
      {needsWords && (
        <TextField
          autoFocus
          required
          fullWidth
          multiline
          minRows={3}
          name="justification"
          label="Justification"
          value={justification}
          error={Boolean(error)}
          helperText={error ?? 'Why this control does or does not apply to this AI system.'}
          disabled={impact !== null}
          onChange={(event) => {
            setJustification(event.target.value);
            setError(null);
          }}
          slotProps={{ htmlInput: { maxLength: 4000 } }}
        />
      )}
      {impact && (
        <Alert severity="warning" sx={{ mt: 2 }}>
          {changeSummary(impact, 'would')} Work done on them is kept.
          <ChangeDetails change={impact} />
        </Alert>
      )}
    </DialogForm>
  );
}

/** The dialog of a row action of the statement of applicability; a new form for each decision. */
export function SoaDecisionDialog({ projectId, decision, onClose }: Props) {
  return (
    <Dialog open={decision !== null} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="soa-decision-title" aria-describedby="soa-decision-text">
      {decision && <DecisionForm key={`${decision.item.requirement_id}-${decision.decision}`} projectId={projectId} decision={decision} onClose={onClose} />}
    </Dialog>
  );
}
