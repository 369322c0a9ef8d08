import type { ExportSection } from './report-section';

/**
 * The project report's sections after the cover, in the order they were registered. Each feature that
 * holds project data contributes its section when the app is composed (src/composition.ts), so this
 * module never imports the features (requirements, controls, risks, evidence, asset cards, tests…).
 */
const sections = new Map<string, ExportSection>();

/** Adds a section, or replaces the one with the same key (composing the app twice keeps one of each). */
export function registerExportSection(section: ExportSection) {
  sections.set(section.key, section);
}

export const exportSections = (): readonly ExportSection[] => [...sections.values()];
