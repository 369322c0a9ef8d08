import { PRODUCT_NAME, PROJECT_TYPE_LABELS, type Project } from '@aegis/contracts';
import type { ReportModel, ReportSection } from '../../../lib/pdf-report-model';
import { displayDate, displayDateTime } from '../../../lib/display-date';

export type ProjectReportInput = {
  project: Project;
  organizationName: string;
  exportedBy: string;
  exportedAt: Date;
  sections: ReportSection[];
};


/** The project as an auditor reads it: a cover with its facts, then one section per feature. */
export function projectReport({ project, organizationName, exportedBy, exportedAt, sections }: ProjectReportInput): ReportModel {
  return {
    info: { title: project.name, author: exportedBy, subject: `${PRODUCT_NAME} project report`, creator: PRODUCT_NAME },
    cover: {
      kicker: `${PRODUCT_NAME} · Project report`,
      title: project.name,
      description: project.description || undefined,
      facts: [
        { label: 'Organization', value: organizationName },
        { label: 'Project type', value: PROJECT_TYPE_LABELS[project.project_type] },
        { label: 'Frameworks', value: project.frameworks.length ? project.frameworks.map((f) => f.name).join(', ') : 'None applied yet' },
        { label: 'Members', value: String(project.members) },
        { label: 'Created', value: displayDate(project.created_at) },
        { label: 'Exported', value: `${displayDateTime(exportedAt)} UTC by ${exportedBy}` },
      ],
    },
    footer: `${project.name} · times in UTC`,
    sections,
  };
}
