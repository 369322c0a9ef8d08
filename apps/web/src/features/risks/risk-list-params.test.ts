import { describe, expect, it } from 'vitest';
import { clearedRiskFilters, hasRiskFilters, readRiskListParams, writeRiskListParams } from './risk-list-params';

const read = (query: string) => readRiskListParams(new URLSearchParams(query));

describe('the register’s URL', () => {
  it('reads every filter, the heat map cell, the page and the sort', () => {
    expect(read('name=bias&status=ready,in_review&is_assigned_to_me=true&category=fair,safe&above_appetite=true&needs_attention=true&likelihood=4&impact=5&page=3&size=25&sort_by=residual_score&descending=true')).toEqual({
      name: 'bias',
      status: ['ready', 'in_review'],
      isAssignedToMe: true,
      category: ['fair', 'safe'],
      aboveAppetite: true,
      needsAttention: true,
      cell: { view: 'inherent', likelihood: 4, impact: 5 },
      page: 3,
      size: 25,
      sortBy: 'residual_score',
      descending: true,
    });
  });

  it('leaves out what the API would refuse rather than sending it', () => {
    const params = read('status=ready,done&category=fair,weather&likelihood=6&impact=2&residual_likelihood=2&page=-1&size=13&sort_by=colour');
    expect(params).toMatchObject({ status: ['ready'], category: ['fair'], cell: undefined, page: 1, size: 10, sortBy: undefined });
    expect(read('residual_likelihood=2&residual_impact=1').cell).toEqual({ view: 'residual', likelihood: 2, impact: 1 });
  });

  it('writes a change with the defaults left out, back to page 1, and a cell as its own view’s two keys', () => {
    const current = new URLSearchParams('name=bias&page=4&likelihood=4&impact=5');
    expect(writeRiskListParams(current, { cell: { view: 'residual', likelihood: 2, impact: 3 } }).toString()).toBe('name=bias&residual_likelihood=2&residual_impact=3');
    expect(writeRiskListParams(current, { page: 2 }).toString()).toBe('name=bias&page=2&likelihood=4&impact=5');
    expect(writeRiskListParams(current, { status: ['ready'], isAssignedToMe: true, size: 10 }).toString()).toBe('name=bias&likelihood=4&impact=5&status=ready&is_assigned_to_me=true');
  });

  it('clears the filters and the cell, keeping the sort and the page size', () => {
    const cleared = clearedRiskFilters(new URLSearchParams('name=bias&status=ready&category=fair&above_appetite=true&residual_likelihood=2&residual_impact=2&sort_by=inherent_score&size=25'));
    expect(cleared.toString()).toBe('sort_by=inherent_score&size=25');
    expect(hasRiskFilters(readRiskListParams(cleared))).toBe(false);
    expect(hasRiskFilters(read('likelihood=1&impact=1'))).toBe(true);
  });
});
