import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { multipartFile, organizationId, sampleTemplate, uploadEvidence } from '../factories';
import type { TestApp } from '../helper';

/**
 * The two organizations the fuzzer plays with. "Own" is the seeded Demo Organization, whose people hold
 * every role and whose projects are under way; every caller belongs to it. "Foreign" is the seeded Other
 * Organization, which its admin (outsider@other.local) fills here through the API with what Demo has:
 * a project with a framework applied, members with project roles, a tag, a private template, a control
 * worked on, reviewed, commented and assessed, an invitation, an API token, notifications. Its ids, names
 * and codes are what no own caller may read or change.
 */

export type CallerKind = 'anonymous' | 'ordinary' | 'internal' | 'super';
export type Caller = {
  name: string;
  kind: CallerKind;
  email?: string;
  rights?: string[];
  apiToken?: boolean;
  authorization?: string;
};

/** Marks every name and code the foreign organization gets here, so that a leak of it is found by text. */
export const FOREIGN_MARK = `Fzb${randomBytes(3).toString('hex')}`;
const FOREIGN_CODE = FOREIGN_MARK.toUpperCase();
const FOREIGN_ADMIN = 'outsider@other.local';
const PASSWORD = 'fuzz-password-123';

/** Every organization role and every project role of Demo, plus the callers without a (valid) token. */
export function ownCallers(memberEmail: string): Caller[] {
  return [
    { name: 'anonymous', kind: 'anonymous' },
    { name: 'bad token', kind: 'anonymous', authorization: 'Bearer not-a-real-token' },
    { name: 'admin', kind: 'ordinary', email: 'admin@demo.local' },
    { name: 'admin (API token)', kind: 'ordinary', email: 'admin@demo.local', apiToken: true },
    { name: 'admin (narrowed token)', kind: 'ordinary', email: 'admin@demo.local', rights: ['projects:read', 'users:read', 'controls:read', 'reviews:read'] },
    { name: 'member', kind: 'ordinary', email: memberEmail },
    { name: 'owner', kind: 'ordinary', email: 'owner@demo.local' },
    { name: 'editor', kind: 'ordinary', email: 'editor@demo.local' },
    { name: 'reviewer', kind: 'ordinary', email: 'reviewer@demo.local' },
    { name: 'auditor', kind: 'ordinary', email: 'auditor@demo.local' },
    { name: 'internal', kind: 'internal', email: 'internal@demo.local' },
    { name: 'super admin', kind: 'super', email: 'super@demo.local' },
  ];
}

type Inject = ReturnType<TestApp['as']>;

async function expectOk(what: string, response: { statusCode: number; body: string }) {
  if (response.statusCode >= 300) throw new Error(`fuzz fixtures: ${what} answered ${response.statusCode} ${response.body.slice(0, 500)}`);
  return JSON.parse(response.body || 'null') as Record<string, unknown>;
}

export type World = Awaited<ReturnType<typeof buildWorld>>;

export async function buildWorld(t: TestApp) {
  const own = await organizationId(t, 'Demo Organization');
  const foreign = await organizationId(t, 'Other Organization');
  const admin = await t.login('admin@demo.local');
  const foreignAdmin = await t.login(FOREIGN_ADMIN);
  // Its seeded name is common words ("other organizational policies"): the mark makes a leak of it findable.
  await expectOk('foreign name', await foreignAdmin({ method: 'PATCH', url: `/api/organizations/${foreign}`, payload: { name: `${FOREIGN_MARK} Organization` } }));

  // Demo: a member without any project role, a pending invitation, a template of its own.
  await expectOk('own template', await admin({ method: 'POST', url: `/api/organizations/${own}/templates`, ...multipartFile(JSON.stringify(sampleTemplate())) }));
  const memberEmail = `fuzz-member-${randomBytes(3).toString('hex')}@demo.local`;
  await expectOk('own member', await admin({ method: 'POST', url: `/api/organizations/${own}/users_force`, payload: { email: memberEmail, firstname: 'Fuzz', lastname: 'Member', password: PASSWORD } }));
  await expectOk('own invitation', await admin({ method: 'POST', url: `/api/organizations/${own}/users`, payload: { email: `fuzz-invitee-${randomBytes(3).toString('hex')}@demo.local` } }));

  // Demo's evidence: a file on a control and a risk, so that the evidence operations get real ids.
  const demoProject = ((await t.db.execute(sql`select id::text as id from projects where organization_id = ${own} and name = 'Credit Scoring Model'`)) as unknown as { rows: { id: string }[] }).rows[0]!.id;
  const ownEvidence = await expectOk('own evidence', await uploadEvidence(admin, demoProject, 'Fuzz evidence: bias test notes', { filename: 'fuzz-notes.txt', query: { component_id: 'MFF-1.VAL.05', expires_on: '2099-01-01' } }));
  await expectOk('own evidence on a risk', await uploadEvidence(admin, demoProject, '%PDF-1.4 fuzz', { filename: 'fuzz.pdf', query: { component_id: 'R-1' } }));
  await expectOk('own evidence version', await uploadEvidence(admin, demoProject, 'Fuzz evidence: second version', { filename: 'fuzz-notes-v2.txt', evidenceId: ownEvidence.id as string }));

  await fillForeign(foreignAdmin, foreign);
  return { own, foreign, memberEmail, foreignAdmin, callers: ownCallers(memberEmail) };
}

/** The foreign organization, filled through the API by its admin. */
async function fillForeign(as: Inject, organization: string) {
  const project = await expectOk(
    'foreign project',
    await as({ method: 'POST', url: '/api/projects', payload: { name: `${FOREIGN_MARK} project`, project_type: 'ai_application', description: `${FOREIGN_MARK} secret`, frameworks: ['ISO_IEC_42001'] } }),
  );
  const projectId = project.id as string;
  const people: Record<string, string> = {};
  for (const role of ['editor', 'reviewer', 'auditor'] as const) {
    const created = await expectOk(
      `foreign ${role}`,
      await as({
        method: 'POST',
        url: `/api/organizations/${organization}/users_force`,
        payload: { email: `${FOREIGN_MARK.toLowerCase()}-${role}@other.test`, firstname: `${FOREIGN_MARK}${role}`, lastname: 'Foreign', password: PASSWORD },
      }),
    );
    people[role] = created.user_id as string;
    await expectOk(`foreign ${role} role`, await as({ method: 'POST', url: `/api/users/${people[role]}/roles?project_id=${projectId}&role=${role}` }));
  }
  await expectOk('foreign invitation', await as({ method: 'POST', url: `/api/organizations/${organization}/users`, payload: { email: `${FOREIGN_MARK.toLowerCase()}-invitee@other.test`, firstname: FOREIGN_MARK } }));
  const tag = await expectOk('foreign tag', await as({ method: 'POST', url: `/api/organizations/${organization}/tags`, payload: { name: `${FOREIGN_MARK} tag` } }));
  const template = sampleTemplate(`${FOREIGN_CODE}_POLICY`, { name: `${FOREIGN_MARK} policy`, publisher: FOREIGN_MARK });
  await expectOk('foreign template', await as({ method: 'POST', url: `/api/organizations/${organization}/templates`, ...multipartFile(JSON.stringify(template)) }));
  await expectOk('foreign template applied', await as({ method: 'POST', url: `/api/projects/${projectId}/frameworks`, payload: { framework_code: template.framework_code } }));

  const code = `${template.framework_code}.C1`;
  await expectOk('foreign control', await as({ method: 'PATCH', url: `/api/projects/${projectId}/controls/${code}`, payload: { status: 'in_progress', notes: `${FOREIGN_MARK} notes`, tags: [tag.tag_id] } }));
  const control = await expectOk('foreign control read', await as({ method: 'GET', url: `/api/projects/${projectId}/controls/${code}` }));
  await expectOk('foreign assignees', await as({ method: 'PATCH', url: `/api/projects/${projectId}/controls/${code}/assignees`, payload: { assignees: [people.editor], reviewers: [people.reviewer] } }));
  await expectOk('foreign assessment', await as({ method: 'POST', url: `/api/projects/${projectId}/controls/${code}/assessments`, payload: { result: 'partially_met', rationale: `${FOREIGN_MARK} rationale` } }));
  await expectOk('foreign comment', await as({ method: 'POST', url: `/api/projects/${projectId}/comments/control/${control.id}`, payload: { body: `${FOREIGN_MARK} comment` } }));
  const evidence = await expectOk(
    'foreign evidence',
    await uploadEvidence(as, projectId, `${FOREIGN_MARK} evidence text`, { filename: `${FOREIGN_MARK}-evidence.txt`, query: { name: `${FOREIGN_MARK} evidence`, component_id: code } }),
  );
  await expectOk('foreign evidence comment', await as({ method: 'POST', url: `/api/projects/${projectId}/comments/evidence/${evidence.id}`, payload: { body: `${FOREIGN_MARK} evidence comment` } }));
  await expectOk('foreign review', await as({ method: 'POST', url: `/api/projects/${projectId}/reviews/control/${control.id}`, payload: { reviewers: [people.reviewer], message: `${FOREIGN_MARK} please` } }));
  await expectOk('foreign API token', await as({ method: 'POST', url: '/api/auth/api', payload: { name: `${FOREIGN_MARK} token` } }));
}

type Person = { id: string; email: string; status: string | null; roles: string[]; projects: Record<string, string[]> };

/**
 * The roles, memberships and project roles of the own callers in the organization's projects of the
 * moment, read from the database, so that what an operation took from them (a role replaced, a
 * membership deactivated) is given back before the next.
 */
export async function callerState(t: TestApp, own: string, emails: string[]) {
  const list = sql.join(
    emails.map((e) => sql`${e}`),
    sql`, `,
  );
  const result = (await t.db.execute(sql`
    select u.id, u.email, m.status,
           coalesce((select array_agg(r.role::text order by r.role) from organization_member_roles r where r.organization_id = ${own} and r.user_id = u.id), '{}') as roles,
           coalesce((select json_object_agg(p.project_id, p.roles) from (
              select pm.project_id, array_agg(pm.role::text order by pm.role) as roles from project_memberships pm
               where pm.organization_id = ${own} and pm.user_id = u.id group by pm.project_id) p), '{}') as projects
      from users u left join organization_memberships m on m.user_id = u.id and m.organization_id = ${own}
     where u.email in (${list})`)) as unknown as { rows: Person[] };
  const projects = (await t.db.execute(sql`select id::text as id from projects where organization_id = ${own}`)) as unknown as { rows: { id: string }[] };
  return { people: new Map(result.rows.map((r) => [r.email, r])), projects: new Set(projects.rows.map((r) => r.id)) };
}

export type CallerState = Awaited<ReturnType<typeof callerState>>;

/** Project roles in the projects that were there at the start and still are. */
const within = (roles: Record<string, string[]>, projects: Set<string>) =>
  Object.fromEntries(Object.entries(roles).filter(([id]) => projects.has(id)).sort(([a], [b]) => a.localeCompare(b)));

/**
 * Gives the own callers back what the last operation took, through the API as the super admin (so that
 * whatever the server caches about callers hears of it), then the database for what no route restores
 * (a membership, the super admin's own roles). Projects created during the run are left as they are, and
 * a deleted project or organization stays deleted (operations.ts orders those last). Answers the e-mails
 * whose tokens must be minted again.
 */
export async function restoreCallers(t: TestApp, own: string, start: CallerState, superAdmin: () => Promise<Inject>): Promise<Set<string>> {
  const changed = new Set<string>();
  const exists = (await t.db.execute(sql`select 1 from organizations where id = ${own}`)) as unknown as { rows: unknown[] };
  if (!exists.rows.length) return changed;
  let now = await callerState(t, own, [...start.people.keys()]);
  const seeded = new Set([...start.projects].filter((id) => now.projects.has(id)));
  const drifted = (state: CallerState) =>
    [...start.people.values()].filter((want) => {
      const got = state.people.get(want.email);
      return got && (got.status !== 'active' || got.roles.join() !== want.roles.join() || JSON.stringify(within(got.projects, seeded)) !== JSON.stringify(within(want.projects, seeded)));
    });
  let as: Inject | undefined;
  const sa = async () => (as ??= await superAdmin());
  for (const want of drifted(now)) {
    const got = now.people.get(want.email)!;
    changed.add(want.email);
    if (!got.status) continue; // no route makes a membership without the person accepting an invitation
    const base = `/api/organizations/${own}/users/${want.id}`;
    if (got.status !== 'active') await (await sa())({ method: 'PATCH', url: `${base}/status`, payload: { status: 'active' } });
    if (got.roles.join() !== want.roles.join()) await (await sa())({ method: 'PATCH', url: `${base}/roles`, payload: { roles: want.roles } });
    const wanted = within(want.projects, seeded);
    const held = within(got.projects, seeded);
    for (const [projectId, roles] of Object.entries(wanted)) {
      if ((held[projectId] ?? []).join() !== roles.join()) await (await sa())({ method: 'PATCH', url: `/api/users/${want.id}/roles?project_id=${projectId}`, payload: { roles } });
    }
    for (const [projectId, roles] of Object.entries(held)) {
      if (wanted[projectId]) continue;
      for (const role of roles) await (await sa())({ method: 'DELETE', url: `/api/users/${want.id}/roles?project_id=${projectId}&role=${role}` });
    }
  }
  if (!changed.size) return changed;
  now = await callerState(t, own, [...start.people.keys()]);
  for (const want of drifted(now)) {
    await t.db.execute(sql`insert into organization_memberships (organization_id, user_id) values (${own}, ${want.id}) on conflict do nothing`);
    await t.db.execute(sql`update organization_memberships set status = 'active' where organization_id = ${own} and user_id = ${want.id}`);
    await t.db.execute(sql`delete from organization_member_roles where organization_id = ${own} and user_id = ${want.id}`);
    for (const role of want.roles) await t.db.execute(sql`insert into organization_member_roles (organization_id, user_id, role) values (${own}, ${want.id}, ${role})`);
    for (const projectId of seeded) {
      await t.db.execute(sql`delete from project_memberships where project_id = ${projectId} and user_id = ${want.id}`);
      for (const role of want.projects[projectId] ?? []) {
        await t.db.execute(sql`insert into project_memberships (project_id, user_id, organization_id, role) values (${projectId}, ${want.id}, ${own}, ${role})`);
      }
    }
  }
  return changed;
}
