import type { ActivityEntry } from '@aegis/contracts';
import { isObject } from './activity-values';

const OUTCOME: Record<string, string> = { passed: 'passed', failed: 'failed', error: 'could not be judged' };
const TRIGGER: Record<string, string> = { schedule: ' on schedule', new_value: ' on a new value', manual: '' };

/**
 * A test's run (modules/testing records `run` with the outcome): "ran test T-3 Approval-rate gap below 0.05
 * on schedule: failed (observed 0.064; 2 controls' evidence)". Undefined for any other entry.
 */
export function describeTestRun(entry: ActivityEntry): string | undefined {
  if (entry.object_type !== 'test' || entry.action !== 'run' || !isObject(entry.after)) return undefined;
  const after = entry.after;
  const label = typeof after.label === 'string' ? ` ${after.label}` : '';
  const trigger = TRIGGER[String(after.trigger)] ?? '';
  const outcome = OUTCOME[String(after.result_status)] ?? 'ran';
  const observed = typeof after.observed_value === 'number' ? `observed ${Number(after.observed_value.toPrecision(4))}` : typeof after.error === 'string' ? after.error : '';
  const evidence = typeof after.evidence_count === 'number' && after.evidence_count > 0 ? `evidence on ${after.evidence_count} ${after.evidence_count === 1 ? 'control' : 'controls'}` : '';
  const details = [observed, evidence].filter(Boolean).join('; ');
  return `ran test${label}${trigger}: ${outcome}${details ? ` (${details})` : ''}`;
}
