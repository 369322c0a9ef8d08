import type { ReactElement } from 'react';
import type { ProjectPermission } from '@aegis/contracts';
import type { Deps } from '../../../deps';
import type { RequestContext } from '../../../plugins/auth';

/** What a section of the project report is given: the caller (whose rights decide what they may read) and the project. */
export type ExportScope = { deps: Pick<Deps, 'db'>; ctx: RequestContext; projectId: string };

export type ReportSection = { title: string; intro?: string; content: ReactElement };

/**
 * One part of the project export, contributed by the feature that owns the data. A section appears
 * only when the caller holds `right` on the project, so the PDF never shows more than the screens do.
 */
export type ExportSection = { key: string; right: ProjectPermission; build(scope: ExportScope): Promise<ReportSection> };
