type SnippetMetric = { id: string; name: string };

/** Where a pipeline pushes values. */
export const logsUrl = (origin: string, projectId: string) => `${origin}/api/v1/projects/${projectId}/testing/logs`;

/** An example value per metric: the first metrics of the source (a placeholder id when it has none yet). */
function exampleValues(metrics: readonly SnippetMetric[]) {
  const shown = metrics.slice(0, 3);
  return shown.length ? shown : [{ id: '<metric id>', name: 'metric' }];
}

/** A ready-to-copy curl call pushing one value per metric, the token read from an environment variable (never pasted in). */
export function curlSnippet(origin: string, projectId: string, metrics: readonly SnippetMetric[]): string {
  const values = exampleValues(metrics)
    .map((metric) => `      {"metric_id": "${metric.id}", "value": 0.93}`)
    .join(',\n');
  return [
    `curl -X POST '${logsUrl(origin, projectId)}' \\`,
    `  -H "Authorization: Bearer $AEGIS_TOKEN" \\`,
    `  -H 'Content-Type: application/json' \\`,
    `  -d '{`,
    `    "values": [`,
    values,
    `    ]`,
    `  }'`,
  ].join('\n');
}

/** The same push from Python with requests, as a training or evaluation script ends. */
export function pythonSnippet(origin: string, projectId: string, metrics: readonly SnippetMetric[]): string {
  const values = exampleValues(metrics)
    .map((metric) => `        {"metric_id": "${metric.id}", "value": ${pythonName(metric.name)}},`)
    .join('\n');
  return [
    'import os',
    'import uuid',
    'import requests',
    '',
    ...exampleValues(metrics).map((metric) => `${pythonName(metric.name)} = 0.93  # computed by your pipeline`),
    '',
    'response = requests.post(',
    `    "${logsUrl(origin, projectId)}",`,
    '    headers={"Authorization": f"Bearer {os.environ[\'AEGIS_TOKEN\']}"},',
    '    json={',
    '        # A retry with the same key stores nothing twice.',
    '        "idempotency_key": os.environ.get("CI_PIPELINE_ID") or str(uuid.uuid4()),',
    '        "values": [',
    values,
    '        ],',
    '    },',
    '    timeout=30,',
    ')',
    'response.raise_for_status()',
    'print(response.json())  # {"accepted": …, "duplicate": false, "tests_run": …}',
  ].join('\n');
}

/** A metric's name as a Python variable: lower case, underscores, never starting with a digit. */
export function pythonName(name: string): string {
  const base = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  if (!base) return 'value';
  return /^[0-9]/.test(base) ? `m_${base}` : base;
}
