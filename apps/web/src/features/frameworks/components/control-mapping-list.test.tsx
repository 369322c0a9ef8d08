import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ControlMappingView } from '@aegis/contracts';
import { ControlMappingList } from './control-mapping-list';

const mapping = (code: string, strength: number | null): ControlMappingView => ({
  control_code: code,
  title: `Control ${code}`,
  relationship: 'intersect',
  source: 'author',
  rationale: null,
  strength,
});

describe('ControlMappingList', () => {
  it('says which links are weak (strength 3 of 10 or less), and only those', () => {
    render(<ControlMappingList mappings={[mapping('MFF-1.GOV.07', 3), mapping('MFF-1.RSK.02', 4), mapping('MFF-1.CON.01', null)]} crosswalk={{}} frameworkHref={() => '/'} query="" />);
    const items = screen.getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('strength 3/10 · weak link');
    expect(items[1]).toHaveTextContent('strength 4/10');
    expect(items[1]).not.toHaveTextContent('weak');
    expect(items[2]).not.toHaveTextContent(/strength|weak/);
  });
});
