import { describe, expect, it } from 'vitest';
import { frameworkTemplate, frameworkTemplateJsonSchema } from './framework-template';

describe('framework template contract', () => {
  it('produces one JSON Schema (2020-12) with named recursive definitions', () => {
    const schema = frameworkTemplateJsonSchema() as { $schema: string; $id: string; required: string[]; $defs: Record<string, unknown>; properties: Record<string, unknown> };
    expect(frameworkTemplateJsonSchema()).toBe(schema);
    expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(schema.$id).toBe('framework-template.json');
    expect(schema.required).toEqual(['framework_code', 'name', 'version', 'requirements']);
    expect(Object.keys(schema.$defs).sort()).toEqual(['applies_when', 'requirement']);
    expect(schema.properties.requirements).toMatchObject({ items: { $ref: '#/$defs/requirement' } });
    expect(JSON.parse(JSON.stringify(schema))).toEqual(schema);
  });

  it('accepts plain control codes and mapping objects, nested sections and conditions', () => {
    const result = frameworkTemplate.safeParse({
      framework_code: 'ACME-1',
      name: 'Acme',
      version: '1',
      requirements: [
        {
          code: '1',
          title: 'Section',
          children: [{ code: '1.1', title: 'Leaf', controls: ['MFF-1.GOV.01', { code: 'MFF-1.RSK.02', relationship: 'superset', strength: 5 }], applies_when: { not: { any: [{ field: 'a.b', equals: true }] } } }],
        },
      ],
    });
    expect(result.success).toBe(true);
  });

  it('bounds strings and arrays', () => {
    const long = 'x'.repeat(501);
    const result = frameworkTemplate.safeParse({ framework_code: 'AB', name: 'n', version: '1', requirements: [{ code: 'a', title: long, controls: ['C'] }] });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ code: 'too_big', path: ['requirements', 0, 'title'] });
  });
});
