import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { FrameworkQuestionnaire } from '@aegis/contracts';
import { errorDetail } from '../../../lib/errors';
import { formatDateTime } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notifier';
import { useQuestionnaireCompletion } from '../api/complete-questionnaire';
import { DerivedAnswers } from './derived-answers';
import { QuestionnaireProgress } from './questionnaire-progress';
import { QuestionnaireSteps } from './questionnaire-steps';

const STATUS_LABELS: Record<FrameworkQuestionnaire['status'], string> = { not_started: 'Not started', in_progress: 'In progress', completed: 'Completed' };

type Props = { projectId: string; questionnaire: FrameworkQuestionnaire; canAnswer: boolean; canComplete: boolean };

/** One framework's questionnaire: its progress, its questions step by step, and marking it complete or reopening it. */
export function QuestionnaireCard({ projectId, questionnaire, canAnswer, canComplete }: Props) {
  const { framework_code: code, framework_name: name, status, answered, total } = questionnaire;
  const completion = useQuestionnaireCompletion(projectId, code);
  const [failure, setFailure] = useState<string | null>(null);
  const derived = questionnaire.answered_through === 'eu_ai_act_settings';
  const completed = status === 'completed';
  const left = total - answered;
  const headingId = `questionnaire-${code}`;

  const act = async (action: 'complete' | 'reopen') => {
    setFailure(null);
    try {
      await completion.mutateAsync(action);
      notifySuccess(action === 'complete' ? `${name} questionnaire marked complete` : `${name} questionnaire reopened: its answers can change again`);
    } catch (error) {
      setFailure(errorDetail(error));
    }
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', mb: 2 }}>
        <Stack spacing={0.5} sx={{ minWidth: 0 }}>
          <Stack direction="row" useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
            <Typography id={headingId} variant="h6" component="h4" sx={{ overflowWrap: 'anywhere' }}>
              {name}
            </Typography>
            <Chip size="small" variant={completed ? 'filled' : 'outlined'} color={completed ? 'success' : 'default'} label={STATUS_LABELS[status]} />
          </Stack>
          {completed && questionnaire.completed_at && (
            <Typography variant="body2" color="text.secondary">
              Completed {formatDateTime(questionnaire.completed_at)}
              {questionnaire.completed_by ? ` by ${questionnaire.completed_by.name}` : ''}
            </Typography>
          )}
        </Stack>
        <QuestionnaireProgress questionnaire={questionnaire} />
      </Stack>
      {derived ? (
        <DerivedAnswers questionnaire={questionnaire} />
      ) : (
        <>
          {completed && (
            <Alert severity="info" sx={{ mb: 2 }}>
              {canComplete ? 'Completed: reopen it to change an answer.' : 'Completed: its answers stay as they are unless someone reopens it.'}
            </Alert>
          )}
          <QuestionnaireSteps projectId={projectId} questionnaire={questionnaire} canAnswer={canAnswer && !completed} />
        </>
      )}
      {failure && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {failure}
        </Alert>
      )}
      {canComplete && !derived && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 2, pt: 2, borderTop: 1, borderColor: 'divider', alignItems: { sm: 'center' }, justifyContent: 'flex-end' }}>
          {completed ? (
            <Button onClick={() => void act('reopen')} loading={completion.isPending}>
              Reopen
            </Button>
          ) : (
            <>
              {left > 0 && (
                <Typography id={`${headingId}-complete-hint`} variant="body2" color="text.secondary">
                  Answer every question to mark it complete ({left} left).
                </Typography>
              )}
              <Button
                variant="contained"
                onClick={() => void act('complete')}
                disabled={left > 0}
                loading={completion.isPending}
                aria-describedby={left > 0 ? `${headingId}-complete-hint` : undefined}
              >
                Mark complete
              </Button>
            </>
          )}
        </Stack>
      )}
    </Paper>
  );
}
