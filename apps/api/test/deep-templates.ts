/** The hostile shapes of issue 17: about a thousand levels, a few KB each. */
export const deepTemplates = {
  flowYaml: { filename: 'deep.yaml', contentType: 'application/yaml', content: `framework_code: DEEP\nname: Deep\nrequirements: ${'['.repeat(1000)}${']'.repeat(1000)}\n`, line: 3 },
  blockYaml: {
    filename: 'deep.yaml',
    contentType: 'application/yaml',
    content: `framework_code: DEEP\nname: Deep\nrequirements:\n${Array.from({ length: 1000 }, (_, i) => `${'  '.repeat(i)}- k:`).join('\n')}\n`,
    line: 3 + 16,
  },
  json: { filename: 'deep.json', contentType: 'application/json', content: `{\n"framework_code": "DEEP",\n"requirements": ${'[{"a":'.repeat(500)}1${'}]'.repeat(500)}}`, line: 3 },
  mixed: {
    filename: 'deep.yaml',
    contentType: 'application/yaml',
    content: `framework_code: DEEP\nrequirements:\n${Array.from({ length: 10 }, (_, i) => `${'  '.repeat(i)}- c${i}:`).join('\n')} {"x": [${'{"y": ['.repeat(1000)}`,
    line: 12,
  },
};
