import type { JobDefinition } from '../../jobs/registry';
import { workItems } from '../work-items/work-items';
import { markExpired, sendReminders } from './evidence-expiry';
import { distinctItems } from './evidence-link-service';
import { todayOf } from './sql-helpers';

/**
 * Evidence validity, once a day (06:00 UTC) and when an instance starts: owners are reminded a week and
 * a day before a file expires; a file past its expiry day is marked expired and the controls it supports
 * are flagged as needing attention. Idempotent: each reminder and each expiry is claimed on the row in
 * the transaction that acts on it, so a retried or repeated run does nothing twice.
 */
export const evidenceExpiryJob: JobDefinition = {
  name: 'evidence_expiry',
  label: 'Evidence expiry and reminders',
  schedule: { cron: '0 6 * * *', everyMinutes: 24 * 60 },
  atStart: true,
  retry: { limit: 3, delaySeconds: 300, backoff: true },
  async run({ deps, log }) {
    const today = todayOf(deps.clock.now());
    const reminded = await sendReminders(deps.db, today);
    const changed = await markExpired(deps.db, today);
    // The open screens of the evidence and of the controls flagged refresh.
    for (const item of distinctItems(changed)) await workItems.published(deps.db, item);
    const expired = changed.filter((item) => item.itemType === 'evidence').length;
    if (reminded || expired) log.info({ reminded, expired }, 'evidence validity checked');
    return { reminded, expired };
  },
};
