import { commentsSection } from '../../comments/comment-export-section';
import { controlsSection } from '../../controls/controls-export-section';
import { requirementsSection } from '../../requirements/requirements-export-section';
import { activitySection } from '../../logs/activity-export-section';
import { membersSection } from './members-section';
import type { ExportSection } from './report-section';

/**
 * The project report's sections after the cover, in order. A feature that holds project data adds its
 * section here (requirements, controls, risks, evidence, asset cards, tests as they arrive).
 */
export const EXPORT_SECTIONS: readonly ExportSection[] = [membersSection, requirementsSection, controlsSection, activitySection, commentsSection];
