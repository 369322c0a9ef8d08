import { describe, expect, it } from 'vitest';
import type { RequirementNode } from '@aegis/contracts';
import { buildRequirement } from '../../testing/framework-factories';
import { countNodes, filterRequirements, indexRequirements, MAX_OPENED_MATCHES, sectionCodes } from './requirement-filter';

const tree: RequirementNode[] = [
  buildRequirement({
    code: 'Ch. III',
    title: 'High-risk AI systems',
    controls: [],
    children: [
      buildRequirement({
        code: 'Art. 9',
        title: 'Risk management system',
        controls: [],
        children: [
          buildRequirement({ code: 'Art. 9(1)', title: 'A risk management system is established', summary: 'Established, implemented, documented.' }),
          buildRequirement({ code: 'Art. 9(2)', title: 'It is a continuous iterative process', controls: [{ ...buildRequirement().controls[0]!, control_code: 'MFF-1.RSK.07' }] }),
        ],
      }),
      buildRequirement({ code: 'Art. 10', title: 'Data and data governance', controls: [], children: [buildRequirement({ code: 'Art. 10(2)', title: 'Training data practices' })] }),
    ],
  }),
  buildRequirement({ code: 'Art. 50', title: 'Transparency obligations' }),
];
const index = indexRequirements(tree);
const codes = (nodes: RequirementNode[]): string[] => nodes.flatMap((n) => [n.code, ...codes(n.children)]);

describe('filtering the requirement tree', () => {
  it('keeps the whole tree, nothing opened, for an empty query', () => {
    const result = filterRequirements(tree, index, '  ');
    expect(result.nodes).toEqual(tree);
    expect(result.open.size).toBe(0);
    expect(countNodes(tree)).toBe(7);
  });

  it('keeps the matches with their ancestors, and opens the way to them', () => {
    const result = filterRequirements(tree, index, 'iterative');
    expect(codes(result.nodes)).toEqual(['Ch. III', 'Art. 9', 'Art. 9(2)']);
    expect(result.matches).toBe(1);
    expect([...result.open]).toEqual(['Art. 9', 'Ch. III']);
  });

  it('matches codes, titles, summaries and control codes without regard to case, and opens a match whose reason is hidden', () => {
    expect(codes(filterRequirements(tree, index, 'art. 10(2)').nodes)).toEqual(['Ch. III', 'Art. 10', 'Art. 10(2)']);
    const bySummary = filterRequirements(tree, index, 'DOCUMENTED');
    expect(codes(bySummary.nodes)).toEqual(['Ch. III', 'Art. 9', 'Art. 9(1)']);
    expect(bySummary.open.has('Art. 9(1)')).toBe(true);
    expect(codes(filterRequirements(tree, index, 'mff-1.rsk.07').nodes)).toEqual(['Ch. III', 'Art. 9', 'Art. 9(2)']);
  });

  it('keeps a matching section whole', () => {
    const result = filterRequirements(tree, index, 'data governance');
    expect(codes(result.nodes)).toEqual(['Ch. III', 'Art. 10', 'Art. 10(2)']);
    expect(result.open.has('Art. 10')).toBe(false);
  });

  it('finds nothing without failing', () => {
    expect(filterRequirements(tree, index, 'quantum').nodes).toEqual([]);
  });

  it('stops opening hidden matches when there are too many', () => {
    const many = Array.from({ length: MAX_OPENED_MATCHES + 1 }, (_, i) => buildRequirement({ code: `R${i}`, title: 'Something', summary: 'needle' }));
    const result = filterRequirements(many, indexRequirements(many), 'needle');
    expect(result.matches).toBe(MAX_OPENED_MATCHES + 1);
    expect(result.open.size).toBe(0);
  });

  it('lists the sections for Expand all sections', () => {
    expect([...sectionCodes(tree)]).toEqual(['Ch. III', 'Art. 9', 'Art. 10']);
  });
});
