import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { FrameworkQuestionnaire } from '@aegis/contracts';

/** How far a questionnaire is: a bar, and the same in words. */
export function QuestionnaireProgress({ questionnaire }: { questionnaire: FrameworkQuestionnaire }) {
  const { answered, total, framework_name: name } = questionnaire;
  const text = `${answered} of ${total} ${total === 1 ? 'question' : 'questions'} answered`;
  return (
    <Box sx={{ width: { xs: '100%', sm: 280 } }}>
      <Typography variant="body2" sx={{ fontWeight: 600, mb: 0.5 }}>
        {text}
      </Typography>
      <LinearProgress variant="determinate" value={total ? (answered / total) * 100 : 0} aria-label={`${name} questionnaire: ${text}`} sx={{ height: 8, borderRadius: 1 }} />
    </Box>
  );
}
