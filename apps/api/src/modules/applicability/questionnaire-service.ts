import type { FrameworkQuestionnaire, FrameworkQuestionnaireList, QuestionAnswerInput, QuestionAnswerResponse } from '@aegis/contracts';
import type { Executor } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError, notFound } from '../../lib/errors';
import type { RequestContext } from '../../plugins/auth';
import { recordActivity } from '../logs/record-activity';
import { EU_AI_ACT, reevaluateApplicability } from './applicability-engine';
import { transactionOrDryRun } from './dry-run';
import { engineRepository, type ScopingFramework } from './engine-repository';
import { classifyEuAiAct } from './eu-ai-act';
import { questionnaireRepository } from './questionnaire-repository';
import { euAiActQuestionnaire, ownQuestionnaire } from './questionnaire-view';
import { savedSettings } from './saved-settings';
import { settingsRepository } from './settings-repository';

const THROUGH_SETTINGS = 'The EU AI Act questions are answered through the EU AI Act settings of the project';

/** The scoping questionnaires of a project's frameworks: read them, answer them, mark them complete or reopen them. */
export function questionnaireService(deps: Pick<Deps, 'db' | 'clock'>) {
  const organizationOf = (ctx: RequestContext) => ctx.organizationId!;

  /** The frameworks the project applies that ask something, by name. */
  async function asking(db: Executor, organizationId: string, projectId: string): Promise<ScopingFramework[]> {
    const frameworks = await engineRepository.frameworks(db, organizationId, projectId);
    return frameworks.filter((f) => f.applied && f.questionnaire.length > 0).sort((a, b) => a.name.localeCompare(b.name) || a.code.localeCompare(b.code));
  }

  async function questionnaires(db: Executor, organizationId: string, projectId: string, frameworks: readonly ScopingFramework[]): Promise<FrameworkQuestionnaire[]> {
    const only = frameworks.length === 1 ? frameworks[0]!.id : undefined;
    const answers = await questionnaireRepository.answers(db, organizationId, projectId, only);
    const completions = await questionnaireRepository.completions(db, organizationId, projectId, only);
    const eu = frameworks.some((f) => f.code === EU_AI_ACT) ? await settingsRepository.find(db, organizationId, projectId) : undefined;
    return frameworks.map((framework) => {
      if (framework.code !== EU_AI_ACT) {
        return ownQuestionnaire(framework, answers.filter((a) => a.framework_id === framework.id), completions.find((c) => c.framework_id === framework.id));
      }
      const derived = classifyEuAiAct(savedSettings(eu?.settings), deps.clock.now());
      const saved = eu ? { at: new Date(eu.updated_at).toISOString(), by: eu.updated_by_id ? { id: eu.updated_by_id, name: eu.updated_by_name ?? '', email: eu.updated_by_email ?? '' } : null } : null;
      return euAiActQuestionnaire(framework, derived.scoping, saved, derived.classification.status === 'complete');
    });
  }

  /** The applied framework of that code with a questionnaire (404 otherwise), its row locked with the project's. */
  async function framework(db: Executor, organizationId: string, projectId: string, code: string): Promise<ScopingFramework> {
    if (!(await engineRepository.lockProject(db, organizationId, projectId))) throw notFound('Project');
    const found = (await asking(db, organizationId, projectId)).find((f) => f.code === code);
    if (!found) throw notFound(`Questionnaire of framework ${code} in this project`);
    return found;
  }

  const log = (ctx: RequestContext, projectId: string, action: string, before: unknown, after: unknown) =>
    ({ organizationId: organizationOf(ctx), projectId, actorId: ctx.user.id, objectType: 'project', objectId: projectId, action, before, after }) as const;

  /** Marks complete or reopens, logs it and re-evaluates; answers the questionnaire after the commit. */
  async function setCompletion(ctx: RequestContext, projectId: string, code: string, complete: boolean): Promise<FrameworkQuestionnaire> {
    const organizationId = organizationOf(ctx);
    await deps.db.transaction(async (tx) => {
      const found = await framework(tx, organizationId, projectId, code);
      if (found.code === EU_AI_ACT) throw new AppError(409, `${THROUGH_SETTINGS}: it is complete when the classification is`);
      const [current] = await questionnaires(tx, organizationId, projectId, [found]);
      if (complete) {
        if (current!.status === 'completed') throw new AppError(409, `The ${found.name} questionnaire is completed already`);
        const open = current!.questions.filter((q) => q.answer === null);
        if (open.length > 0) {
          const errors = open.map((q) => ({ path: `questions.${q.id}`, message: `not answered: ${q.text}` }));
          throw new AppError(422, `Answer every question before completing the ${found.name} questionnaire; unanswered: ${open.map((q) => q.id).join(', ')}`, 'unprocessable_content', errors);
        }
        await questionnaireRepository.complete(tx, organizationId, projectId, found.id, ctx.user.id);
      } else {
        if (current!.status !== 'completed') throw new AppError(409, `The ${found.name} questionnaire is not completed: there is nothing to reopen`);
        await questionnaireRepository.reopen(tx, organizationId, projectId, found.id);
      }
      await recordActivity(tx, log(ctx, projectId, complete ? 'questionnaire_completed' : 'questionnaire_reopened', null, { framework_code: code }));
      await reevaluateApplicability(tx, { organizationId, projectId, actorId: ctx.user.id, cause: `questionnaire:${code}`, today: deps.clock.now() });
    });
    const found = (await asking(deps.db, organizationId, projectId)).find((f) => f.code === code);
    if (!found) throw notFound(`Questionnaire of framework ${code} in this project`);
    return (await questionnaires(deps.db, organizationId, projectId, [found]))[0]!;
  }

  return {
    async list(ctx: RequestContext, projectId: string): Promise<FrameworkQuestionnaireList> {
      const organizationId = organizationOf(ctx);
      return { items: await questionnaires(deps.db, organizationId, projectId, await asking(deps.db, organizationId, projectId)) };
    },

    /**
     * Answers one question (null or no value clears it), logs it and re-evaluates the project in the same
     * transaction. A dry run answers what would move and saves nothing.
     */
    async answer(ctx: RequestContext, projectId: string, code: string, questionId: string, input: QuestionAnswerInput, dryRun: boolean): Promise<QuestionAnswerResponse> {
      const organizationId = organizationOf(ctx);
      const result = await transactionOrDryRun(deps.db, dryRun, async (tx) => {
        const found = await framework(tx, organizationId, projectId, code);
        const question = found.questionnaire.find((q) => q.id === questionId);
        if (!question) throw notFound(`Question ${questionId} of ${code}`);
        if (found.code === EU_AI_ACT) throw new AppError(409, `${THROUGH_SETTINGS}: change them there`);
        const values = input.answer === null ? [] : [...new Set(input.answer)];
        const allowed = question.options.map((o) => o.value);
        const unknown = values.filter((v) => !allowed.includes(v));
        if (unknown.length > 0) {
          const message = `${unknown.join(', ')} ${unknown.length === 1 ? 'is not an option' : 'are not options'} of question ${questionId}; allowed: ${allowed.join(', ')}`;
          throw new AppError(422, `answer: ${message}`, 'unprocessable_content', [{ path: 'body.answer', message }]);
        }
        // "None of these" excludes every other option, as the EU AI Act settings check it (issue 29, item 14).
        if (values.includes('none') && values.length > 1) {
          const message = `"none" cannot be chosen with other options of question ${questionId} (${values.filter((v) => v !== 'none').join(', ')})`;
          throw new AppError(422, `answer: ${message}`, 'unprocessable_content', [{ path: 'body.answer', message }]);
        }
        if (question.answer_type === 'single' && values.length > 1) {
          const message = `question ${questionId} takes one answer, got ${values.length}`;
          throw new AppError(422, `answer: ${message}`, 'unprocessable_content', [{ path: 'body.answer', message }]);
        }
        const [current] = await questionnaires(tx, organizationId, projectId, [found]);
        if (current!.status === 'completed') throw new AppError(409, `The ${found.name} questionnaire is completed: reopen it first`);
        const before = current!.questions.find((q) => q.id === questionId)!.answer;
        const after = values.length > 0 ? values : null;
        const changed = JSON.stringify(before ?? null) !== JSON.stringify(after);
        if (changed) {
          await questionnaireRepository.setAnswer(tx, { organizationId, projectId, frameworkId: found.id, questionId }, after, ctx.user.id);
          await recordActivity(tx, log(ctx, projectId, 'questionnaire_answered', { framework_code: code, question_id: questionId, answer: before }, { framework_code: code, question_id: questionId, answer: after }));
        }
        const change = await reevaluateApplicability(tx, { organizationId, projectId, actorId: ctx.user.id, cause: `questionnaire:${code}`, dryRun, today: deps.clock.now() });
        // A dry run's questionnaire is read before the rollback: it shows the answer it would save.
        return { found, change, questionnaire: dryRun ? (await questionnaires(tx, organizationId, projectId, [found]))[0]! : null };
      });
      const questionnaire = result.questionnaire ?? (await questionnaires(deps.db, organizationId, projectId, [result.found]))[0]!;
      return { questionnaire, change: result.change, saved: !dryRun };
    },

    complete: (ctx: RequestContext, projectId: string, code: string) => setCompletion(ctx, projectId, code, true),
    reopen: (ctx: RequestContext, projectId: string, code: string) => setCompletion(ctx, projectId, code, false),
  };
}
