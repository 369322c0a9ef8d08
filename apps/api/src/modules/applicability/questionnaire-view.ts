import type { FrameworkQuestionnaire, PersonRef, QuestionnaireQuestion, TemplateQuestion } from '@aegis/contracts';
import type { ScopingFramework } from './engine-repository';
import type { AnswerRow, By, CompletionRow } from './questionnaire-repository';

export const personOf = (row: By): PersonRef | null => (row.by_id ? { id: row.by_id, name: row.by_name ?? '', email: row.by_email ?? '' } : null);
const iso = (at: Date | string) => new Date(at).toISOString();

type Answered = { answer: string[] | null; answered_at: string | null; answered_by: PersonRef | null };

function questionsOf(questions: readonly TemplateQuestion[], answerOf: (id: string) => Answered): QuestionnaireQuestion[] {
  return questions.map((q) => ({
    id: q.id,
    text: q.text,
    help: q.help ?? null,
    answer_type: q.answer_type,
    options: q.options.map((o) => ({ value: o.value, label: o.label, help: o.help ?? null })),
    ...answerOf(q.id),
  }));
}

function summary(framework: ScopingFramework, questions: QuestionnaireQuestion[], completed: { at: string; by: PersonRef | null } | null, through: FrameworkQuestionnaire['answered_through']): FrameworkQuestionnaire {
  const answered = questions.filter((q) => q.answer !== null).length;
  return {
    framework_code: framework.code,
    framework_name: framework.name,
    status: completed ? 'completed' : answered === 0 ? 'not_started' : 'in_progress',
    answered,
    total: questions.length,
    completed_at: completed?.at ?? null,
    completed_by: completed?.by ?? null,
    answered_through: through,
    questions,
  };
}

/** A framework's own questionnaire with the project's answers; complete once a person marked it so. */
export function ownQuestionnaire(framework: ScopingFramework, answers: readonly AnswerRow[], completion: CompletionRow | undefined): FrameworkQuestionnaire {
  const byQuestion = new Map(answers.map((a) => [a.question_id, a]));
  const questions = questionsOf(framework.questionnaire, (id) => {
    const row = byQuestion.get(id);
    return row && row.answer.length > 0 ? { answer: row.answer, answered_at: iso(row.answered_at), answered_by: personOf(row) } : { answer: null, answered_at: null, answered_by: null };
  });
  return summary(framework, questions, completion ? { at: iso(completion.completed_at), by: personOf(completion) } : null, null);
}

/**
 * The EU AI Act's questions are the shared scoping fields, answered by the settings form: read-only here,
 * their answers derived from the saved settings, complete when the classification is.
 */
export function euAiActQuestionnaire(
  framework: ScopingFramework,
  scoping: Readonly<Record<string, readonly string[]>>,
  saved: { at: string; by: PersonRef | null } | null,
  classificationComplete: boolean,
): FrameworkQuestionnaire {
  const questions = questionsOf(framework.questionnaire, (id) => {
    const answer = scoping[id];
    return answer && answer.length > 0 ? { answer: [...answer], answered_at: saved?.at ?? null, answered_by: saved?.by ?? null } : { answer: null, answered_at: null, answered_by: null };
  });
  return summary(framework, questions, classificationComplete && saved ? saved : null, 'eu_ai_act_settings');
}
