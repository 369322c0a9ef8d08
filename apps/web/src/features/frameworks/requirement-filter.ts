import type { RequirementNode } from '@aegis/contracts';

/** The search text of each node, built once per tree: filtering then only compares strings. */
export type RequirementIndex = ReadonlyMap<RequirementNode, string>;

export function indexRequirements(nodes: readonly RequirementNode[]): RequirementIndex {
  const index = new Map<RequirementNode, string>();
  const visit = (node: RequirementNode) => {
    index.set(node, [node.code, node.title, node.summary ?? '', ...node.controls.map((c) => c.control_code)].join('\n').toLocaleLowerCase());
    node.children.forEach(visit);
  };
  nodes.forEach(visit);
  return index;
}

export type RequirementFilter = {
  /** The tree cut down to the matches and their ancestors; a matching node keeps its whole subtree. */
  nodes: RequirementNode[];
  /** How many nodes match. */
  matches: number;
  /**
   * The codes to open so that every match shows: the ancestors of the matches and, when there are
   * few, the matches whose code and title do not show why they match (their summary or controls do).
   */
  open: Set<string>;
};

/** Beyond this many matches, opening every match would bury the list: only their ancestors open. */
export const MAX_OPENED_MATCHES = 50;

/**
 * The requirements whose code, title, summary or mapped control codes contain the query (case
 * insensitive), with their ancestors; an empty query keeps the whole tree.
 */
export function filterRequirements(nodes: readonly RequirementNode[], index: RequirementIndex, query: string): RequirementFilter {
  const needle = query.trim().toLocaleLowerCase();
  if (!needle) return { nodes: [...nodes], matches: 0, open: new Set() };
  const open = new Set<string>();
  const hiddenMatches: string[] = [];
  let matches = 0;
  const keep = (node: RequirementNode): RequirementNode | null => {
    const own = index.get(node)?.includes(needle) ?? false;
    if (own) {
      matches += 1;
      if (!`${node.code}\n${node.title}`.toLocaleLowerCase().includes(needle)) hiddenMatches.push(node.code);
    }
    const children = node.children.map(keep).filter((child): child is RequirementNode => child !== null);
    if (children.length > 0) open.add(node.code);
    if (own) return node;
    return children.length > 0 ? { ...node, children } : null;
  };
  const kept = nodes.map(keep).filter((node): node is RequirementNode => node !== null);
  if (matches <= MAX_OPENED_MATCHES) hiddenMatches.forEach((code) => open.add(code));
  return { nodes: kept, matches, open };
}

/**
 * The codes of the sections (nodes with children), for "Expand all sections": every requirement then
 * shows, each opened on its own (opening all their details at once would be a wall of text).
 */
export function sectionCodes(nodes: readonly RequirementNode[]): Set<string> {
  const codes = new Set<string>();
  const visit = (node: RequirementNode) => {
    if (node.children.length === 0) return;
    codes.add(node.code);
    node.children.forEach(visit);
  };
  nodes.forEach(visit);
  return codes;
}

/** How many nodes a tree holds, sections included. */
export function countNodes(nodes: readonly RequirementNode[]): number {
  return nodes.reduce((sum, node) => sum + 1 + countNodes(node.children), 0);
}
