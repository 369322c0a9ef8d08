import type { ProjectPermission } from '@aegis/contracts';
import type { Deps } from '../../../deps';
import type { ReportSection } from '../../../lib/pdf-report-model';
import type { RequestContext } from '../../../plugins/auth';

/** What a section of the project report is given: the caller (whose rights decide what they may read) and the project. */
export type ExportScope = { deps: Pick<Deps, 'db'>; ctx: RequestContext; projectId: string };

/**
 * One part of the project export, contributed by the feature that owns the data. A section appears
 * only when the caller holds `right` on the project, so the PDF never shows more than the screens do.
 * It returns plain data (lib/pdf-report-model.ts): the PDF is drawn from it in a worker thread; null when
 * there is nothing to report for this project (the section is left out).
 */
export type ExportSection = { key: string; right: ProjectPermission; build(scope: ExportScope): Promise<ReportSection | null> };
