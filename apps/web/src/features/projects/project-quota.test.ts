import { describe, expect, it } from 'vitest';
import { canCreateProject, quotaBlocker, quotaSummary, typeChangeBlocker } from './project-quota';

const quota = (projects: number | null, ai = 0, organization = 0) => ({
  plan_quota: { projects },
  used_quota: { projects_ai_application: ai, projects_organization: organization },
});

describe('canCreateProject', () => {
  it('refuses both types while there is no quota data (loading or failed)', () => {
    expect(canCreateProject(undefined, 'ai_application')).toBe(false);
    expect(canCreateProject(undefined, 'organization')).toBe(false);
  });

  it('allows any number of projects when the plan sets no limit', () => {
    expect(canCreateProject(quota(null, 5000, 5000), 'ai_application')).toBe(true);
    expect(canCreateProject(quota(null, 5000, 5000), 'organization')).toBe(true);
  });

  it('allows a project below the limit and refuses one at it, per type', () => {
    expect(canCreateProject(quota(10, 9, 10), 'ai_application')).toBe(true);
    expect(canCreateProject(quota(10, 9, 10), 'organization')).toBe(false);
    expect(canCreateProject(quota(10, 10, 9), 'ai_application')).toBe(false);
    expect(canCreateProject(quota(10, 10, 9), 'organization')).toBe(true);
  });

  it('refuses above the limit (the plan was lowered) and with a limit of zero', () => {
    expect(canCreateProject(quota(2, 3, 0), 'ai_application')).toBe(false);
    expect(canCreateProject(quota(0), 'ai_application')).toBe(false);
    expect(canCreateProject(quota(0), 'organization')).toBe(false);
  });
});

describe('quota texts', () => {
  it('summarises the use of the chosen type, or says there is no limit', () => {
    expect(quotaSummary(quota(10, 2, 7), 'ai_application')).toBe('2 of 10 AI-application projects used');
    expect(quotaSummary(quota(10, 2, 7), 'organization')).toBe('7 of 10 organization projects used');
    expect(quotaSummary(quota(null, 2, 7), 'organization')).toBe('No project limit');
  });

  it('explains why creation is refused, and nothing when it is allowed', () => {
    expect(quotaBlocker(quota(10, 10), 'ai_application')).toBe(
      'Your plan allows 10 AI-application projects and all are in use. Ask your administrator to raise the quota.',
    );
    expect(quotaBlocker(undefined, 'organization')).toMatch(/quota has not been loaded/);
    expect(quotaBlocker(quota(10, 10), 'organization')).toBeNull();
  });

  it('explains why a project cannot change to a full type, and nothing when it can or the quota is unknown', () => {
    expect(typeChangeBlocker(quota(3, 1, 3), 'organization')).toBe(
      'Your plan allows 3 organization projects and all are in use, so this project cannot become one. Ask your administrator to raise the quota.',
    );
    expect(typeChangeBlocker(quota(3, 1, 3), 'ai_application')).toBeNull();
    expect(typeChangeBlocker(quota(null, 9, 9), 'organization')).toBeNull();
    expect(typeChangeBlocker(undefined, 'organization')).toBeNull();
  });
});
