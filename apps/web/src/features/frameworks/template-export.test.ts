import { describe, expect, it } from 'vitest';
import { frameworkTemplate } from '@aegis/contracts';
import { buildControlDefinition, buildFrameworkDetail, buildRequirement } from '../../testing/framework-factories';
import { frameworkAsTemplate, templateFile } from './template-export';

const SCHEMA = 'http://localhost/api/schemas/framework-template.json';

describe('a framework as a template file', () => {
  it('is a valid template: requirements with their mappings, the questionnaire, no empty keys', () => {
    const template = frameworkAsTemplate(buildFrameworkDetail(), SCHEMA);
    expect(frameworkTemplate.safeParse(template).success).toBe(true);
    expect(template).toMatchObject({ $schema: SCHEMA, framework_code: 'EU_AI_ACT', name: 'EU AI Act', version: '2024/1689' });
    // MFF-1's controls are the library's, not the framework's own.
    expect(template).not.toHaveProperty('controls');
    const [chapter, transparency] = template.requirements as Record<string, unknown>[];
    expect(chapter).not.toHaveProperty('controls');
    expect(transparency).toEqual({
      code: 'Art. 50(1)',
      title: 'People are told they interact with an AI system',
      coverage: 'partial',
      coverage_note: 'Designing the disclosure into the interface is not covered by any control.',
      controls: [{ code: 'MFF-1.TRA.04', relationship: 'superset', source: 'author', strength: 6 }],
    });
  });

  it('keeps the framework’s own controls and declares the sources it cites', () => {
    const detail = buildFrameworkDetail({
      framework_code: 'ACME',
      controls: [buildControlDefinition(), buildControlDefinition({ control_code: 'ACME.REG', title: 'Model registry', defined_by: 'ACME', lifecycle_phase: ['build'] })],
      requirements: [
        buildRequirement({
          code: '1',
          controls: [{ control_code: 'ACME.REG', title: 'Model registry', relationship: 'intersect', source: 'ACME-XWALK', rationale: 'Feeds the inventory.', strength: null }],
        }),
      ],
    });
    const template = frameworkAsTemplate(detail, SCHEMA);
    expect(frameworkTemplate.safeParse(template).success).toBe(true);
    expect(template.sources).toEqual([{ id: 'ACME-XWALK', title: 'ACME-XWALK' }]);
    expect(template.controls).toEqual([
      { code: 'ACME.REG', title: 'Model registry', objective: 'People who build, run or oversee AI know enough to do it well.', guidance: 'Train by role; refresh yearly.', evidence_examples: ['Training plan', 'Attendance records'], domain: 'Literacy', lifecycle_phase: ['build'] },
    ]);
  });

  it('is saved as <code>.json', async () => {
    const file = templateFile(buildFrameworkDetail(), SCHEMA);
    expect(file.name).toBe('EU_AI_ACT.json');
    expect(JSON.parse(await file.text())).toMatchObject({ framework_code: 'EU_AI_ACT' });
  });
});
