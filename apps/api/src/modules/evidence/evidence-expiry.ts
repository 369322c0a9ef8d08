import { sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { recordActivity } from '../logs/record-activity';
import { notifyUsers } from '../notifications/notify';
import type { WorkItem } from '../work-items/work-items';
import { EXPIRED_REASON_PATTERN, expiredReason } from './evidence-rules';
import { controlLink, evidenceLink } from './evidence-view';
import { list, rowsOf } from './sql-helpers';

type Flagged = { id: string; project_id: string; organization_id: string; control_code: string; title: string };

const controlItem = (row: Flagged): WorkItem => ({
  organizationId: row.organization_id,
  projectId: row.project_id,
  itemType: 'control',
  itemId: row.id,
  label: `${row.control_code} ${row.title}`,
  link: controlLink(row.project_id, row.control_code),
});

/** The expired evidence (marked by the job) a control still rests on, if any: what its reason should name. */
async function expiredEvidenceOf(db: Executor, controlId: string) {
  return rowsOf<{ name: string; expires_on: string }>(
    await db.execute(sql`
      select e.name, e.expires_on::text as expires_on from evidence_links l join evidences e on e.id = l.evidence_id
       where l.control_id = ${controlId} and e.expired_at is not null and e.expires_on is not null
       order by e.expires_on, e.name limit 1`),
  )[0];
}

/**
 * Controls flagged because evidence they rest on expired, looked at again after that evidence changed
 * (a new expiry date, a new version, an unlink, a deletion): still flagged, naming another expired file,
 * when one is left; cleared otherwise. A reason of another kind is left alone. Answers the controls
 * it changed, for live events.
 */
export async function releaseControls(db: Executor, controlIds: readonly string[], actorId: string | null): Promise<WorkItem[]> {
  if (controlIds.length === 0) return [];
  const flagged = rowsOf<Flagged & { needs_attention_reason: string }>(
    await db.execute(sql`
      select pc.id, pc.project_id, pc.organization_id, pc.control_code, d.title, pc.needs_attention_reason
        from project_controls pc join control_definitions d on d.id = pc.control_id
       where pc.id in (${list(controlIds)}) and pc.needs_attention and pc.needs_attention_reason like ${EXPIRED_REASON_PATTERN}`),
  );
  const changed: WorkItem[] = [];
  for (const control of flagged) {
    const still = await expiredEvidenceOf(db, control.id);
    const reason = still ? expiredReason(still.name, still.expires_on) : null;
    if (reason === control.needs_attention_reason) continue;
    await db.execute(sql`update project_controls set needs_attention = ${reason !== null}, needs_attention_reason = ${reason}, updated_at = now() where id = ${control.id}`);
    const item = controlItem(control);
    await recordActivity(db, {
      organizationId: item.organizationId,
      projectId: item.projectId,
      actorId,
      objectType: 'control',
      objectId: control.id,
      action: reason ? 'needs_attention_changed' : 'needs_attention_cleared',
      before: { needs_attention_reason: control.needs_attention_reason },
      after: { label: item.label, needs_attention_reason: reason, ...(actorId === null ? { by_system: true } : {}) },
    });
    changed.push(item);
  }
  return changed;
}

/** Who is told of an evidence's expiry: its assignees (its owners), else whoever uploaded it, else created it. */
export async function ownersOf(db: Executor, evidenceId: string): Promise<string[]> {
  const rows = rowsOf<{ user_id: string }>(
    await db.execute(sql`
      select w.user_id from work_item_people w where w.item_type = 'evidence' and w.item_id = ${evidenceId} and w.role = 'assignee'
      union
      select coalesce(e.uploaded_by, e.created_by) from evidences e
       where e.id = ${evidenceId} and coalesce(e.uploaded_by, e.created_by) is not null
         and not exists (select 1 from work_item_people w where w.item_type = 'evidence' and w.item_id = e.id and w.role = 'assignee')`),
  );
  return rows.map((r) => r.user_id);
}

type Due = { id: string; organization_id: string; project_id: string; name: string; expires_on: string };

/** How many evidences one pass of the job handles at most; the next pass (or run) takes the rest. */
const BATCH = 200;

/**
 * Owners are told a week ahead (reminder 1) and the day before (reminder 2); an evidence that comes
 * within a day of its expiry unannounced gets only the second. Each reminder is recorded on the row in
 * the transaction that notifies, so a run repeated (a retry, two instances) sends nothing twice.
 */
export async function sendReminders(db: Db, today: string): Promise<number> {
  let sent = 0;
  for (;;) {
    const due = rowsOf<Due & { reminder: number }>(
      await db.execute(sql`
        select e.id, e.organization_id, e.project_id, e.name, e.expires_on::text as expires_on,
               case when e.expires_on <= ${today}::date + 1 then 2 else 1 end as reminder
          from evidences e
         where e.expires_on is not null and e.expires_on >= ${today}::date and e.expires_on <= ${today}::date + 7
           and e.expiry_reminders_sent < (case when e.expires_on <= ${today}::date + 1 then 2 else 1 end)
         order by e.expires_on, e.id limit ${BATCH}`),
    );
    for (const evidence of due) {
      const reminder = Number(evidence.reminder);
      const done = await db.transaction(async (tx) => {
        const claimed = rowsOf(
          await tx.execute(sql`update evidences set expiry_reminders_sent = ${reminder} where id = ${evidence.id} and expiry_reminders_sent < ${reminder} and expires_on = ${evidence.expires_on}::date returning id`),
        );
        if (claimed.length === 0) return false;
        const days = Math.round((Date.parse(`${evidence.expires_on}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
        const when = days <= 0 ? 'today' : days === 1 ? 'tomorrow' : `in ${days} days`;
        const userIds = await ownersOf(tx, evidence.id);
        if (userIds.length > 0) {
          await notifyUsers(tx, {
            organizationId: evidence.organization_id,
            userIds,
            name: `Evidence expires ${when}: ${evidence.name}`,
            message: `“${evidence.name}” stops proving anything after ${evidence.expires_on}. Upload a new version or move its expiry date; the controls it supports will need attention once it expires.`,
            link: evidenceLink(evidence.project_id, evidence.id),
            objectType: 'evidence',
            objectId: evidence.id,
          });
        }
        return true;
      });
      if (done) sent += 1;
    }
    if (due.length < BATCH) return sent;
  }
}

/**
 * Marks the evidence whose expiry day has passed: expired_at set, the controls it is linked to flagged
 * as needing attention (the reason names the file and the day), its owners told, one activity entry
 * for the evidence and one for each control it flagged. Answers the items changed, for live events.
 */
export async function markExpired(db: Db, today: string): Promise<WorkItem[]> {
  const changed: WorkItem[] = [];
  for (;;) {
    const due = rowsOf<Due>(
      await db.execute(sql`
        select e.id, e.organization_id, e.project_id, e.name, e.expires_on::text as expires_on from evidences e
         where e.expires_on is not null and e.expires_on < ${today}::date and e.expired_at is null
         order by e.expires_on, e.id limit ${BATCH}`),
    );
    for (const evidence of due) {
      const items = await db.transaction(async (tx) => {
        const claimed = rowsOf(await tx.execute(sql`update evidences set expired_at = now() where id = ${evidence.id} and expired_at is null and expires_on < ${today}::date returning id`));
        if (claimed.length === 0) return [];
        const reason = expiredReason(evidence.name, evidence.expires_on);
        const item: WorkItem = { organizationId: evidence.organization_id, projectId: evidence.project_id, itemType: 'evidence', itemId: evidence.id, label: evidence.name, link: evidenceLink(evidence.project_id, evidence.id) };
        const flagged = rowsOf<Flagged>(
          await tx.execute(sql`
            update project_controls pc set needs_attention = true, needs_attention_reason = ${reason}, updated_at = now()
              from evidence_links l, control_definitions d
             where l.evidence_id = ${evidence.id} and l.control_id = pc.id and d.id = pc.control_id and pc.detached_at is null
               -- A control already flagged for another reason keeps that reason (it needs attention either way).
               and (not pc.needs_attention or (pc.needs_attention_reason like ${EXPIRED_REASON_PATTERN} and pc.needs_attention_reason <> ${reason}))
            returning pc.id, pc.project_id, pc.organization_id, pc.control_code, d.title`),
        );
        await recordActivity(tx, {
          organizationId: item.organizationId,
          projectId: item.projectId,
          actorId: null,
          objectType: 'evidence',
          objectId: item.itemId,
          action: 'expired',
          // Made by the daily check, not a person: the log says so (an actor of null alone reads as a removed account).
          after: { label: item.label, expires_on: evidence.expires_on, controls: flagged.map((c) => c.control_code), by_system: true },
        });
        const controls = flagged.map(controlItem);
        for (const control of controls) {
          await recordActivity(tx, {
            organizationId: control.organizationId,
            projectId: control.projectId,
            actorId: null,
            objectType: 'control',
            objectId: control.itemId,
            action: 'evidence_expired',
            after: { label: control.label, evidence_id: item.itemId, evidence: item.label, expires_on: evidence.expires_on, needs_attention_reason: reason, by_system: true },
          });
        }
        const userIds = await ownersOf(tx, evidence.id);
        if (userIds.length > 0) {
          await notifyUsers(tx, {
            organizationId: item.organizationId,
            userIds,
            name: `Evidence expired: ${evidence.name}`,
            message: `“${evidence.name}” expired on ${evidence.expires_on}.${controls.length ? ` ${controls.map((c) => c.label.split(' ')[0]).join(', ')} now need${controls.length === 1 ? 's' : ''} attention.` : ''} Upload a new version or move its expiry date.`,
            link: item.link,
            objectType: 'evidence',
            objectId: item.itemId,
          });
        }
        return [item, ...controls];
      });
      changed.push(...items);
    }
    if (due.length < BATCH) return changed;
  }
}
