import type { ControlDefinition, CrosswalkEntry, MappingRelationship, RequirementNode } from '@aegis/contracts';

/** A requirement of this framework that maps to a control. */
export type ControlUse = { requirement_code: string; requirement_title: string; relationship: MappingRelationship };

/** For each control code, the requirements of this framework that map to it, in tree order. */
export function usesByControl(requirements: readonly RequirementNode[]): Map<string, ControlUse[]> {
  const uses = new Map<string, ControlUse[]>();
  const visit = (node: RequirementNode) => {
    for (const mapping of node.controls) {
      const list = uses.get(mapping.control_code) ?? [];
      list.push({ requirement_code: node.code, requirement_title: node.title, relationship: mapping.relationship });
      uses.set(mapping.control_code, list);
    }
    node.children.forEach(visit);
  };
  requirements.forEach(visit);
  return uses;
}

/** Crosswalk entries grouped by framework, in the order they first appear. */
export function groupByFramework(entries: readonly CrosswalkEntry[]): { framework_code: string; framework_name: string; entries: CrosswalkEntry[] }[] {
  const groups = new Map<string, { framework_code: string; framework_name: string; entries: CrosswalkEntry[] }>();
  for (const entry of entries) {
    const group = groups.get(entry.framework_code) ?? { framework_code: entry.framework_code, framework_name: entry.framework_name, entries: [] };
    group.entries.push(entry);
    groups.set(entry.framework_code, group);
  }
  return [...groups.values()];
}

/** Controls whose code or title contain the query (case insensitive), in code order. */
export function filterControls(controls: readonly ControlDefinition[], query: string): ControlDefinition[] {
  const needle = query.trim().toLocaleLowerCase();
  const sorted = [...controls].sort((a, b) => a.control_code.localeCompare(b.control_code, undefined, { numeric: true }));
  if (!needle) return sorted;
  return sorted.filter((c) => `${c.control_code}\n${c.title}`.toLocaleLowerCase().includes(needle));
}
