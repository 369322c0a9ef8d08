import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const parsed = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;
const person = (alias: string) =>
  sql.raw(`${alias}.id as by_id, coalesce(nullif(trim(${alias}.firstname || ' ' || ${alias}.lastname), ''), ${alias}.email) as by_name, ${alias}.email as by_email`);

export type By = { by_id: string | null; by_name: string | null; by_email: string | null };
export type AnswerRow = By & { framework_id: string; question_id: string; answer: string[]; answered_at: Date };
export type CompletionRow = By & { framework_id: string; completed_at: Date };

/** A project's answers to its frameworks' questionnaires, and which questionnaires it marked complete. */
export const questionnaireRepository = {
  async answers(db: Executor, organizationId: string, projectId: string, frameworkId?: string): Promise<AnswerRow[]> {
    const rows = rowsOf<AnswerRow & { answer: unknown }>(
      await db.execute(sql`
        select a.framework_id, a.question_id, a.answer, a.answered_at, ${person('u')}
          from project_questionnaire_answers a left join users u on u.id = a.answered_by
         where a.organization_id = ${organizationId} and a.project_id = ${projectId} ${frameworkId ? sql`and a.framework_id = ${frameworkId}` : sql``}`),
    );
    return rows.map((row) => ({ ...row, answer: parsed<string[]>(row.answer) }));
  },

  async completions(db: Executor, organizationId: string, projectId: string, frameworkId?: string): Promise<CompletionRow[]> {
    return rowsOf<CompletionRow>(
      await db.execute(sql`
        select q.framework_id, q.completed_at, ${person('u')}
          from project_questionnaires q left join users u on u.id = q.completed_by
         where q.organization_id = ${organizationId} and q.project_id = ${projectId} ${frameworkId ? sql`and q.framework_id = ${frameworkId}` : sql``}`),
    );
  },

  /** Saves an answer (a list of option values), or clears it with null. */
  async setAnswer(db: Executor, key: { organizationId: string; projectId: string; frameworkId: string; questionId: string }, answer: string[] | null, userId: string) {
    if (answer === null) {
      await db.execute(sql`
        delete from project_questionnaire_answers
         where organization_id = ${key.organizationId} and project_id = ${key.projectId} and framework_id = ${key.frameworkId} and question_id = ${key.questionId}`);
      return;
    }
    await db.execute(sql`
      insert into project_questionnaire_answers (organization_id, project_id, framework_id, question_id, answer, answered_by, answered_at)
      values (${key.organizationId}, ${key.projectId}, ${key.frameworkId}, ${key.questionId}, ${JSON.stringify(answer)}::jsonb, ${userId}, now())
      on conflict (project_id, framework_id, question_id) do update set answer = excluded.answer, answered_by = excluded.answered_by, answered_at = excluded.answered_at`);
  },

  async complete(db: Executor, organizationId: string, projectId: string, frameworkId: string, userId: string) {
    await db.execute(sql`
      insert into project_questionnaires (organization_id, project_id, framework_id, completed_by, completed_at)
      values (${organizationId}, ${projectId}, ${frameworkId}, ${userId}, now())`);
  },

  async reopen(db: Executor, organizationId: string, projectId: string, frameworkId: string) {
    await db.execute(sql`delete from project_questionnaires where organization_id = ${organizationId} and project_id = ${projectId} and framework_id = ${frameworkId}`);
  },
};
