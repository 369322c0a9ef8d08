import { describe, expect, it } from 'vitest';
import { clearedEvidenceFilters, evidenceQueryString, hasEvidenceFilters, readEvidenceListParams, writeEvidenceListParams } from './evidence-list-params';

const read = (query: string) => readEvidenceListParams(new URLSearchParams(query));

describe('the evidence list’s parameters', () => {
  it('read every spec filter from the URL under the API’s names', () => {
    const params = read(
      'name=bias&associated_controls=MFF-1.RSK.01,MFF-1.DAT.02&associated_risks=R-1&start_date=2026-01-01&end_date=2026-12-31&file_type=pdf,csv&status=ready&expiry_state=expiring,expired&is_assigned_to_me=true&unlinked=true&sort_by=size&descending=true&page=3&size=25',
    );
    expect(params).toEqual({
      name: 'bias',
      controls: ['MFF-1.RSK.01', 'MFF-1.DAT.02'],
      risks: ['R-1'],
      startDate: '2026-01-01',
      endDate: '2026-12-31',
      fileType: ['pdf', 'csv'],
      status: ['ready'],
      expiryState: ['expiring', 'expired'],
      isAssignedToMe: true,
      unlinked: true,
      page: 3,
      size: 25,
      sortBy: 'size',
      descending: true,
    });
    expect(hasEvidenceFilters(params)).toBe(true);
  });

  it('leave out what the API would refuse: unknown types, impossible dates, bad pages and sizes, unknown sorts', () => {
    const params = read('file_type=pdf,exe&status=done&start_date=2026-02-30&end_date=yesterday&page=-1&size=7&sort_by=owner&expiry_state=soon');
    expect(params).toMatchObject({ fileType: ['pdf'], status: [], startDate: undefined, endDate: undefined, page: 1, size: 10, sortBy: undefined, expiryState: [] });
  });

  it('default to page 1 of 10 in the server’s order, with no filter', () => {
    const params = read('');
    expect(params).toMatchObject({ page: 1, size: 10, sortBy: undefined, descending: false });
    expect(hasEvidenceFilters(params)).toBe(false);
    expect(evidenceQueryString(params)).toEqual({
      name: undefined,
      associated_controls: undefined,
      associated_risks: undefined,
      start_date: undefined,
      end_date: undefined,
      file_type: undefined,
      status: undefined,
      expiry_state: undefined,
      is_assigned_to_me: undefined,
      unlinked: undefined,
      sort_by: undefined,
      descending: undefined,
      page: 1,
      size: 10,
    });
  });

  it('write changes back, leaving defaults out and starting again at page 1 unless the page is what changed', () => {
    const current = new URLSearchParams('page=4&size=25&sort_by=name');
    expect(writeEvidenceListParams(current, { fileType: ['pdf', 'image'] }).toString()).toBe('size=25&sort_by=name&file_type=pdf%2Cimage');
    expect(writeEvidenceListParams(current, { page: 5 }).toString()).toBe('page=5&size=25&sort_by=name');
    expect(writeEvidenceListParams(new URLSearchParams('start_date=2026-01-01'), { startDate: undefined, size: 10 }).toString()).toBe('');
    expect(clearedEvidenceFilters(new URLSearchParams('name=x&associated_risks=R-1&unlinked=true&size=25')).toString()).toBe('size=25');
  });

  it('send lists comma-separated and the direction only with a sort', () => {
    const query = evidenceQueryString({ ...read('associated_controls=A,B&file_type=pdf&is_assigned_to_me=true&descending=true'), sortBy: undefined });
    expect(query).toMatchObject({ associated_controls: 'A,B', file_type: 'pdf', is_assigned_to_me: true, descending: undefined });
  });
});
