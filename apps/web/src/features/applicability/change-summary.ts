import type { ApplicabilityChange } from '@aegis/contracts';
import { STATUS_STYLES } from '../../components/status-styles';

type Tense = 'would' | 'did';

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "a", "a and b", "a, b and c". */
export function joinWords(parts: readonly string[]): string {
  if (parts.length <= 1) return parts.join('');
  return `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

/** The controls kept, by the status that keeps them ("1 approved control is kept"). */
function keptParts(kept: ApplicabilityChange['controls_kept'], tense: Tense): string[] {
  const byStatus = new Map<string, number>();
  for (const control of kept) byStatus.set(control.status, (byStatus.get(control.status) ?? 0) + 1);
  return [...byStatus].map(([status, n]) => {
    const noun = n === 1 ? 'control' : 'controls';
    const verb = tense === 'would' ? (n === 1 ? 'is' : 'are') : n === 1 ? 'was' : 'were';
    if (status === 'in_review') return `${n} ${noun} under review ${verb} kept`;
    const adjective = STATUS_STYLES[status as keyof typeof STATUS_STYLES]?.label.toLowerCase() ?? status;
    return `${n} ${adjective} ${noun} ${verb} kept`;
  });
}

/**
 * What a change of answers moves, in one sentence: before a save ("12 requirements will become not
 * applicable, 3 controls go out of scope and 1 approved control is kept") or after it. Null when it
 * moves nothing.
 */
export function changeSummary(change: ApplicabilityChange, tense: Tense): string | null {
  const would = tense === 'would';
  const parts: string[] = [];
  const { requirements_out: out, requirements_in: back, controls_out: controlsOut, controls_restored: restored, controls_kept: kept } = change;
  if (out.length) parts.push(`${count(out.length, 'requirement', 'requirements')} ${would ? 'will become' : 'became'} not applicable`);
  if (back.length) parts.push(`${count(back.length, 'requirement', 'requirements')} ${would ? 'will become' : 'became'} applicable again`);
  if (controlsOut.length) {
    const verb = would ? (controlsOut.length === 1 ? 'goes' : 'go') : 'went';
    parts.push(`${count(controlsOut.length, 'control', 'controls')} ${verb} out of scope`);
  }
  if (restored.length) {
    const verb = would ? (restored.length === 1 ? 'comes' : 'come') : 'came';
    parts.push(`${count(restored.length, 'control', 'controls')} ${verb} back with the status ${restored.length === 1 ? 'it' : 'they'} had`);
  }
  parts.push(...keptParts(kept, tense));
  if (parts.length === 0) return null;
  const sentence = joinWords(parts);
  return `${sentence.charAt(0).toUpperCase()}${sentence.slice(1)}.`;
}

/** Whether the change takes anything out of scope: the save asks first. */
export const takesOutOfScope = (change: ApplicabilityChange) => change.requirements_out.length > 0 || change.controls_out.length > 0;
