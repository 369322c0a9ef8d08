import type { Deps } from '../../../deps';
import { sharedPdfPool, type PdfRenderer } from '../../../lib/pdf-pool';
import type { ReportSection } from '../../../lib/pdf-report-model';
import type { RequestContext } from '../../../plugins/auth';
import { projectService } from '../project-service';
import { projectReport } from './project-report';
import { exportSections } from './sections';

/**
 * The project report as a PDF: read from one consistent snapshot of the database on the event loop
 * (queries only), drawn in a worker thread of `renderer` (seconds of CPU for a long report).
 */
export function projectExportService(deps: Pick<Deps, 'db' | 'clock' | 'storage'>, renderer: PdfRenderer = sharedPdfPool) {
  return {
    /** `signal` aborts when the client goes away: a report still waiting for a worker is then not drawn. */
    async render(ctx: RequestContext, projectId: string, signal?: AbortSignal): Promise<{ name: string; pdf: Buffer }> {
      const { project, sections } = await deps.db.transaction(
        async (tx) => {
          const scope = { deps: { db: tx }, ctx, projectId };
          const project = await projectService({ db: tx, storage: deps.storage }).get(ctx, projectId);
          const rights = new Set<string>(project.rights);
          const sections: ReportSection[] = [];
          for (const section of exportSections()) {
            if (!rights.has(section.right)) continue;
            const built = await section.build(scope);
            if (built) sections.push(built);
          }
          return { project, sections };
        },
        { isolationLevel: 'repeatable read', accessMode: 'read only' },
      );
      const exportedBy = `${ctx.user.firstname} ${ctx.user.lastname}`.trim() || ctx.user.email;
      const model = projectReport({ project, organizationName: ctx.organizationName ?? '', exportedBy, exportedAt: deps.clock.now(), sections });
      return { name: project.name, pdf: await renderer.render(model, signal) };
    },
  };
}
