import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import type { ApplicabilityChange, QuestionnaireQuestion } from '@aegis/contracts';
import { errorDetail } from '../../../lib/errors';
import { formatDateTime } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notifier';
import { answerQuestion, useAnswerQuestion } from '../api/answer-question';
import { changeSummary, takesOutOfScope } from '../change-summary';
import { chooseAnswer } from '../settings-draft';
import { ChangeConfirmDialog } from './change-confirm-dialog';

type Props = {
  projectId: string;
  frameworkCode: string;
  question: QuestionnaireQuestion;
  /** questions:answer, and the questionnaire is not completed. */
  canAnswer: boolean;
};

function OptionLabel({ label, help }: { label: string; help: string | null }) {
  return (
    <Box sx={{ py: 0.5 }}>
      <Typography>{label}</Typography>
      {help && (
        <Typography variant="body2" color="text.secondary">
          {help}
        </Typography>
      )}
    </Box>
  );
}

/**
 * One question: its options as radio buttons (or checkboxes where several can hold), each answer
 * saved as it is chosen. An answer that would take requirements out of scope is asked about first,
 * with what it moves.
 */
export function QuestionStep({ projectId, frameworkCode, question, canAnswer }: Props) {
  const [choosing, setChoosing] = useState<string[] | null>(null);
  const [confirming, setConfirming] = useState<ApplicabilityChange | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const answer = useAnswerQuestion(projectId);
  const target = { frameworkCode, questionId: question.id };
  const shown = choosing ?? question.answer ?? [];
  const busy = checking || answer.isPending;
  const groupId = `question-${frameworkCode}-${question.id}`;

  const save = async (value: string[] | null) => {
    try {
      const { change } = await answer.mutateAsync({ target, answer: value });
      const moved = changeSummary(change, 'did');
      if (moved) notifySuccess(`Answer saved. ${moved}`);
    } catch (error) {
      setFailure(errorDetail(error));
    } finally {
      setConfirming(null);
      setChoosing(null);
    }
  };

  const choose = async (value: string[]) => {
    const next = value.length ? value : null;
    setFailure(null);
    setChoosing(value);
    setChecking(true);
    try {
      const { change } = await answerQuestion(projectId, target, { answer: next }, true);
      if (takesOutOfScope(change)) setConfirming(change);
      else await save(next);
    } catch (error) {
      setFailure(errorDetail(error));
      setChoosing(null);
    } finally {
      setChecking(false);
    }
  };

  const disabled = !canAnswer || busy || confirming !== null;
  return (
    // The options are disabled, not the fieldset: its question and help stay legible meanwhile.
    <FormControl component="fieldset" fullWidth aria-describedby={question.help ? `${groupId}-help` : undefined}>
      <FormLabel component="legend" id={`${groupId}-label`} sx={{ color: 'text.primary', fontWeight: 600, mb: 0.5 }}>
        {question.text}
      </FormLabel>
      {question.help && <FormHelperText id={`${groupId}-help`} sx={{ mx: 0, mb: 1 }}>{question.help}</FormHelperText>}
      {question.answer_type === 'single' ? (
        <RadioGroup aria-labelledby={`${groupId}-label`} value={shown[0] ?? ''} onChange={(event) => void choose([event.target.value])}>
          {question.options.map((option) => (
            <FormControlLabel key={option.value} value={option.value} disabled={disabled} control={<Radio />} label={<OptionLabel label={option.label} help={option.help} />} sx={{ alignItems: 'flex-start', '& .MuiRadio-root': { mt: 0.25 } }} />
          ))}
        </RadioGroup>
      ) : (
        <FormGroup aria-labelledby={`${groupId}-label`}>
          {question.options.map((option) => (
            <FormControlLabel
              key={option.value}
              disabled={disabled}
              control={
                <Checkbox
                  checked={shown.includes(option.value)}
                  onChange={(event) => void choose(chooseAnswer(shown, event.target.checked ? [...shown, option.value] : shown.filter((value) => value !== option.value)))}
                />
              }
              label={<OptionLabel label={option.label} help={option.help} />}
              sx={{ alignItems: 'flex-start', '& .MuiCheckbox-root': { mt: 0.25 } }}
            />
          ))}
        </FormGroup>
      )}
      <Box sx={{ minHeight: 24, mt: 1 }} aria-live="polite">
        {busy ? (
          <LinearProgress aria-label="Saving the answer" sx={{ mt: 1 }} />
        ) : (
          question.answered_at && (
            <Typography variant="caption" color="text.secondary">
              Answered {formatDateTime(question.answered_at)}
              {question.answered_by ? ` by ${question.answered_by.name}` : ''}
            </Typography>
          )
        )}
      </Box>
      {failure && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {failure}
        </Alert>
      )}
      <ChangeConfirmDialog
        id={`${groupId}-confirm`}
        change={confirming}
        title="Save this answer and take requirements out of scope?"
        confirmLabel="Save the answer"
        pending={answer.isPending}
        onConfirm={() => void save(choosing && choosing.length ? choosing : null)}
        onClose={() => {
          if (answer.isPending) return;
          setConfirming(null);
          setChoosing(null);
        }}
      />
    </FormControl>
  );
}
