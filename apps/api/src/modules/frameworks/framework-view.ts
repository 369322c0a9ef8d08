import type { FrameworkSummary, TemplateQuestion } from '@aegis/contracts';
import type { FrameworkRow } from './framework-repository';

const parsed = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

export const toSummary = (row: FrameworkRow): FrameworkSummary => ({
  framework_code: row.code,
  name: row.name,
  version: row.version,
  publisher: row.publisher,
  description: row.description,
  source: row.source,
  project_types: row.project_types,
  enabled: Boolean(row.enabled),
  requirement_count: Number(row.requirement_count),
  control_count: Number(row.control_count),
  created_at: new Date(row.created_at).toISOString(),
});

export const questionnaireOf = (row: FrameworkRow) => parsed<TemplateQuestion[]>(row.questionnaire) ?? [];
