import { describe, expect, it } from 'vitest';
import { PRODUCT_NAME } from '@aegis/contracts';
import { ADA as ada, buildActivityEntry as entry } from '../../testing/factories';
import { describeActivity } from './activity-text';

describe('describeActivity', () => {
  it('says who created the project and who asked for access', () => {
    expect(describeActivity(entry({}))).toBe('Ada Lovelace created the project');
    expect(describeActivity(entry({ action: 'access_requested' }))).toBe('Ada Lovelace asked for access to the project');
  });

  it('names what an update changed', () => {
    const before = { name: 'Old', description: '', project_type: 'ai_application', frameworks: [] };
    expect(describeActivity(entry({ action: 'updated', before, after: { ...before, name: 'Credit scoring' } }))).toBe(
      'Ada Lovelace renamed the project to “Credit scoring”',
    );
    expect(describeActivity(entry({ action: 'updated', before, after: { ...before, description: 'New', project_type: 'organization' } }))).toBe(
      'Ada Lovelace changed the type to Organization and changed the description',
    );
    expect(describeActivity(entry({ action: 'updated', before, after: before }))).toBe('Ada Lovelace updated the project');
    expect(describeActivity(entry({ action: 'updated' }))).toBe('Ada Lovelace updated the project');
  });

  it('tells adding, changing and removing a member apart', () => {
    const member = { object_type: 'project_member', object_id: 'u2', action: 'roles_changed' };
    expect(describeActivity(entry({ ...member, before: { roles: [] }, after: { roles: ['editor'] } }))).toBe('Ada Lovelace added a member as Editor');
    expect(describeActivity(entry({ ...member, before: { roles: ['editor'] }, after: { roles: ['owner', 'reviewer'] } }))).toBe(
      'Ada Lovelace changed the roles of a member to Owner, Reviewer',
    );
    expect(describeActivity(entry({ ...member, before: { roles: ['editor'] }, after: { roles: [] } }))).toBe('Ada Lovelace removed a member from the project');
    expect(describeActivity(entry({ ...member, object_id: ada.id, before: { roles: ['owner'] }, after: { roles: [] } }))).toBe('Ada Lovelace left the project');
  });

  it('describes comments and anything it has no words for yet', () => {
    expect(describeActivity(entry({ action: 'commented' }))).toBe('Ada Lovelace commented on the project');
    expect(describeActivity(entry({ object_type: 'asset_card', action: 'commented' }))).toBe('Ada Lovelace commented on an asset card');
    expect(describeActivity(entry({ object_type: 'risk', action: 'created' }))).toBe('Ada Lovelace created a risk');
    expect(describeActivity(entry({ object_type: 'risk', action: 'status_changed' }))).toBe('Ada Lovelace recorded “status changed” on a risk');
  });

  it('falls back to the e-mail, then to "Someone" for a removed account', () => {
    expect(describeActivity(entry({ actor: { ...ada, name: ' ' } }))).toBe('ada@demo.local created the project');
    expect(describeActivity(entry({ actor: null }))).toBe('Someone created the project');
    // The product's own checks (the daily evidence expiry) mark their entries.
    expect(describeActivity(entry({ actor: null, after: { by_system: true } })).startsWith('Aegis ')).toBe(true);
  });
});

describe('describeActivity for controls', () => {
  const control = { object_type: 'control', object_id: '0199a0b2-0000-7000-8000-0000000000d1' };
  it('says how the status moved, why it went out of scope, and a reopening', () => {
    expect(describeActivity(entry({ ...control, action: 'status_changed', before: { status: 'ready' }, after: { status: 'in_progress', justification: null } }))).toBe(
      'Ada Lovelace moved a control from Ready to In progress',
    );
    expect(describeActivity(entry({ ...control, action: 'status_changed', before: { status: 'ready' }, after: { status: 'out_of_scope', justification: 'Not used here' } }))).toBe(
      'Ada Lovelace marked a control out of scope: “Not used here”',
    );
    expect(describeActivity(entry({ ...control, action: 'status_changed', before: { status: 'approved' }, after: { status: 'in_progress' } }))).toBe('Ada Lovelace reopened a control');
    expect(describeActivity(entry({ ...control, action: 'status_changed', before: { status: 'approved' }, after: { status: 'in_progress', justification: 'Model retrained', via: 'reopened' } }))).toBe('Ada Lovelace reopened a control: “Model retrained”');
    expect(describeActivity(entry({ ...control, action: 'status_changed', before: { status: 'ready' }, after: { status: 'approved', justification: 'Board decision', via: 'forced' } }))).toBe(
      'Ada Lovelace set a control to Approved by force, without a review: “Board decision”',
    );
  });

  it('names the fields, the people and the tags that changed, and an assessment', () => {
    expect(describeActivity(entry({ ...control, action: 'updated', before: { notes: '', due_date: null }, after: { notes: 'x', due_date: '2027-01-31' } }))).toBe(
      'Ada Lovelace changed a control: the notes and the due date to 31-01-2027',
    );
    expect(describeActivity(entry({ ...control, action: 'updated', before: { notes: '', due_date: '2027-01-31' }, after: { notes: '', due_date: null } }))).toBe('Ada Lovelace removed the due date of a control');
    expect(describeActivity(entry({ ...control, action: 'assignees_changed', before: { assignees: ['a'], reviewers: [] }, after: { assignees: ['b', 'c'], reviewers: ['d'] } }))).toBe(
      'Ada Lovelace assigned 2 people, unassigned 1 person and named 1 reviewer on a control',
    );
    expect(describeActivity(entry({ ...control, action: 'tags_changed', before: { tags: [] }, after: { tags: ['t'] } }))).toBe('Ada Lovelace changed the tags of a control');
    expect(describeActivity(entry({ ...control, action: 'assessed', after: { result: 'partially_met', rationale: 'x' } }))).toBe('Ada Lovelace assessed a control as Partially met');
  });

  it('names the control and the people when the entry carries them', () => {
    const label = 'MFF-1.RSK.01 Risk management methodology and criteria';
    expect(describeActivity(entry({ ...control, action: 'status_changed', before: { status: 'ready' }, after: { status: 'in_progress', label } }))).toBe(
      `Ada Lovelace moved control ${label} from Ready to In progress`,
    );
    expect(
      describeActivity(entry({ ...control, action: 'assignees_changed', before: { assignees: [], reviewers: [] }, after: { assignees: ['e'], reviewers: ['r'], assignee_names: ['Eddie Editor'], reviewer_names: ['Rita Reviewer'], label } })),
    ).toBe(`Ada Lovelace assigned Eddie Editor and named Rita Reviewer reviewer on control ${label}`);
    expect(describeActivity(entry({ ...control, action: 'assessed', after: { result: 'met', rationale: 'x', label } }))).toBe(`Ada Lovelace assessed control ${label} as Met`);
  });

  it('says what a change went from and to: the due date, who was unassigned, which tags came and went, any other field', () => {
    const label = 'MFF-1.RSK.01 Risk management';
    expect(describeActivity(entry({ ...control, action: 'updated', before: { notes: '', due_date: '2027-01-31' }, after: { notes: '', due_date: '2027-02-28', label } }))).toBe(
      `Ada Lovelace changed the due date of control ${label} from 31-01-2027 to 28-02-2027`,
    );
    expect(
      describeActivity(
        entry({
          ...control,
          action: 'assignees_changed',
          before: { assignees: ['e'], reviewers: ['r'], assignee_names: ['Eddie Editor'], reviewer_names: ['Rita Reviewer'] },
          after: { assignees: [], reviewers: ['a'], assignee_names: [], reviewer_names: ['Adam Auditor'], label },
        }),
      ),
    ).toBe(`Ada Lovelace unassigned Eddie Editor, named Adam Auditor reviewer and removed Rita Reviewer as reviewer on control ${label}`);
    expect(describeActivity(entry({ ...control, action: 'tags_changed', before: { tags: ['f'], tag_names: ['Fairness'] }, after: { tags: ['p'], tag_names: ['Privacy'], label } }))).toBe(
      `Ada Lovelace tagged control ${label} Privacy and removed the tag Fairness`,
    );
    expect(describeActivity(entry({ ...control, action: 'updated', before: { title: 'Old', owner: null }, after: { title: 'New', owner: 'Team', label } }))).toBe(
      `Ada Lovelace changed control ${label}: the title from “Old” to “New” and the owner to “Team”`,
    );
  });
});

describe('describeActivity for scoping and risks', () => {
  const project = { object_type: 'project' };
  const risk = { object_type: 'risk', object_id: '0199a0b2-0000-7000-8000-0000000000f1' };
  it('says what the scoping changed and what a re-evaluation moved', () => {
    expect(describeActivity(entry({ ...project, action: 'eu_ai_act_settings_updated' }))).toBe('Ada Lovelace changed the EU AI Act settings');
    expect(describeActivity(entry({ ...project, action: 'applicability_changed', after: { cause: 'eu_ai_act_settings', counts: { requirements_out: 12, requirements_in: 0, controls_out: 1, controls_restored: 0, controls_kept: 1 } } }))).toBe(
      'Ada Lovelace re-evaluated what applies to the project: 12 requirements out of scope, 1 control out of scope',
    );
    expect(describeActivity(entry({ ...project, action: 'questionnaire_completed', after: { framework_code: 'ISO_IEC_42001' } }))).toBe('Ada Lovelace completed the ISO_IEC_42001 questionnaire');
    expect(describeActivity(entry({ ...project, action: 'questionnaire_answered', after: { framework_code: 'NIST_AI_RMF' } }))).toBe('Ada Lovelace answered a scoping question of NIST_AI_RMF');
  });

  it('names the treatment, actions, acceptance and links of a risk', () => {
    const label = { label: 'R-3 Model drift' };
    expect(describeActivity(entry({ ...risk, action: 'treatment_updated', after: label }))).toBe('Ada Lovelace changed the treatment of risk R-3 Model drift');
    expect(describeActivity(entry({ ...risk, action: 'strategy_added', after: { ...label, action: 'Retrain monthly' } }))).toBe('Ada Lovelace added the action “Retrain monthly” to risk R-3 Model drift');
    expect(describeActivity(entry({ ...risk, action: 'strategy_removed', before: { action: 'Retrain monthly' }, after: label }))).toBe('Ada Lovelace removed the action “Retrain monthly” from risk R-3 Model drift');
    expect(describeActivity(entry({ ...risk, action: 'acceptance_revoked', after: label }))).toBe('Ada Lovelace revoked the acceptance of risk R-3 Model drift');
    expect(describeActivity(entry({ ...risk, action: 'control_linked', after: { ...label, control: 'MFF-1.RSK.01 Risk management' } }))).toBe('Ada Lovelace linked MFF-1.RSK.01 Risk management to risk R-3 Model drift');
  });
});

describe('a test run', () => {
  it('says who or what ran it, the outcome, the value and the evidence', () => {
    const run = { object_type: 'test', action: 'run', before: null };
    expect(
      describeActivity(entry({ ...run, actor: null, after: { label: 'T-3 Approval-rate gap below 0.05', result_status: 'failed', observed_value: 0.0640001, trigger: 'schedule', evidence_count: 2, by_system: true } })),
    ).toBe(`${PRODUCT_NAME} ran test T-3 Approval-rate gap below 0.05 on schedule: failed (observed 0.064; evidence on 2 controls)`);
    expect(describeActivity(entry({ ...run, after: { label: 'T-1 AUC', result_status: 'error', observed_value: null, error: 'No value in the last 3 days', trigger: 'manual', evidence_count: 0 } }))).toBe(
      'Ada Lovelace ran test T-1 AUC: could not be judged (No value in the last 3 days)',
    );
  });
});
