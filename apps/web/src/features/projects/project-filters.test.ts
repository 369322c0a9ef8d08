import { describe, expect, it } from 'vitest';
import { clearedProjectSearch, clearProjectFilters, hasProjectFilters, PROJECT_FILTER_KEYS } from './project-filters';

describe('clearProjectFilters', () => {
  it('drops the framework, status, tag(s), name and assigned-to-me filters and keeps everything else', () => {
    const params = new URLSearchParams('framework=EU_AI_ACT&status=open&tags=a&tags=b&tag=c&name=bias&is_assigned_to_me=true&page=3&view=grid');
    const cleared = clearProjectFilters(params);
    expect([...cleared.entries()]).toEqual([
      ['page', '3'],
      ['view', 'grid'],
    ]);
    // The caller's parameters are left alone.
    expect(params.get('status')).toBe('open');
  });

  it('accepts a query string with or without its question mark', () => {
    expect(clearProjectFilters('?status=open&sort=name').toString()).toBe('sort=name');
    expect(clearProjectFilters('name=x').toString()).toBe('');
  });

  it('names exactly the keys of the spec, with the other filters of the controls list, the risk register, the evidence list and the Assets tab', () => {
    expect([...PROJECT_FILTER_KEYS].sort()).toEqual([
      'above_appetite', 'asset_card_nature', 'asset_card_type', 'associated_controls', 'associated_risks', 'category', 'end_date', 'expiry_state', 'file_type',
      'framework', 'impact', 'is_assigned_to_me', 'is_assigned_to_me_for_review', 'likelihood', 'name', 'needs_attention',
      'requirement', 'residual_impact', 'residual_likelihood', 'start_date', 'status', 'tag', 'tags', 'unlinked',
    ]);
  });

  it('drops the controls list’s requirement, review and attention filters too', () => {
    expect(clearProjectFilters('requirement=r1&is_assigned_to_me_for_review=true&needs_attention=true&sort_by=title').toString()).toBe('sort_by=title');
  });
});

describe('hasProjectFilters and clearedProjectSearch', () => {
  it('tells whether any filter is set', () => {
    expect(hasProjectFilters('?is_assigned_to_me=false')).toBe(true);
    expect(hasProjectFilters('?page=2&frameworks=x')).toBe(false);
    expect(hasProjectFilters('')).toBe(false);
  });

  it('gives a search ready for a link, empty when nothing is left', () => {
    expect(clearedProjectSearch('?status=open&page=2')).toBe('?page=2');
    expect(clearedProjectSearch('?status=open')).toBe('');
    expect(clearedProjectSearch('')).toBe('');
  });
});
