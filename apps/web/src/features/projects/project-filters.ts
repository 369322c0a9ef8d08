/**
 * The list filters a project's screens keep in the query string (spec section 2, project header
 * tabs): the framework, the status, the tags, the name and the assigned-to-me flag — and the other
 * filters of the controls list (section 7: requirement, assigned to me for review; and needs
 * attention), of the risk register (category, above appetite and a heat map cell), of the evidence
 * list and of the Assets tab (type and nature), which would
 * otherwise come back with the next visit to it. Clicking a tab, or moving
 * to another project screen, drops them.
 */
export const PROJECT_FILTER_KEYS = [
  'framework', 'status', 'tags', 'tag', 'name', 'is_assigned_to_me', 'requirement', 'is_assigned_to_me_for_review', 'needs_attention',
  'category', 'above_appetite', 'likelihood', 'impact', 'residual_likelihood', 'residual_impact',
  'associated_controls', 'associated_risks', 'start_date', 'end_date', 'file_type', 'expiry_state', 'unlinked',
  'asset_card_type', 'asset_card_nature',
] as const;

/** The same parameters without the project filters; every other parameter stays as it was. */
export function clearProjectFilters(searchParams: URLSearchParams | string): URLSearchParams {
  const cleared = new URLSearchParams(searchParams);
  for (const key of PROJECT_FILTER_KEYS) cleared.delete(key);
  return cleared;
}

export function hasProjectFilters(searchParams: URLSearchParams | string): boolean {
  const params = new URLSearchParams(searchParams);
  return PROJECT_FILTER_KEYS.some((key) => params.has(key));
}

/** `?…` of the cleared parameters, or '' when none remain: ready for a link's `search`. */
export function clearedProjectSearch(search: string): string {
  const rest = clearProjectFilters(search).toString();
  return rest ? `?${rest}` : '';
}
