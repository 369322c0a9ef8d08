import { describe, expect, it } from 'vitest';
import { curlSnippet, logsUrl, pythonName, pythonSnippet } from './push-snippets';

const metrics = [{ id: 'm-1', name: 'Accuracy' }, { id: 'm-2', name: 'F1 score' }];

describe('the pipeline snippets', () => {
  it('post to the project’s logs with the token from the environment and the metrics’ ids', () => {
    const curl = curlSnippet('https://aegis.example', 'p-1', metrics);
    expect(curl).toContain(`curl -X POST '${logsUrl('https://aegis.example', 'p-1')}'`);
    expect(logsUrl('https://aegis.example', 'p-1')).toBe('https://aegis.example/api/v1/projects/p-1/testing/logs');
    expect(curl).toContain('Authorization: Bearer $AEGIS_TOKEN');
    expect(curl).toContain('{"metric_id": "m-1", "value": 0.93}');
    expect(curl).toContain('{"metric_id": "m-2", "value": 0.93}');
    const python = pythonSnippet('https://aegis.example', 'p-1', metrics);
    expect(python).toContain('requests.post(');
    expect(python).toContain('{"metric_id": "m-2", "value": f1_score}');
    expect(python).toContain("os.environ['AEGIS_TOKEN']");
  });

  it('show a placeholder when the source has no metric yet', () => {
    expect(curlSnippet('https://x', 'p', [])).toContain('"metric_id": "<metric id>"');
  });

  it('turn a metric’s name into a Python name', () => {
    expect(pythonName('F1 score (macro)')).toBe('f1_score_macro');
    expect(pythonName('95th percentile')).toBe('m_95th_percentile');
    expect(pythonName('%%')).toBe('value');
  });
});
