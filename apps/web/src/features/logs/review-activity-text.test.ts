import { describe, expect, it } from 'vitest';
import { buildActivityEntry as entry } from '../../testing/factories';
import { describeActivity } from './activity-text';

const control = { object_type: 'control', object_id: '0199a0b2-0000-7000-8000-0000000000d1' };
const label = 'MFF-1.RSK.01 Risk management methodology and criteria';
const rita = '0199a0b2-0000-7000-8000-0000000000b4';
const adam = '0199a0b2-0000-7000-8000-0000000000b5';

describe('describeActivity for reviews', () => {
  it('says who was asked to review, under which rule, and why a status was forced', () => {
    expect(describeActivity(entry({ ...control, action: 'review_requested', after: { reviewers: [rita], reviewer_names: ['Rita Reviewer'], rule: 'any', forced: false, label } }))).toBe(
      `Ada Lovelace asked Rita Reviewer to review control ${label}`,
    );
    expect(describeActivity(entry({ ...control, action: 'review_requested', after: { reviewers: [rita, adam], reviewer_names: ['Rita Reviewer', 'Adam Auditor'], rule: 'all', forced: false } }))).toBe(
      'Ada Lovelace asked Rita Reviewer and Adam Auditor to review a control (each must approve)',
    );
    expect(describeActivity(entry({ ...control, action: 'review_requested', after: { reviewers: [rita], rule: 'any', forced: true, justification: 'New model version', label } }))).toBe(
      `Ada Lovelace asked 1 reviewer to review control ${label}, forcing the status: “New model version”`,
    );
    expect(describeActivity(entry({ ...control, action: 'review_updated', before: { reviewers: [rita] }, after: { reviewers: [adam], reviewer_names: ['Adam Auditor'], label } }))).toBe(
      `Ada Lovelace changed the reviewers of control ${label} to Adam Auditor`,
    );
  });

  it('says what was decided, with the comment, and when other reviewers are still to decide', () => {
    expect(describeActivity(entry({ ...control, action: 'review_decided', after: { decision: 'approved', comment: 'Policy signed', outcome: 'approved', label } }))).toBe(
      `Ada Lovelace approved control ${label}: “Policy signed”`,
    );
    expect(describeActivity(entry({ ...control, action: 'review_decided', after: { decision: 'approved', comment: null, outcome: null, label } }))).toBe(
      `Ada Lovelace approved control ${label} (other reviewers still to decide)`,
    );
    expect(describeActivity(entry({ ...control, action: 'review_decided', after: { decision: 'rejected', comment: 'No owner named', outcome: 'rejected' } }))).toBe(
      'Ada Lovelace rejected a control: “No owner named”',
    );
  });

  it('describes a cancelled review and a forced approval', () => {
    expect(describeActivity(entry({ ...control, action: 'review_cancelled', after: { review_id: 'r', label } }))).toBe(`Ada Lovelace cancelled the review of control ${label}`);
    expect(describeActivity(entry({ ...control, action: 'review_forced', after: { status: 'approved', justification: 'Approved by the board', label } }))).toBe(
      `Ada Lovelace set control ${label} to Approved without a review: “Approved by the board”`,
    );
  });

  it('says why a review was recounted or cancelled without anyone deciding it', () => {
    const recounted = (after: Record<string, unknown>) => describeActivity(entry({ ...control, action: 'review_recounted', after: { review_id: 'r', removed_reviewers: [rita], removed_reviewer_names: ['Rita Reviewer'], stale: false, label, ...after } }));
    expect(recounted({ reason: 'deactivated', outcome: null })).toBe(`Ada Lovelace took Rita Reviewer off the review of control ${label}: deactivated in the organization`);
    expect(recounted({ reason: 'left_project', outcome: 'cancelled' })).toBe(
      `Ada Lovelace took Rita Reviewer off the review of control ${label}: left the project; nobody remained to decide, so the review was cancelled`,
    );
    expect(recounted({ reason: 'reviewers_changed', outcome: 'approved' })).toBe(
      `Ada Lovelace took Rita Reviewer off the review of control ${label}; everyone remaining had approved, so it was approved`,
    );
    expect(recounted({ reason: 'reviewers_changed', outcome: 'cancelled', stale: true })).toBe(
      `Ada Lovelace took Rita Reviewer off the review of control ${label}; the approvals given did not cover its changes, so the review was cancelled`,
    );
    expect(describeActivity(entry({ ...control, action: 'review_cancelled', after: { review_id: 'r', label, reason: 'framework_removed', framework_code: 'EU_AI_ACT', framework_name: 'EU AI Act' } }))).toBe(
      `Ada Lovelace cancelled the review of control ${label}: EU AI Act was removed from the project`,
    );
  });

  it('falls back to the generic words for a decision it cannot read', () => {
    expect(describeActivity(entry({ ...control, action: 'review_decided', after: { decision: 'maybe' } }))).toBe('Ada Lovelace recorded “review decided” on a control');
  });
});
