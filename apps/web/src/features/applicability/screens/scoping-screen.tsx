import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { Link as RouterLink } from 'react-router';
import type { Project } from '@aegis/contracts';
import { SectionHeading } from '../../../components/section-heading';
import { useIsFetching } from '@tanstack/react-query';
import { applicabilityKey } from '../api/applicability-keys';
import { EuAiActSettingsSection } from '../components/eu-ai-act-settings-section';
import { QuestionnairesSection } from '../components/questionnaires-section';
import { SoaSection } from '../components/soa-section';
import { useScrollToHash } from '../use-scroll-to-hash';

/** The framework whose statement of applicability the page shows first, when the project applies it. */
export const SOA_FRAMEWORK = 'ISO_IEC_42001';
/** The frameworks with a statement of applicability on the page, in the order it offers them (issue 30, item 18: the EU AI Act's too). */
export const SOA_FRAMEWORKS = [SOA_FRAMEWORK, 'EU_AI_ACT'] as const;

/**
 * The project's scoping: which obligations apply and why. Three parts, one under the other, each
 * with its anchor (#eu-ai-act, #questionnaires, #statement-of-applicability): the EU AI Act settings
 * and their classification, the frameworks' questionnaires, and the statement of applicability.
 * Readers see all of it; the rights decide what they may change.
 */
export function ScopingScreen({ project }: { project: Project }) {
  const can = (right: (typeof project.rights)[number]) => project.rights.includes(right);
  const showSettings = can('eu_ai_act_settings:read');
  const showQuestionnaires = can('questionnaire:read');
  const soaFrameworks = project.frameworks.filter((framework) => (SOA_FRAMEWORKS as readonly string[]).includes(framework.framework_code));
  soaFrameworks.sort((a, b) => SOA_FRAMEWORKS.indexOf(a.framework_code as (typeof SOA_FRAMEWORKS)[number]) - SOA_FRAMEWORKS.indexOf(b.framework_code as (typeof SOA_FRAMEWORKS)[number]));
  const showSoa = can('requirements:read') && soaFrameworks.length > 0;
  const sections = [
    showSettings && { id: 'eu-ai-act', label: 'EU AI Act settings' },
    showQuestionnaires && { id: 'questionnaires', label: 'Questionnaires' },
    showSoa && { id: 'statement-of-applicability', label: 'Statement of applicability' },
  ].filter((section) => section !== false);
  useScrollToHash(useIsFetching({ queryKey: applicabilityKey(project.id) }));

  return (
    <Box component="section" aria-labelledby="scoping-title">
      <SectionHeading
        id="scoping-title"
        level={2}
        title="Scoping"
        description="Which obligations apply to this AI system, and why. Requirements that do not apply stay visible, marked not applicable with their reason; changing an answer brings them back."
      />
      {sections.length > 1 && (
        <Box component="nav" aria-label="Scoping sections" sx={{ mb: 3 }}>
          <Stack component="ul" direction="row" useFlexGap sx={{ m: 0, p: 0, listStyle: 'none', flexWrap: 'wrap', gap: 2 }}>
            {sections.map((section) => (
              <li key={section.id}>
                <Link component={RouterLink} to={{ hash: `#${section.id}` }} replace>
                  {section.label}
                </Link>
              </li>
            ))}
          </Stack>
        </Box>
      )}
      {/* A section reached by its anchor lands below the app's sticky header, not under it. */}
      <Stack spacing={5} sx={{ '& h3[id]': { scrollMarginTop: 88 } }}>
        {showSettings && <EuAiActSettingsSection projectId={project.id} canUpdate={can('eu_ai_act_settings:update')} />}
        {showQuestionnaires && <QuestionnairesSection projectId={project.id} canAnswer={can('questions:answer')} canComplete={can('questionnaire:update')} />}
        {showSoa && <SoaSection projectId={project.id} frameworks={soaFrameworks.map((f) => ({ code: f.framework_code, name: f.name }))} canDecide={can('questionnaire:update')} />}
      </Stack>
    </Box>
  );
}
