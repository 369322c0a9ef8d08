import type { Project, TestingMetric, TestingResult, TestingSource, TestingTestListItem } from '@aegis/contracts';
import { jsonResponse, type FetchCall } from '../../../testing/fetch-stub';
import { stubProjectApi } from '../../../testing/project-api';

type TestingApi = {
  project: Project;
  tests?: TestingTestListItem[];
  sources?: TestingSource[];
  metrics?: TestingMetric[];
  results?: TestingResult[];
  /** Answers first; undefined falls through. */
  handle?: (call: FetchCall) => Response | undefined;
};

const pageOf = <T>(items: T[], url: string) => {
  const params = new URL(url, 'http://x').searchParams;
  const page = Number(params.get('page') ?? 1);
  const size = Number(params.get('size') ?? 10);
  return { items: items.slice((page - 1) * size, page * size), total: items.length, page, size, pages: Math.ceil(items.length / size) };
};

export const queryOf = (call: FetchCall) => Object.fromEntries(new URL(call.url, 'http://x').searchParams);
export const bodyOf = <T>(call: FetchCall) => JSON.parse(call.init.body as string) as T;

/**
 * A stand-in for a project's testing API on top of the project's: tests (one page of `tests`, whatever
 * the query), sources, their metrics and the results. Records every call.
 */
export function stubTestingApi({ project, tests = [], sources = [], metrics = [], results = [], handle }: TestingApi) {
  const base = `/api/v1/projects/${project.id}/testing`;
  return stubProjectApi({
    project,
    handle: (call) => {
      const answer = handle?.(call);
      if (answer) return answer;
      const path = call.url.split('?')[0]!;
      const method = call.init.method ?? 'GET';
      if (method !== 'GET') return undefined;
      if (path === `${base}/tests`) return jsonResponse(200, pageOf(tests, call.url));
      if (path === `${base}/sources`) return jsonResponse(200, pageOf(sources, call.url));
      const metricsOf = /\/sources\/([^/]+)\/metrics$/.exec(path);
      if (metricsOf) return jsonResponse(200, pageOf(metrics.filter((metric) => metric.source_id === metricsOf[1]), call.url));
      if (path === `${base}/tests-results`) return jsonResponse(200, pageOf(results, call.url));
      return undefined;
    },
  });
}
