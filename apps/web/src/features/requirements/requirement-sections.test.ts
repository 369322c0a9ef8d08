import { describe, expect, it } from 'vitest';
import { buildRequirement } from '../../testing/factories';
import { groupBySection } from './requirement-sections';

describe('groupBySection', () => {
  it('groups consecutive requirements under the same sections, in the order given', () => {
    const risk = ['High-risk', 'Risk management system'];
    const data = ['High-risk', 'Data governance'];
    const groups = groupBySection([
      buildRequirement({ code: '9(1)', section: risk }),
      buildRequirement({ code: '9(2)', section: risk }),
      buildRequirement({ code: '10(1)', section: data }),
      buildRequirement({ code: '4', section: [] }),
    ]);
    expect(groups.map((group) => [group.path.join(' > '), group.requirements.map((r) => r.code)])).toEqual([
      ['High-risk > Risk management system', ['9(1)', '9(2)']],
      ['High-risk > Data governance', ['10(1)']],
      ['', ['4']],
    ]);
  });

  it('starts a new group when a section comes back after another', () => {
    const groups = groupBySection([buildRequirement({ section: ['A'] }), buildRequirement({ section: ['B'] }), buildRequirement({ section: ['A'] })]);
    expect(groups.map((group) => group.path[0])).toEqual(['A', 'B', 'A']);
  });
});
