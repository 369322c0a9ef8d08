import type { RequirementListItem } from '@aegis/contracts';

export type RequirementGroup = {
  /** The titles of the sections above the requirements, outermost first; empty at the top of the tree. */
  path: string[];
  requirements: RequirementListItem[];
};

/**
 * Consecutive requirements under the same sections, in the order given (the framework's tree order):
 * a section split by the paging, or by the filters, continues the group it started.
 */
export function groupBySection(requirements: readonly RequirementListItem[]): RequirementGroup[] {
  const groups: RequirementGroup[] = [];
  for (const requirement of requirements) {
    const last = groups.at(-1);
    if (last && last.path.join('\u0000') === requirement.section.join('\u0000')) last.requirements.push(requirement);
    else groups.push({ path: requirement.section, requirements: [requirement] });
  }
  return groups;
}
