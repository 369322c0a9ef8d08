import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import Alert from '@mui/material/Alert';
import { Link as RouterLink } from 'react-router';
import type { FrameworkQuestionnaire } from '@aegis/contracts';
import { shownAnswer } from '../settings-draft';

/** A questionnaire the EU AI Act settings answer: its answers as they derive them, read-only, and the way to the settings. */
export function DerivedAnswers({ questionnaire }: { questionnaire: FrameworkQuestionnaire }) {
  return (
    <Box>
      <Alert severity="info" sx={{ mb: 2 }}>
        Answered through the EU AI Act settings.{' '}
        <Link component={RouterLink} to={{ hash: '#eu-ai-act' }} color="inherit" sx={{ fontWeight: 600 }}>
          Change the EU AI Act settings
        </Link>{' '}
        to change these answers.
      </Alert>
      <Box component="dl" sx={{ m: 0, '& dt': { fontWeight: 600, mt: 1.5 }, '& dt:first-of-type': { mt: 0 }, '& dd': { m: 0 } }}>
        {questionnaire.questions.map((question) => {
          const labels = new Map(question.options.map((option) => [option.value, option.label]));
          return (
            <Box key={question.id} sx={{ display: 'contents' }}>
              <dt>{question.text}</dt>
              <dd>
                {question.answer?.length ? (
                  <Typography>{shownAnswer(question.answer)!.map((value) => labels.get(value) ?? value).join(', ')}</Typography>
                ) : (
                  // Complete settings that leave a question open do not say it (where the provider is established, for a deployer).
                  <Typography color="text.secondary">{questionnaire.status === 'completed' ? 'Not decided by the settings for this project' : 'Not answered yet'}</Typography>
                )}
              </dd>
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
