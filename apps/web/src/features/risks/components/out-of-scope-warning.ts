import type { WorkItemStatus } from '@aegis/contracts';

type Control = { control_code: string; status: WorkItemStatus };

/**
 * Why a linked control that is out of scope (not applicable, or set so by hand) does not reduce the risk:
 * nobody implements it, and the residual risk, which people assess, must not count on it. The link stays
 * allowed: scope may change back.
 */
export function outOfScopeWarning(controls: readonly Control[], reference: string): string {
  const codes = controls.map((control) => control.control_code);
  const named = codes.length === 1 ? `${codes[0]} is` : `${codes.slice(0, -1).join(', ')} and ${codes.at(-1)} are`;
  return `${named} out of scope: nobody works on ${codes.length === 1 ? 'it' : 'them'}, so ${codes.length === 1 ? 'it does' : 'they do'} not count as reducing ${reference}.`;
}
