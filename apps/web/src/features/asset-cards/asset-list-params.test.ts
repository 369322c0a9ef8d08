import { describe, expect, it } from 'vitest';
import { assetCardsQueryString, clearedAssetFilters, hasAssetFilters, readAssetListParams, writeAssetListParams } from './asset-list-params';

const read = (search: string) => readAssetListParams(new URLSearchParams(search));

describe('the Assets tab’s parameters', () => {
  it('reads the spec’s filters, the page and the sort from the URL, leaving out what the list cannot use', () => {
    expect(read('name=credit&status=ready,approved,bogus&is_assigned_to_me=true&asset_card_type=model,dataset,robot&asset_card_nature=open_source&sort_by=asset_card_type&descending=true&page=2&size=25')).toEqual({
      name: 'credit',
      status: ['ready', 'approved'],
      isAssignedToMe: true,
      type: ['model', 'dataset'],
      nature: ['open_source'],
      page: 2,
      size: 25,
      sortBy: 'asset_card_type',
      descending: true,
    });
    expect(read('page=-1&size=7&sort_by=license')).toMatchObject({ page: 1, size: 10, sortBy: undefined });
  });

  it('asks the API with the spec’s names: lists comma-separated, flags only when set, page 1 and size 10 by default', () => {
    expect(assetCardsQueryString(read(''))).toEqual({ page: 1, size: 10 });
    expect(assetCardsQueryString(read('asset_card_type=model,ai_system&asset_card_nature=in_house,third_party&status=in_review&is_assigned_to_me=true&name=scoring&sort_by=name&descending=true'))).toEqual({
      name: 'scoring',
      status: 'in_review',
      is_assigned_to_me: true,
      asset_card_type: 'model,ai_system',
      asset_card_nature: 'in_house,third_party',
      sort_by: 'name',
      descending: true,
      page: 1,
      size: 10,
    });
  });

  it('writes changes back, leaving defaults out and starting again at page 1 on any change but the page', () => {
    const current = new URLSearchParams('page=3&sort_by=name&view=x');
    expect(writeAssetListParams(current, { type: ['dataset'] }).toString()).toBe('sort_by=name&view=x&asset_card_type=dataset');
    expect(writeAssetListParams(current, { page: 4 }).toString()).toBe('page=4&sort_by=name&view=x');
    expect(writeAssetListParams(new URLSearchParams('asset_card_nature=open_source'), { nature: [], isAssignedToMe: true }).toString()).toBe('is_assigned_to_me=true');
  });

  it('tells whether a filter is set, and clears them all keeping the size and sort', () => {
    expect(hasAssetFilters(read('sort_by=name&page=2'))).toBe(false);
    expect(hasAssetFilters(read('asset_card_nature=third_party'))).toBe(true);
    expect(clearedAssetFilters(new URLSearchParams('name=x&status=ready&is_assigned_to_me=true&asset_card_type=model&asset_card_nature=in_house&size=25&sort_by=status')).toString()).toBe('size=25&sort_by=status');
  });
});
