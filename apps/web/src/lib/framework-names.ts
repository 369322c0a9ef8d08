/**
 * The short names chips and compact lists show for a framework, by code: what people call it, not the
 * template's code (EU_AI_ACT) or its full title (ISO/IEC 42001:2023 AI management system).
 */
const SHORT_NAMES: Readonly<Record<string, string>> = {
  EU_AI_ACT: 'EU AI Act',
  ISO_IEC_42001: 'ISO/IEC 42001',
  NIST_AI_RMF: 'NIST AI RMF',
  'MFF-1': 'MFF-1',
};

/** Longer than this, a template's own name is too long for a chip. */
const MAX_CHIP_NAME = 24;

/**
 * A framework's short name: the catalogue's for the built-in frameworks; for an organization's own
 * template its name when that is short enough, else its code with spaces for underscores.
 */
export function frameworkShortName(code: string, name?: string): string {
  const known = SHORT_NAMES[code];
  if (known) return known;
  if (name && name.length <= MAX_CHIP_NAME) return name;
  return code.replace(/_/g, ' ');
}
