import type {
  ApplicabilityChange,
  EuAiActSettingsInput,
  EuAiActSettingsResponse,
  EuAiActSettingsSaveResponse,
  FrameworkQuestionnaire,
  Project,
  SoaItem,
} from '@aegis/contracts';
import { ADA } from '../../../testing/factories';
import { jsonResponse, type FetchCall } from '../../../testing/fetch-stub';
import { stubProjectApi } from '../../../testing/project-api';
import { buildSettingsResponse, buildSoa, NO_CHANGE } from './applicability-fixtures';

type ApplicabilityApi = {
  project: Project;
  settings?: EuAiActSettingsResponse;
  /** What a POST of the settings answers (dry run or not); the settings echoed with no change by default. */
  onSettings?: (input: EuAiActSettingsInput, dryRun: boolean) => Response | { classification?: EuAiActSettingsResponse['classification']; change?: ApplicabilityChange };
  questionnaires?: FrameworkQuestionnaire[];
  /** What answering a question moves (dry run or not). */
  answerChange?: (questionId: string, answer: string[] | null) => ApplicabilityChange;
  soa?: SoaItem[];
  handle?: (call: FetchCall) => Response | undefined;
};

const NOW = '2026-11-21T11:00:00Z';
const bodyOf = <T>(call: FetchCall) => JSON.parse(call.init.body as string) as T;
const isDryRun = (call: FetchCall) => new URL(call.url, 'http://x').searchParams.get('dry_run') === 'true';

/**
 * A stand-in for a project's scoping API on top of the project's: the EU AI Act settings (saved as
 * posted), the questionnaires (answered, completed and reopened as the server would), the statement of
 * applicability and its decisions. Records every project call.
 */
export function stubApplicabilityApi({ project, settings = buildSettingsResponse(), onSettings, questionnaires = [], answerChange, soa = [], handle }: ApplicabilityApi) {
  const state = { settings: structuredClone(settings), questionnaires: structuredClone(questionnaires), soa: structuredClone(soa) };
  const base = `/api/projects/${project.id}`;
  const api = stubProjectApi({
    project,
    handle: (call) => {
      const answer = handle?.(call);
      if (answer) return answer;
      const path = call.url.split('?')[0]!;
      const method = call.init.method ?? 'GET';
      if (path === `${base}/eu_ai_act_settings`) {
        if (method === 'GET') return jsonResponse(200, state.settings);
        const input = bodyOf<EuAiActSettingsInput>(call);
        const dryRun = isDryRun(call);
        const outcome = onSettings?.(input, dryRun) ?? {};
        if (outcome instanceof Response) return outcome;
        const next: EuAiActSettingsResponse = {
          ...state.settings,
          settings: { ...state.settings.settings, ...input } as EuAiActSettingsResponse['settings'],
          classification: outcome.classification ?? state.settings.classification,
          ...(dryRun ? {} : { updated_at: NOW, updated_by: ADA }),
        };
        if (!dryRun) state.settings = next;
        return jsonResponse(200, { ...next, change: outcome.change ?? NO_CHANGE, saved: !dryRun } satisfies EuAiActSettingsSaveResponse);
      }
      if (path === `${base}/frameworks-questionnaires` && method === 'GET') return jsonResponse(200, { items: state.questionnaires });
      const answerPath = new RegExp(`^${base}/frameworks-questionnaires/([^/]+)/answers/([^/]+)$`).exec(path);
      if (answerPath && method === 'PUT') {
        const [, code, questionId] = answerPath.map(decodeURIComponent);
        const index = state.questionnaires.findIndex((q) => q.framework_code === code);
        const questionnaire = state.questionnaires[index];
        if (!questionnaire) return jsonResponse(404, { detail: 'The project does not apply this framework', code: 'not_found' });
        if (questionnaire.status === 'completed') return jsonResponse(409, { detail: 'The questionnaire is completed: reopen it to change an answer', code: 'conflict' });
        const { answer } = bodyOf<{ answer: string[] | null }>(call);
        const questions = questionnaire.questions.map((q) => (q.id === questionId ? { ...q, answer, answered_at: answer ? NOW : null, answered_by: answer ? ADA : null } : q));
        const answered = questions.filter((q) => q.answer !== null).length;
        const next: FrameworkQuestionnaire = { ...questionnaire, questions, answered, status: answered ? 'in_progress' : 'not_started' };
        if (!isDryRun(call)) state.questionnaires[index] = next;
        return jsonResponse(200, { questionnaire: isDryRun(call) ? questionnaire : next, change: answerChange?.(questionId!, answer) ?? NO_CHANGE, saved: !isDryRun(call) });
      }
      const completion = new RegExp(`^${base}/frameworks-questionnaires/([^/]+)/(complete|reopen)$`).exec(path);
      if (completion && method === 'POST') {
        const index = state.questionnaires.findIndex((q) => q.framework_code === decodeURIComponent(completion[1]!));
        const questionnaire = state.questionnaires[index]!;
        const done = completion[2] === 'complete';
        state.questionnaires[index] = { ...questionnaire, status: done ? 'completed' : 'in_progress', completed_at: done ? NOW : null, completed_by: done ? ADA : null };
        return jsonResponse(200, state.questionnaires[index]);
      }
      if (path === `${base}/statement-of-applicability`) return jsonResponse(200, buildSoa(state.soa));
      if (path === `${base}/statement-of-applicability.csv`) {
        return new Response('code,title,included\r\nA.6.1.2,Objectives,yes\r\n', { status: 200, headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="soa-iso-iec-42001.csv"' } });
      }
      const decision = new RegExp(`^${base}/requirements/([^/]+)/applicability$`).exec(path);
      if (decision && method === 'PUT') {
        const { decision: choice, justification } = bodyOf<{ decision: 'include' | 'exclude' | 'engine'; justification?: string }>(call);
        const index = state.soa.findIndex((item) => item.requirement_id === decision[1]);
        const item = state.soa[index]!;
        const next: SoaItem =
          choice === 'engine'
            ? { ...item, included: true, decided_by: 'default', justification: null, reason: `Applies: no scoping answer limits it — ${item.article}`, decided_at: null, decided_by_user: null }
            : {
                ...item,
                included: choice === 'include',
                decided_by: 'person',
                justification: justification ?? null,
                reason: `${choice === 'include' ? 'Included' : 'Excluded'} by a person: ${justification ?? ''} — ${item.article}`,
                decided_at: NOW,
                decided_by_user: ADA,
                status: choice === 'include' ? item.status : 'out_of_scope',
              };
        if (!isDryRun(call)) state.soa[index] = next;
        const change: ApplicabilityChange =
          choice === 'exclude' ? { ...NO_CHANGE, requirements_out: [{ id: item.requirement_id, framework_code: 'ISO_IEC_42001', code: item.code, title: item.title, reason: justification ?? '' }] } : NO_CHANGE;
        return jsonResponse(200, { item: next, change });
      }
      return undefined;
    },
  });
  return { ...api, state };
}
