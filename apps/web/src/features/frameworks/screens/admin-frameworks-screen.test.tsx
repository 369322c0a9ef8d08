import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { PlatformFrameworkDetail } from '@aegis/contracts';
import { signIn } from '../../../testing/app-api';
import { buildCurrentUser, DEMO_ORGANIZATION } from '../../../testing/factories';
import { jsonResponse } from '../../../testing/fetch-stub';
import { buildFrameworkDetail, buildPlatformFramework } from '../../../testing/framework-factories';
import { stubFrameworksApi } from '../../../testing/frameworks-api';
import { renderApp } from '../../../testing/render-app';

vi.mock('../../../lib/unread-stream', () => ({ startUnreadStream: vi.fn(), stopUnreadStream: vi.fn(), useUnreadCount: vi.fn(() => 0) }));

const internal = buildCurrentUser({
  roles: ['internal'],
  organization_roles: [{ organization_id: DEMO_ORGANIZATION.id, role: 'internal' }],
  organization_rights: { [DEMO_ORGANIZATION.id]: ['internal_metrics:read', 'templates:upload'] },
});

const euAiAct = buildPlatformFramework();
const mff1 = buildPlatformFramework({ framework_code: 'MFF-1', name: 'MFF-1 control library', organizations_enabled: 4, projects_using: 9 });
const unused = buildPlatformFramework({ framework_code: 'SECTOR_GUIDE', name: 'Sector guide', source: 'platform', enabled_by_default: false, organizations_enabled: 0, projects_using: 0 });
const used = buildPlatformFramework({ framework_code: 'BANK_RULES', name: 'Bank rules', source: 'platform', enabled_by_default: false, organizations_enabled: 1, projects_using: 2 });

const OTHER_ORG = '0199a0b2-0000-7000-8000-0000000000d9';
const organizations = () => [
  { organization_id: DEMO_ORGANIZATION.id, name: 'Demo Organization', enabled: true, projects_using: 4 },
  { organization_id: OTHER_ORG, name: 'Globex', enabled: false, projects_using: 0 },
];
const detailOf = (code: string, name: string): PlatformFrameworkDetail => ({
  framework: buildFrameworkDetail({ framework_code: code, name }),
  organizations: organizations(),
});

async function open(path: string, options: Parameters<typeof stubFrameworksApi>[0] = {}) {
  signIn();
  const api = stubFrameworksApi({
    user: internal,
    platform: [euAiAct, mff1, unused, used],
    platformDetails: { EU_AI_ACT: detailOf('EU_AI_ACT', 'EU AI Act'), 'MFF-1': detailOf('MFF-1', 'MFF-1 control library') },
    ...options,
  });
  const view = renderApp(path);
  return { ...api, ...view, user: userEvent.setup() };
}

describe('admin-frameworks', () => {
  it('lists the platform frameworks with their use, from the Frameworks tab', async () => {
    const { router, user } = await open('/admin');
    await user.click(await within(await screen.findByRole('navigation', { name: 'Admin sections' })).findByRole('link', { name: 'Frameworks' }));
    const table = await screen.findByRole('table', { name: 'Frameworks' });
    expect(router.state.location.pathname).toBe('/admin/frameworks');
    expect(within(screen.getByRole('navigation', { name: 'Admin sections' })).getByRole('link', { name: 'Frameworks' })).toHaveAttribute('aria-current', 'page');
    const row = within(table).getByRole('row', { name: /EU AI Act/ });
    expect(within(row).getByText('On by default for every organization')).toBeInTheDocument();
    expect(within(row).getByText('3')).toBeInTheDocument();
    expect(within(row).getByText('5')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'EU AI Act' })).toHaveAttribute('href', '/admin/frameworks/EU_AI_ACT');
    // Built-ins cannot be deleted; an uploaded one in use cannot either, and says why.
    expect(within(row).queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Delete Bank rules (not possible: 2 projects use it)' })).toBeDisabled();
  });

  it('uploads a framework, enabled for every organization when asked, and shows the problems of a bad one', async () => {
    let attempts = 0;
    const { calls, user } = await open('/admin/frameworks', {
      onUpload: () => {
        attempts += 1;
        return attempts === 1
          ? jsonResponse(422, { detail: 'The template is not valid.', code: 'unprocessable_content', errors: [{ path: 'framework_code', message: 'MFF-1 is reserved' }] })
          : jsonResponse(201, buildPlatformFramework({ framework_code: 'NEW_ONE', name: 'New one', source: 'platform' }));
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Upload framework' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload a platform framework' });
    await user.upload(within(dialog).getByLabelText('Choose a template file'), new File(['{}'], 'reserved.json'));
    expect(await within(dialog).findByText('framework_code')).toBeInTheDocument();
    expect(within(dialog).getByText(/MFF-1 is reserved/)).toBeInTheDocument();

    await user.click(within(dialog).getByRole('checkbox', { name: 'Enable for every organization by default' }));
    await user.upload(within(dialog).getByLabelText('Choose a template file'), new File(['{}'], 'new.json'));
    expect(await within(dialog).findByText(/New one \(NEW_ONE\) was uploaded/)).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Open it' })).toHaveAttribute('href', '/admin/frameworks/NEW_ONE');
    const uploads = calls.filter((c) => c.method === 'POST' && c.path === '/api/v1/platform-frameworks');
    expect(uploads.map((c) => c.query.get('enabled_by_default'))).toEqual([null, 'true']);
  });

  it('deletes an uploaded framework nobody uses, after confirmation', async () => {
    const { user } = await open('/admin/frameworks');
    const table = await screen.findByRole('table', { name: 'Frameworks' });
    await user.click(within(table).getByRole('button', { name: 'Delete Sector guide' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Sector guide?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Frameworks' })).queryByText('Sector guide')).not.toBeInTheDocument());
  });
});

describe('admin-framework-detail', () => {
  it('shows the tree and switches the framework per organization', async () => {
    const { calls, user } = await open('/admin/frameworks/EU_AI_ACT');
    expect(await screen.findByRole('heading', { level: 2, name: 'EU AI Act' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All platform frameworks' })).toHaveAttribute('href', '/admin/frameworks');
    expect(within(screen.getByRole('list', { name: 'Requirements' })).getByRole('button', { name: /Ch\. I General provisions/ })).toBeInTheDocument();
    // The Frameworks tab stays current on the detail.
    expect(within(screen.getByRole('navigation', { name: 'Admin sections' })).getByRole('link', { name: 'Frameworks' })).toHaveAttribute('aria-current', 'page');

    const table = screen.getByRole('table', { name: 'Organizations' });
    const globex = within(table).getByRole('switch', { name: 'EU AI Act for Globex enabled' });
    expect(globex).not.toBeChecked();
    expect(within(table).getByRole('switch', { name: 'EU AI Act for Demo Organization enabled' })).toBeChecked();
    await user.click(globex);
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Organizations' })).getByRole('switch', { name: 'EU AI Act for Globex enabled' })).toBeChecked());
    const toggle = calls.find((c) => c.method === 'POST' && c.path === `/api/organizations/${OTHER_ORG}/platform-frameworks`);
    expect(JSON.parse(toggle!.init.body as string)).toEqual({ framework_code: 'EU_AI_ACT', enabled: true });
    expect(await screen.findByText('EU AI Act switched on for Globex')).toBeInTheDocument();
  });

  it('keeps MFF-1 on everywhere and says why once', async () => {
    await open('/admin/frameworks/MFF-1');
    const table = await screen.findByRole('table', { name: 'Organizations' });
    for (const toggle of within(table).getAllByRole('switch')) {
      expect(toggle).toBeChecked();
      expect(toggle).toBeDisabled();
      expect(toggle).toHaveAccessibleDescription('MFF-1 is the control library every framework maps to, so it is always on.');
    }
    expect(screen.getAllByText('MFF-1 is the control library every framework maps to, so it is always on.')).toHaveLength(1);
  });

  it('says when there is no such platform framework', async () => {
    await open('/admin/frameworks/NOPE');
    expect(await screen.findByText(/There is no platform framework NOPE/)).toBeInTheDocument();
  });
});
