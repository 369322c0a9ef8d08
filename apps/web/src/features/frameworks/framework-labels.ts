import type { ChipProps } from '@mui/material/Chip';
import { MFF1_FRAMEWORK_CODE, type FrameworkSource, type LifecyclePhase } from '@aegis/contracts';

export { FRAMEWORK_SOURCE_LABELS, RELATIONSHIP_LABELS } from '@aegis/contracts';

/** Source chips: the built-ins stand out from uploads, the organization's own from the platform's. */
export const SOURCE_CHIP_COLORS: Record<FrameworkSource, ChipProps['color']> = {
  builtin: 'primary',
  platform: 'secondary',
  organization: 'default',
};

export const LIFECYCLE_PHASE_LABELS: Record<LifecyclePhase, string> = {
  plan_design: 'Plan and design',
  data: 'Data',
  build: 'Build',
  verify_validate: 'Verify and validate',
  deploy: 'Deploy',
  operate_monitor: 'Operate and monitor',
  retire: 'Retire',
  cross_cutting: 'Cross-cutting',
};

/** Mapping sources every template may cite; others are ids of the template's own `sources`. */
export const MAPPING_SOURCE_LABELS: Record<string, string> = {
  author: 'Stated by the template’s author',
  derived: 'Derived (see the rationale)',
};

export const mappingSourceLabel = (source: string) => MAPPING_SOURCE_LABELS[source] ?? `Source: ${source}`;

/** MFF-1 is the control library every framework maps to: it is always on. */
export const isAlwaysOn = (frameworkCode: string) => frameworkCode === MFF1_FRAMEWORK_CODE;

export const ALWAYS_ON_REASON = 'MFF-1 is the control library every framework maps to, so it is always on.';

/** Only platform frameworks (built-in or uploaded by the platform) are switched on and off per organization. */
export const isSwitchable = (source: FrameworkSource) => source !== 'organization';

export const organizationFrameworkPath = (frameworkCode: string) => `/organization/frameworks/${encodeURIComponent(frameworkCode)}`;
export const adminFrameworkPath = (frameworkCode: string) => `/admin/frameworks/${encodeURIComponent(frameworkCode)}`;
