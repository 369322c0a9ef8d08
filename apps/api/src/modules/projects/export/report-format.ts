import { PRODUCT_NAME } from '@aegis/contracts';
import type { ReportBlock } from '../../../lib/pdf-report-model';

export const count = (n: number) => n.toLocaleString('en');

type LeftOut = { which: 'latest' | 'first'; things: string; rest: string; where: string };

/**
 * When a section shows only part of what the app holds, a note says so, so that nobody reads the report
 * as complete: "Showing the latest 500 of 1,234 entries. The 734 older entries are not in this report;
 * the project's activity log in Aegis holds them all." Nothing when it shows everything.
 */
export function leftOutNote(shown: number, total: number, { which, things, rest, where }: LeftOut): ReportBlock[] {
  if (total <= shown) return [];
  const text = `Showing the ${which} ${count(shown)} of ${count(total)} ${things}. The ${count(total - shown)} ${rest} are not in this report; ${where} in ${PRODUCT_NAME} holds them all.`;
  return [{ kind: 'note', text }];
}
