import { describe, expect, it } from 'vitest';
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
  });
});
