import { type FrameworkTemplate } from '@aegis/contracts';
// The generated templates (scripts/generate-framework-templates.mjs); imported, not read from disk, so
// esbuild inlines them into the bundle and every run mode (vitest, tsx, dist) sees the same content.
import euAiAct from './content/EU_AI_ACT.json' with { type: 'json' };
import isoIec42001 from './content/ISO_IEC_42001.json' with { type: 'json' };
import mff1 from './content/MFF-1.json' with { type: 'json' };
import nistAiRmf from './content/NIST_AI_RMF.json' with { type: 'json' };

/** The built-in templates by framework code, as generated (validated by content.test.ts). */
export const BUILT_IN_TEMPLATES: Readonly<Record<'MFF-1' | 'EU_AI_ACT' | 'ISO_IEC_42001' | 'NIST_AI_RMF', FrameworkTemplate>> = {
  'MFF-1': mff1 as FrameworkTemplate,
  EU_AI_ACT: euAiAct as FrameworkTemplate,
  ISO_IEC_42001: isoIec42001 as FrameworkTemplate,
  NIST_AI_RMF: nistAiRmf as FrameworkTemplate,
};

/** Codes of the MFF-1 controls: what an uploaded template may map to besides its own controls. */
export const MFF1_CONTROL_CODES: ReadonlySet<string> = new Set((mff1 as FrameworkTemplate).controls?.map((c) => c.code));
