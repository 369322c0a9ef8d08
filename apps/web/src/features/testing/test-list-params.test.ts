import { describe, expect, it } from 'vitest';
import { readTestListParams, testsQueryString, writeTestListParams } from './test-list-params';

describe('the tests list’s URL', () => {
  it('reads what it can use and leaves out the rest', () => {
    const params = readTestListParams(new URLSearchParams('name=acc&result_status=failed,bogus,never_run&status=ready,nope&page=-1&size=7&sort_by=last_run_at&descending=true'));
    expect(params).toEqual({ name: 'acc', resultStatus: ['failed', 'never_run'], status: ['ready'], page: 1, size: 10, sortBy: 'last_run_at', descending: true });
    expect(testsQueryString(params)).toEqual({ name: 'acc', result_status: 'failed,never_run', status: 'ready', sort_by: 'last_run_at', descending: true, page: 1, size: 10 });
  });

  it('starts again at page 1 on a filter change and keeps the view', () => {
    const next = writeTestListParams(new URLSearchParams('view=tests&page=3'), { status: ['approved'] });
    expect(next.toString()).toBe('view=tests&status=approved');
    expect(writeTestListParams(next, { page: 2, size: 25 }).toString()).toBe('view=tests&status=approved&size=25&page=2');
  });
});
