import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MAX_FRAMEWORK_TEMPLATE_BYTES, type CurrentUser, type FrameworkSummary } from '@aegis/contracts';
import { signIn } from '../../../testing/app-api';
import { BUILT_IN_FRAMEWORKS, buildFrameworkSummary, buildUserWithRoles } from '../../../testing/factories';
import { jsonResponse } from '../../../testing/fetch-stub';
import { stubFrameworksApi, type Call } from '../../../testing/frameworks-api';
import { renderApp } from '../../../testing/render-app';

vi.mock('../../../lib/unread-stream', () => ({ startUnreadStream: vi.fn(), stopUnreadStream: vi.fn(), useUnreadCount: vi.fn(() => 0) }));

const admin = buildUserWithRoles(['admin']);
const member = buildUserWithRoles(['member']);

const mff1 = buildFrameworkSummary({ framework_code: 'MFF-1', name: 'MFF-1 control library', version: '1.0', publisher: 'Aegis', requirement_count: 120, control_count: 120 });
const nist = { ...BUILT_IN_FRAMEWORKS[2]!, enabled: false };
const acme = buildFrameworkSummary({ framework_code: 'ACME_AI_POLICY', name: 'Acme responsible AI policy', version: '2025.1', publisher: 'Acme Corp', source: 'organization', requirement_count: 3, control_count: 4 });
const catalogue = (): FrameworkSummary[] => [mff1, BUILT_IN_FRAMEWORKS[0]!, BUILT_IN_FRAMEWORKS[1]!, { ...nist }, { ...acme }];

async function open(user: CurrentUser, options: Parameters<typeof stubFrameworksApi>[0] = {}) {
  signIn();
  const api = stubFrameworksApi({ user, templates: catalogue(), ...options });
  const view = renderApp('/organization/frameworks');
  await screen.findByRole('heading', { level: 2, name: 'Frameworks' });
  const table = await screen.findByRole('table', { name: 'Frameworks' });
  return { ...api, ...view, table, user: userEvent.setup() };
}

const rowOf = (table: HTMLElement, name: string) => within(table).getByRole('row', { name: new RegExp(name) });
const listCalls = (calls: Call[]) => calls.filter((c) => c.method === 'GET' && c.path.endsWith('/templates'));

describe('organization-frameworks', () => {
  it('shows a member what the organization can use, with sources and counts, read only', async () => {
    const { table, calls } = await open(member);
    expect(within(table).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell')[0]!.textContent)).toEqual([
      'ACME_AI_POLICY',
      'EU_AI_ACT',
      'ISO_IEC_42001',
      'MFF-1',
    ]);
    const own = rowOf(table, 'Acme responsible AI policy');
    expect(within(own).getByText('Your organization')).toBeInTheDocument();
    expect(within(own).getByText('3')).toBeInTheDocument();
    expect(within(rowOf(table, 'EU AI Act')).getByText('Built-in')).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'EU AI Act' })).toHaveAttribute('href', '/organization/frameworks/EU_AI_ACT');
    // Read only: no switched-off frameworks, no switches, no upload, no delete.
    expect(listCalls(calls)[0]!.query.get('include_disabled')).toBeNull();
    expect(within(table).queryByText('NIST AI RMF')).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upload template' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
    expect(screen.getByText(/Organization admins manage them/)).toBeInTheDocument();
  });

  it('shows an admin the switched-off platform frameworks and switches them on and off', async () => {
    const { table, calls, user } = await open(admin);
    expect(listCalls(calls)[0]!.query.get('include_disabled')).toBe('true');
    expect(within(rowOf(table, 'NIST AI RMF')).getByText(/switched off/)).toBeInTheDocument();

    const nistSwitch = within(table).getByRole('switch', { name: 'NIST AI RMF enabled' });
    expect(nistSwitch).not.toBeChecked();
    await user.click(nistSwitch);
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Frameworks' })).getByRole('switch', { name: 'NIST AI RMF enabled' })).toBeChecked());
    const toggles = calls.filter((c) => c.path.endsWith('/platform-frameworks'));
    expect(JSON.parse(toggles[0]!.init.body as string)).toEqual({ framework_code: 'NIST_AI_RMF', enabled: true });
    expect(await screen.findByText('NIST AI RMF switched on for your organization')).toBeInTheDocument();

    await user.click(within(table).getByRole('switch', { name: 'EU AI Act enabled' }));
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Frameworks' })).getByRole('switch', { name: 'EU AI Act enabled' })).not.toBeChecked());
  });

  it('keeps MFF-1 on with its switch disabled and says why; own templates are always on', async () => {
    const { table } = await open(admin);
    const mffSwitch = within(table).getByRole('switch', { name: 'MFF-1 control library enabled' });
    expect(mffSwitch).toBeChecked();
    expect(mffSwitch).toBeDisabled();
    expect(mffSwitch).toHaveAccessibleDescription('MFF-1 is the control library every framework maps to, so it is always on.');
    expect(within(rowOf(table, 'Acme responsible AI policy')).queryByRole('switch')).not.toBeInTheDocument();
    expect(within(rowOf(table, 'Acme responsible AI policy')).getByText('Always on (your own)')).toBeInTheDocument();
  });

  it('lists every problem of a refused template, then uploads a good one with its progress shown', async () => {
    const uploaded = buildFrameworkSummary({ framework_code: 'ACME_PRIVACY', name: 'Acme privacy rules', source: 'organization', version: '1' });
    let release: (() => void) | undefined;
    const { user, calls } = await open(admin, {
      uploaded,
      onUpload: (call) => {
        const file = (call.init.body as FormData).get('file') as File;
        if (file.name === 'bad.yaml') {
          return jsonResponse(422, {
            detail: 'The template is not valid.',
            code: 'unprocessable_content',
            errors: [
              { path: '$', message: 'YAML syntax error: duplicate key "name"', line: 4 },
              { path: 'requirements[0].controls[0]', message: 'unknown control MFF-1.XX.99' },
            ],
          });
        }
        return new Promise<Response>((resolve) => {
          release = () => resolve(jsonResponse(201, uploaded));
        });
      },
    });
    await user.click(screen.getByRole('button', { name: 'Upload template' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload a template' });
    expect(within(dialog).getByRole('link', { name: /Template format/ })).toHaveAttribute('href', '/api/schemas/framework-template.json');

    await user.upload(within(dialog).getByLabelText('Choose a template file'), new File(['name: a\nname: b'], 'bad.yaml', { type: 'application/yaml' }));
    const problems = await within(dialog).findByRole('list', { name: 'Problems in the template' });
    expect(within(dialog).getByText('bad.yaml was not uploaded')).toBeInTheDocument();
    expect(within(problems).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'The file (line 4): YAML syntax error: duplicate key "name"',
      'requirements[0].controls[0]: unknown control MFF-1.XX.99',
    ]);

    await user.upload(within(dialog).getByLabelText('Choose a template file'), new File(['framework_code: ACME_PRIVACY'], 'good.yaml'));
    expect(await within(dialog).findByRole('progressbar', { name: 'Uploading good.yaml' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('list', { name: 'Problems in the template' })).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText('Choose a template file')).toBeDisabled();
    await waitFor(() => expect(release).toBeDefined());
    release!();
    expect(await within(dialog).findByText(/Acme privacy rules \(ACME_PRIVACY\) was uploaded/)).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Open it' })).toHaveAttribute('href', '/organization/frameworks/ACME_PRIVACY');
    expect(calls.filter((c) => c.method === 'POST' && c.path.endsWith('/templates'))).toHaveLength(2);

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await within(screen.getByRole('table', { name: 'Frameworks' })).findByRole('link', { name: 'Acme privacy rules' })).toBeInTheDocument();
  });

  it('refuses a file over the template limit without sending it, and takes a dropped file', async () => {
    const uploaded = buildFrameworkSummary({ framework_code: 'DROPPED', name: 'Dropped framework', source: 'organization' });
    const { user, calls } = await open(admin, { uploaded });
    await user.click(screen.getByRole('button', { name: 'Upload template' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload a template' });
    const huge = new File(['x'], 'huge.json');
    Object.defineProperty(huge, 'size', { value: MAX_FRAMEWORK_TEMPLATE_BYTES + 1 });
    await user.upload(within(dialog).getByLabelText('Choose a template file'), huge);
    expect(await within(dialog).findByText('huge.json is 2 MB; a template can be at most 2 MB.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    const zone = within(dialog).getByText('Drop a template file here');
    fireEvent.drop(zone, { dataTransfer: { files: [new File(['{}'], 'dropped.json', { type: 'application/json' })] } });
    expect(await within(dialog).findByText(/Dropped framework \(DROPPED\) was uploaded/)).toBeInTheDocument();
  });

  it('deletes an own template after confirmation, and shows the projects that still use one', async () => {
    let inUse = true;
    const { user, table } = await open(admin, {
      handle: (call) =>
        inUse && call.init.method === 'DELETE' && call.url.endsWith('/templates/ACME_AI_POLICY')
          ? jsonResponse(409, { detail: 'Projects use this template: Credit scoring, Chatbot.', code: 'conflict' })
          : undefined,
    });
    expect(within(rowOf(table, 'EU AI Act')).queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: 'Delete Acme responsible AI policy' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the template “Acme responsible AI policy”?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText('Projects use this template: Credit scoring, Chatbot.')).toBeInTheDocument();
    inUse = false;

    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Frameworks' })).queryByText('Acme responsible AI policy')).not.toBeInTheDocument());
  });

  it('says when there is nothing', async () => {
    signIn();
    stubFrameworksApi({ user: member, templates: [] });
    renderApp('/organization/frameworks');
    expect(await screen.findByText(/Your organization has no frameworks yet/)).toBeInTheDocument();
  });

  it('offers a retry when the list cannot be loaded', async () => {
    signIn();
    let failing = true;
    stubFrameworksApi({
      user: member,
      templates: catalogue(),
      handle: (call) => (failing && call.url.includes('/templates') ? jsonResponse(400, { detail: 'Bad', code: 'bad_request' }) : undefined),
    });
    renderApp('/organization/frameworks');
    const user = userEvent.setup();
    await screen.findByText('The frameworks could not be loaded.');
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table', { name: 'Frameworks' })).toBeInTheDocument();
  });
});
