import type { QueryClient } from '@tanstack/react-query';
import type { FrameworkQuestionnaire, FrameworkQuestionnaireList } from '@aegis/contracts';
import { questionnairesKey } from './applicability-keys';

/** Puts a questionnaire as an answer returned it into the cached list, in its place. */
export function storeQuestionnaire(queryClient: QueryClient, projectId: string, questionnaire: FrameworkQuestionnaire): void {
  queryClient.setQueryData<FrameworkQuestionnaireList>(questionnairesKey(projectId), (list) =>
    list && { items: list.items.map((item) => (item.framework_code === questionnaire.framework_code ? questionnaire : item)) },
  );
}
