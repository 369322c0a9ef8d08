import type { CallerLookups } from './plugins/auth';
import { statisticsJob } from './db/statistics-job';
import { registerJob } from './jobs/registry';
import { fileRemovalJob } from './lib/storage/purge-job';
import { apiTokenRepository } from './modules/auth/api-token-repository';
import { soaSection } from './modules/applicability/soa-export-section';
import { assetCardReviewConcept } from './modules/asset-cards/asset-card-review-concept';
import { assetCardsSection } from './modules/asset-cards/asset-cards-export-section';
import { commentsSection } from './modules/comments/comment-export-section';
import { controlReviewConcept } from './modules/controls/control-review-concept';
import { controlsSection } from './modules/controls/controls-export-section';
import { evidenceSection } from './modules/evidence/evidence-export-section';
import { evidenceExpiryJob } from './modules/evidence/evidence-expiry-job';
import { evidenceReviewConcept } from './modules/evidence/evidence-review-concept';
import { evidenceTextJobs } from './modules/evidence/text/extraction-job';
import { activitySection } from './modules/logs/activity-export-section';
import { membersSection } from './modules/projects/export/members-section';
import { registerExportSection } from './modules/projects/export/sections';
import { requirementsSection } from './modules/requirements/requirements-export-section';
import { registerReviewConcept } from './modules/reviews/concept-registry';
import { riskReviewConcept } from './modules/risks/risk-review-concept';
import { risksSection } from './modules/risks/risks-export-section';
import { testReviewConcept } from './modules/testing/test-review-concept';
import { testScheduleJob } from './modules/testing/test-schedule-job';
import { testingSection } from './modules/testing/testing-export-section';
import { usersRepository } from './modules/users/repository';

/**
 * Where the features plug into the registries of the modules they extend: the project report's sections,
 * the concepts that can be reviewed, and the background jobs (src/jobs). The registries never import a
 * feature (lint: eslint/boundaries.js), so a new feature (risks, evidence, asset cards, tests) adds its
 * lines here.
 * buildApp calls it; registering again replaces, so building the app twice keeps one of each.
 */
export function composeFeatures() {
  // The report's order: who works on the project, what it must meet (and which of it applies), how, what happened, what was said.
  for (const section of [membersSection, requirementsSection, soaSection, controlsSection, risksSection, testingSection, evidenceSection, assetCardsSection, activitySection, commentsSection]) registerExportSection(section);
  for (const concept of [controlReviewConcept, riskReviewConcept, evidenceReviewConcept, assetCardReviewConcept, testReviewConcept]) registerReviewConcept(concept);
  for (const job of [fileRemovalJob, statisticsJob, evidenceExpiryJob, testScheduleJob]) registerJob(job);
  for (const job of evidenceTextJobs) registerJob(job);
}

/** Who is calling, for the auth plugin (plugins/auth.ts): API tokens and users with their memberships and sessions. */
export const callerLookups: CallerLookups = {
  apiTokenByHash: apiTokenRepository.findByHash,
  touchApiToken: apiTokenRepository.touch,
  caller: usersRepository.findWithMembership,
  projectRoles: usersRepository.projectRoles,
};
