import type { Deps } from '../../../deps';
import { renderPdf } from '../../../lib/pdf';
import type { RequestContext } from '../../../plugins/auth';
import { projectService } from '../project-service';
import { ProjectReport } from './project-report';
import type { ReportSection } from './report-section';
import { EXPORT_SECTIONS } from './sections';

/** The project report as a PDF, read from one consistent snapshot of the database. */
export function projectExportService(deps: Pick<Deps, 'db' | 'clock' | 'storage'>) {
  return {
    async render(ctx: RequestContext, projectId: string): Promise<{ name: string; pdf: Buffer }> {
      const { project, sections } = await deps.db.transaction(
        async (tx) => {
          const scope = { deps: { db: tx }, ctx, projectId };
          const project = await projectService({ db: tx, storage: deps.storage }).get(ctx, projectId);
          const rights = new Set<string>(project.rights);
          const sections: ReportSection[] = [];
          for (const section of EXPORT_SECTIONS) if (rights.has(section.right)) sections.push(await section.build(scope));
          return { project, sections };
        },
        { isolationLevel: 'repeatable read', accessMode: 'read only' },
      );
      const exportedBy = `${ctx.user.firstname} ${ctx.user.lastname}`.trim() || ctx.user.email;
      const pdf = await renderPdf(
        <ProjectReport project={project} organizationName={ctx.organizationName ?? ''} exportedBy={exportedBy} exportedAt={deps.clock.now()} sections={sections} />,
      );
      return { name: project.name, pdf };
    },
  };
}
