import { z } from 'zod';

export const PROJECT_TYPES = ['ai_application', 'organization'] as const;
export const projectType = z.enum(PROJECT_TYPES, { error: 'project_type must be ai_application or organization' });
export type ProjectType = z.infer<typeof projectType>;

export const PROJECT_TYPE_LABELS: Record<ProjectType, string> = { ai_application: 'AI application', organization: 'Organization' };
