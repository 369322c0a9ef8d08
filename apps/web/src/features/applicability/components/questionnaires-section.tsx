import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import { EmptyListText } from '../../../components/paged-list';
import { RetryAlert } from '../../../components/retry-alert';
import { SectionHeading } from '../../../components/section-heading';
import { useQuestionnaires } from '../api/list-questionnaires';
import { QuestionnaireCard } from './questionnaire-card';

type Props = { projectId: string; canAnswer: boolean; canComplete: boolean };

/** Section 2 of the scoping page: the scoping questionnaire of each framework the project applies that has one. */
export function QuestionnairesSection({ projectId, canAnswer, canComplete }: Props) {
  const questionnaires = useQuestionnaires(projectId);
  const items = questionnaires.data?.items;
  return (
    <Box component="section" aria-labelledby="questionnaires">
      <SectionHeading
        id="questionnaires"
        level={3}
        title="Questionnaires"
        description="Each framework asks what it needs to know to scope itself. An answer is saved as you choose it, and applicability follows at once."
      />
      {questionnaires.isPending && <LinearProgress aria-label="Loading the questionnaires" />}
      {questionnaires.isError && !items && <RetryAlert onRetry={() => void questionnaires.refetch()}>The questionnaires could not be loaded.</RetryAlert>}
      {items && items.length === 0 && (
        <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
          <EmptyListText>No questionnaire: none of the frameworks this project applies has one.</EmptyListText>
        </Box>
      )}
      {items && items.length > 0 && (
        <Stack spacing={3}>
          {items.map((questionnaire) => (
            <QuestionnaireCard key={questionnaire.framework_code} projectId={projectId} questionnaire={questionnaire} canAnswer={canAnswer} canComplete={canComplete} />
          ))}
        </Stack>
      )}
    </Box>
  );
}
