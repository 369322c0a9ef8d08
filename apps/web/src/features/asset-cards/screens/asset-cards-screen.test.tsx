import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { signIn } from '../../../testing/app-api';
import { buildProject } from '../../../testing/factories';
import { jsonResponse } from '../../../testing/fetch-stub';
import { renderApp } from '../../../testing/render-app';
import { bodyOf, callsOf, queryOf, stubAssetCardsApi } from '../testing/asset-cards-api';
import { buildAssetCardListItem, LINEAGE, MODEL_ID } from '../testing/asset-fixtures';

vi.mock('../../../lib/unread-stream', () => ({ startUnreadStream: vi.fn(), stopUnreadStream: vi.fn(), useUnreadCount: vi.fn(() => 0) }));

const owner = buildProject({ roles: ['owner'] });
const base = `/projects/project-detail/${owner.id}/assets`;
const listPath = `/api/projects/${owner.id}/asset_cards`;

const cards = [
  buildAssetCardListItem(),
  buildAssetCardListItem({ id: MODEL_ID, name: 'Credit scoring model', asset_card_type: 'model', asset_card_nature: 'in_house', license: 'apache-2.0', upstream_count: 1, downstream_count: 1, status: 'in_progress' }),
];

async function open(url = base, options: Partial<Parameters<typeof stubAssetCardsApi>[0]> = {}) {
  signIn();
  const api = stubAssetCardsApi({ project: owner, cards, lineage: LINEAGE, ...options });
  const view = renderApp(url);
  await screen.findByRole('heading', { level: 2, name: 'Assets' }, { timeout: 10_000 });
  const lastList = () => queryOf(callsOf(api.calls, listPath).at(-1)!);
  return { ...api, ...view, lastList, user: userEvent.setup() };
}

/** What the server reads from a Hub model card that gives no name (issue 29, item 13). */
const PREVIEW = {
  name: null,
  name_required: true,
  asset_card_type: 'model',
  asset_card_nature: 'third_party',
  version: null,
  license: 'apache-2.0',
  languages: ['en'],
  base_model: 'openai/whisper-small',
  task: null,
  datasets: ['mozilla-foundation/common_voice_11_0'],
  linked_datasets: [],
  metrics: [{ name: 'Wer', value: 12.3456, dataset: 'Common Voice 11.0' }],
  sections: ['Intended use'],
};

const search = (router: { state: { location: { search: string } } }) => Object.fromEntries(new URLSearchParams(router.state.location.search));

describe('the Assets tab', () => {
  it('lists each card with its type, nature, status, version and lineage counts, linked to its page; the Assets tab is current', async () => {
    await open();
    const row = await screen.findByRole('row', { name: /Credit scoring model/ });
    expect(within(row).getByRole('link', { name: 'Credit scoring model' })).toHaveAttribute('href', `/projects/project-detail/${owner.id}/asset-detail/${MODEL_ID}`);
    expect(within(row).getByText('Model')).toBeInTheDocument();
    expect(within(row).getByText('In-house')).toBeInTheDocument();
    expect(within(row).getByText('In progress')).toBeInTheDocument();
    expect(within(row).getByText('Licence: apache-2.0')).toBeInTheDocument();
    expect(within(row).getByText('1 source')).toBeInTheDocument();
    expect(screen.getByText('2 cards')).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Project sections' })).getByRole('link', { name: 'Assets' })).toHaveAttribute('aria-current', 'page');
    // The lineage comes with its words.
    const lineage = screen.getByRole('region', { name: 'Lineage' });
    expect(within(lineage).getByRole('list', { name: 'Lineage links' })).toBeInTheDocument();
  }, 90_000);

  it('asks the API for what a shared URL says, and shows the filters it set', async () => {
    const { lastList } = await open(`${base}?name=credit&status=ready,in_progress&is_assigned_to_me=true&asset_card_type=model,dataset&asset_card_nature=open_source&sort_by=asset_card_type&descending=true&page=2`);
    await waitFor(() =>
      expect(lastList()).toEqual({
        name: 'credit',
        status: 'ready,in_progress',
        is_assigned_to_me: 'true',
        asset_card_type: 'model,dataset',
        asset_card_nature: 'open_source',
        sort_by: 'asset_card_type',
        descending: 'true',
        page: '2',
        size: '10',
      }),
    );
    expect(screen.getByRole('searchbox', { name: 'Search by name' })).toHaveValue('credit');
    expect(screen.getByRole('checkbox', { name: 'Assigned to me' })).toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Type' })).toHaveTextContent('Model, Dataset');
    expect(screen.getByRole('combobox', { name: 'Nature' })).toHaveTextContent('Open source');
  }, 90_000);

  it('puts a chosen type and nature, a sort and the name in the URL, and asks the API for them', async () => {
    const { user, router, lastList } = await open();
    await screen.findByRole('row', { name: /Credit scoring model/ });
    await user.click(screen.getByRole('combobox', { name: 'Type' }));
    await user.click(await screen.findByRole('option', { name: 'AI system' }));
    await user.keyboard('{Escape}');
    expect(search(router)).toEqual({ asset_card_type: 'ai_system' });
    await user.click(screen.getByRole('combobox', { name: 'Nature' }));
    await user.click(await screen.findByRole('option', { name: 'Third party' }));
    await user.keyboard('{Escape}');
    expect(search(router)).toEqual({ asset_card_type: 'ai_system', asset_card_nature: 'third_party' });
    await user.click(screen.getByRole('button', { name: 'Type' }));
    expect(search(router)).toMatchObject({ sort_by: 'asset_card_type' });
    // Pasted: on a busy machine the URL's answer to "ky" can land after the "c" and take its place (the box follows the URL).
    await user.click(screen.getByRole('searchbox', { name: 'Search by name' }));
    await user.paste('kyc');
    await waitFor(() => expect(search(router)).toMatchObject({ name: 'kyc' }));
    await waitFor(() => expect(lastList()).toEqual({ name: 'kyc', asset_card_type: 'ai_system', asset_card_nature: 'third_party', sort_by: 'asset_card_type', descending: 'false', page: '1', size: '10' }));
  }, 90_000);

  it('offers New card and Import a card on an empty project, and says so', async () => {
    await open(base, { cards: [], lineage: { nodes: [], edges: [] } });
    expect(await screen.findByText(/No asset cards yet/)).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'New card' })).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: 'Import a card' })).toHaveLength(1);
    expect(screen.queryByRole('region', { name: 'Lineage' })).not.toBeInTheDocument();
  }, 90_000);

  it('checks a new card before sending it, then opens its page', async () => {
    const { user, calls, router } = await open();
    await user.click(await screen.findByRole('button', { name: 'New card' }));
    const dialog = await screen.findByRole('dialog', { name: 'New asset card' });
    await user.click(within(dialog).getByRole('button', { name: 'Create card' }));
    expect(within(dialog).getByText('Give the card a name')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose what kind of asset it is')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose where it comes from')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveFocus();
    expect(callsOf(calls, listPath, 'POST')).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Fraud model');
    await user.click(within(dialog).getByRole('combobox', { name: 'Type' }));
    await user.click(await screen.findByRole('option', { name: 'Model' }));
    expect(within(dialog).getByText(/A trained model: its intended use/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('combobox', { name: 'Nature' }));
    await user.click(await screen.findByRole('option', { name: 'Open source' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Version' }), ' 1.0 ');
    await user.click(within(dialog).getByRole('button', { name: 'Create card' }));
    await waitFor(() => expect(callsOf(calls, listPath, 'POST')).toHaveLength(1));
    expect(bodyOf(callsOf(calls, listPath, 'POST')[0]!)).toEqual({
      name: 'Fraud model',
      asset_card_type: 'model',
      asset_card_nature: 'open_source',
      version: '1.0',
      description: '',
      owner_id: null,
      facts: expect.objectContaining({ license: null, metrics: [] }),
      sections: {},
      upstream: [],
      tags: [],
    });
    await screen.findByRole('heading', { level: 2, name: 'Fraud model' }, { timeout: 10_000 });
    expect(router.state.location.pathname).toMatch(/\/asset-detail\//);
  }, 90_000);

  it('imports a card file with a chosen type, and shows the server’s refusal with its line', async () => {
    const { user, calls } = await open(base, {
      handle: (call) =>
        call.url.startsWith(`${listPath}/import/preview`)
          ? jsonResponse(200, { ...PREVIEW, name: 'Card', name_required: false, asset_card_type: 'dataset' })
          : call.url.startsWith(`${listPath}/import`)
            ? jsonResponse(422, { detail: 'The front matter is not valid YAML', code: 'unprocessable_content', errors: [{ path: 'file', message: 'bad indentation of a mapping entry', line: 4 }] })
            : undefined,
    });
    await user.click(await screen.findByRole('button', { name: 'Import a card' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import a card' });
    const input = dialog.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, new File(['---\nlicense: mit\n  bad: [\n---\n# Card\n'], 'README.md', { type: 'text/markdown' }));
    expect(within(dialog).getByRole('status')).toHaveTextContent('Chosen: README.md');
    await user.click(within(dialog).getByRole('combobox', { name: 'Type' }));
    await user.click(await screen.findByRole('option', { name: 'Dataset' }));
    await user.click(within(dialog).getByRole('button', { name: 'Import card' }));
    expect(await within(dialog).findByText('The front matter is not valid YAML')).toBeInTheDocument();
    expect(within(dialog).getByText('Line 4: bad indentation of a mapping entry')).toBeInTheDocument();
    const sent = calls.filter((call) => call.url.startsWith(`${listPath}/import`) && !call.url.startsWith(`${listPath}/import/preview`));
    expect(sent).toHaveLength(1);
    expect(queryOf(sent[0]!)).toEqual({ asset_card_type: 'dataset' });
    expect((sent[0]!.init.body as FormData).get('file')).toBeInstanceOf(File);
  }, 90_000);
  it('shows what it read from the file before importing, and asks for the name the file does not give (issue 29, item 13)', async () => {
    const { user, calls } = await open(base, {
      handle: (call) => {
        if (call.url.startsWith(`${listPath}/import/preview`)) {
          const name = queryOf(call).name;
          return jsonResponse(200, name ? { ...PREVIEW, name, name_required: false } : PREVIEW);
        }
        return call.url.startsWith(`${listPath}/import`) ? jsonResponse(422, { detail: 'stop here', code: 'unprocessable_content' }) : undefined;
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Import a card' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import a card' });
    await user.upload(dialog.querySelector<HTMLInputElement>('input[type="file"]')!, new File(['---\nlicense: apache-2.0\n---\n'], 'README.md', { type: 'text/markdown' }));
    const read = await within(dialog).findByRole('region', { name: 'What the card file holds' });
    expect(within(read).getByText('None in the file: give one below')).toBeInTheDocument();
    expect(within(read).getByText('Model')).toBeInTheDocument();
    expect(within(read).getByText('Third party')).toBeInTheDocument();
    expect(within(read).getByText('apache-2.0')).toBeInTheDocument();
    expect(within(read).getByText('mozilla-foundation/common_voice_11_0')).toBeInTheDocument();
    expect(within(read).getByText('Wer 12.3456 (Common Voice 11.0)')).toBeInTheDocument();
    // Nothing is imported without a name.
    await user.click(within(dialog).getByRole('button', { name: 'Import card' }));
    expect(await within(dialog).findByText('The card file gives no name: type one in Name.')).toBeInTheDocument();
    const imports = () => calls.filter((call) => call.url.startsWith(`${listPath}/import`) && !call.url.startsWith(`${listPath}/import/preview`));
    expect(imports()).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Call center ASR');
    await waitFor(() => expect(within(read).getByText('Call center ASR')).toBeInTheDocument(), { timeout: 10_000 });
    await user.click(within(dialog).getByRole('button', { name: 'Import card' }));
    await waitFor(() => expect(imports()).toHaveLength(1));
    expect(queryOf(imports()[0]!)).toEqual({ name: 'Call center ASR' });
  }, 90_000);
});
