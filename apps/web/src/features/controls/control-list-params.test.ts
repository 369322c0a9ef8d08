import { describe, expect, it } from 'vitest';
import { clearedControlFilters, hasControlFilters, readControlListParams, writeControlListParams } from './control-list-params';

const FRAMEWORKS = ['EU_AI_ACT', 'NIST_AI_RMF'];
const REQUIREMENT = '0199a0b2-0000-7000-8000-0000000000e9';
const TAG = '0199a0b2-0000-7000-8000-0000000000f9';

describe('the controls list in the URL', () => {
  it('reads every filter, the page and the sort under the spec’s keys', () => {
    const search = new URLSearchParams(
      `framework=EU_AI_ACT&requirement=${REQUIREMENT}&status=ready,in_progress&tags=${TAG}&name=risk&is_assigned_to_me=true&is_assigned_to_me_for_review=true&needs_attention=true&page=3&size=25&sort_by=due_date&descending=true`,
    );
    expect(readControlListParams(search, FRAMEWORKS)).toEqual({
      name: 'risk',
      framework: 'EU_AI_ACT',
      requirement: REQUIREMENT,
      status: ['ready', 'in_progress'],
      tags: [TAG],
      isAssignedToMe: true,
      isAssignedToMeForReview: true,
      needsAttention: true,
      page: 3,
      size: 25,
      sortBy: 'due_date',
      descending: true,
    });
  });

  it('leaves out what the list cannot use instead of sending it to be refused', () => {
    const params = readControlListParams(new URLSearchParams('framework=SOC2&requirement=nope&status=done,ready&tags=x&page=-1&size=7&sort_by=colour&is_assigned_to_me=yes'), FRAMEWORKS);
    expect(params).toMatchObject({ framework: undefined, requirement: undefined, status: ['ready'], tags: [], page: 1, size: 10, sortBy: undefined, isAssignedToMe: false });
    expect(hasControlFilters(params)).toBe(true);
    expect(hasControlFilters(readControlListParams(new URLSearchParams('page=2&sort_by=title'), FRAMEWORKS))).toBe(false);
  });

  it('round-trips: what is written reads back the same, defaults left out of the URL', () => {
    const written = writeControlListParams(new URLSearchParams('keep=1&page=4'), { status: ['approved', 'in_review'], tags: [TAG], isAssignedToMe: true, needsAttention: false, sortBy: 'title', descending: false });
    expect(written.toString()).toBe(`keep=1&status=approved%2Cin_review&tags=${TAG}&is_assigned_to_me=true&sort_by=title`);
    expect(readControlListParams(written, FRAMEWORKS)).toMatchObject({ status: ['approved', 'in_review'], tags: [TAG], isAssignedToMe: true, sortBy: 'title', page: 1 });
  });

  it('starts again at page 1 on any change but the page', () => {
    expect(writeControlListParams(new URLSearchParams('page=3'), { name: 'bias' }).get('page')).toBeNull();
    expect(writeControlListParams(new URLSearchParams('page=3'), { page: 5, size: 10 }).toString()).toBe('page=5');
    expect(writeControlListParams(new URLSearchParams('page=3&size=25'), { page: 1, size: 50 }).toString()).toBe('size=50');
  });

  it('clears the filters and keeps the sort and the page size', () => {
    const cleared = clearedControlFilters(new URLSearchParams('framework=EU_AI_ACT&status=ready&name=x&is_assigned_to_me_for_review=true&sort_by=title&size=25&page=2'));
    expect(cleared.toString()).toBe('sort_by=title&size=25');
  });
});
