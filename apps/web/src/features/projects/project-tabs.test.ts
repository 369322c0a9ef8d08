import { describe, expect, it } from 'vitest';
import { isProjectTabActive, PROJECT_TABS, visibleProjectTabs, type ProjectTab } from './project-tabs';

const base = '/projects/project-detail/p1';
const dashboard = PROJECT_TABS.find((tab) => tab.path === '')!;
const settings = PROJECT_TABS.find((tab) => tab.path === 'settings')!;
const risks: ProjectTab = { path: 'risks', label: 'Risks', activeAlso: ['risk-detail/:riskId'] };

describe('visibleProjectTabs', () => {
  it('shows Settings only with projects:update, projects:delete or user_roles:assign', () => {
    const labels = (rights: Parameters<typeof visibleProjectTabs>[0]) => visibleProjectTabs(rights).map((tab) => tab.label);
    expect(labels(['projects:read', 'dashboard:read', 'comments:create'])).toEqual(['Dashboard']);
    expect(labels(['projects:update'])).toEqual(['Dashboard', 'Settings']);
    expect(labels(['requirements:read', 'controls:read', 'projects:delete'])).toEqual(['Dashboard', 'Requirements', 'Controls', 'Settings']);
    expect(labels(['projects:delete'])).toEqual(['Dashboard', 'Settings']);
    expect(labels(['user_roles:assign'])).toEqual(['Dashboard', 'Settings']);
  });
});

describe('isProjectTabActive', () => {
  it('marks the dashboard only on the project itself', () => {
    expect(isProjectTabActive(dashboard, base, base)).toBe(true);
    expect(isProjectTabActive(dashboard, base, `${base}/`)).toBe(true);
    expect(isProjectTabActive(dashboard, base, `${base}/settings`)).toBe(false);
  });

  it('marks a tab on its own path and below it, and on the paths it is also active on', () => {
    expect(isProjectTabActive(settings, base, `${base}/settings`)).toBe(true);
    expect(isProjectTabActive(risks, base, `${base}/risks`)).toBe(true);
    expect(isProjectTabActive(risks, base, `${base}/risk-detail/r9`)).toBe(true);
    expect(isProjectTabActive(risks, base, `${base}/risk-detailed`)).toBe(false);
    expect(isProjectTabActive(settings, base, `${base}/risks`)).toBe(false);
  });

  it('marks Controls on a control’s page too', () => {
    const controls = PROJECT_TABS.find((tab) => tab.path === 'controls')!;
    expect(isProjectTabActive(controls, base, `${base}/control-detail/MFF-1.RSK.01`)).toBe(true);
    expect(isProjectTabActive(controls, base, `${base}/requirements`)).toBe(false);
    expect(PROJECT_TABS.map((tab) => tab.label)).toEqual(['Dashboard', 'Requirements', 'Controls', 'Risks', 'Evidence', 'Assets', 'Testing', 'Settings']);
  });

  it('marks Risks on a risk’s page too', () => {
    const risks = PROJECT_TABS.find((tab) => tab.path === 'risks')!;
    expect(isProjectTabActive(risks, base, `${base}/risk-detail/r1`)).toBe(true);
    expect(isProjectTabActive(risks, base, `${base}/controls`)).toBe(false);
  });

  it('marks Evidence on an evidence’s page too', () => {
    const evidence = PROJECT_TABS.find((tab) => tab.path === 'evidence')!;
    expect(isProjectTabActive(evidence, base, `${base}/evidence`)).toBe(true);
    expect(isProjectTabActive(evidence, base, `${base}/evidence-detail/e1`)).toBe(true);
    expect(isProjectTabActive(evidence, base, `${base}/risks`)).toBe(false);
    expect(visibleProjectTabs(['evidences:read']).map((tab) => tab.label)).toEqual(['Dashboard', 'Evidence']);
  });

  it('marks Assets on an asset card’s page too, for those who may read asset cards', () => {
    const assets = PROJECT_TABS.find((tab) => tab.path === 'assets')!;
    expect(isProjectTabActive(assets, base, `${base}/assets`)).toBe(true);
    expect(isProjectTabActive(assets, base, `${base}/asset-detail/a1`)).toBe(true);
    expect(isProjectTabActive(assets, base, `${base}/evidence`)).toBe(false);
    expect(visibleProjectTabs(['asset_cards:read']).map((tab) => tab.label)).toEqual(['Dashboard', 'Assets']);
  });

  it('never marks a tab of another project', () => {
    expect(isProjectTabActive(dashboard, base, '/projects/project-detail/p2')).toBe(false);
    expect(isProjectTabActive(settings, base, '/projects/project-detail/p10/settings')).toBe(false);
  });
});
