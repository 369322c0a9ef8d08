import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ProjectMember } from '@aegis/contracts';
import { signIn } from '../../../testing/app-api';
import { ADA, buildProject } from '../../../testing/factories';
import { renderApp } from '../../../testing/render-app';
import { bodyOf, callsOf, stubAssetCardsApi } from '../testing/asset-cards-api';
import { buildAssetCardDetail, DATASET_ID, LINEAGE, MODEL_ID, SYSTEM_ID } from '../testing/asset-fixtures';

vi.mock('../../../lib/unread-stream', () => ({ startUnreadStream: vi.fn(), stopUnreadStream: vi.fn(), useUnreadCount: vi.fn(() => 0) }));
vi.mock('../../../lib/save-file', () => ({ saveFile: vi.fn() }));

const owner = buildProject({ roles: ['owner'] });
const page = `/projects/project-detail/${owner.id}/asset-detail/${MODEL_ID}`;
const cardPath = `/api/projects/${owner.id}/asset_cards/${MODEL_ID}`;
const eddie: ProjectMember = { user_id: '0199a0b2-0000-7000-8000-0000000000b3', firstname: 'Eddie', lastname: 'Editor', email: 'editor@demo.local', roles: ['editor'] };
const model = buildAssetCardDetail({
  id: MODEL_ID,
  name: 'Credit scoring model',
  asset_card_type: 'model',
  version: '3.2',
  owner: ADA,
  license: 'apache-2.0',
  downstream: [{ card: { id: SYSTEM_ID, name: 'Loan decision assistant', asset_card_type: 'ai_system', status: 'in_progress' }, relation: 'uses' }],
});
// Before the model is linked to its dataset: only the system uses it.
const lineage = { nodes: LINEAGE.nodes, edges: LINEAGE.edges.filter((edge) => edge.from_id !== DATASET_ID) };

async function open(project = owner) {
  signIn();
  const api = stubAssetCardsApi({ project, details: [model], lineage, members: [eddie] });
  const view = renderApp(page);
  await screen.findByRole('heading', { level: 2, name: 'Credit scoring model' }, { timeout: 10_000 });
  return { ...api, ...view, user: userEvent.setup() };
}

describe('an asset card’s page', () => {
  it('shows its type, nature, version, owner and status under the Assets tab, with the way back', async () => {
    await open();
    const article = screen.getByRole('article');
    expect(within(article).getByText('Model')).toBeInTheDocument();
    expect(within(article).getAllByText('In-house')[0]).toBeInTheDocument();
    expect(within(article).getByText('Version 3.2')).toBeInTheDocument();
    expect(within(article).getByText('Owner: Ada Lovelace · Licence apache-2.0')).toBeInTheDocument();
    expect(within(article).getByRole('button', { name: 'Start' })).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Project sections' })).getByRole('link', { name: 'Assets' })).toHaveAttribute('aria-current', 'page');
    expect(within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getByRole('link', { name: 'Assets' })).toHaveAttribute('href', `/projects/project-detail/${owner.id}/assets`);
    const used = screen.getByRole('list', { name: 'Cards built from Credit scoring model' });
    expect(within(used).getByRole('link', { name: 'Loan decision assistant' })).toBeInTheDocument();
  }, 90_000);

  it('downloads the card as a Hugging Face README.md under the name the server gives', async () => {
    const { saveFile } = await import('../../../lib/save-file');
    const { user, calls } = await open();
    await user.click(screen.getByRole('button', { name: 'Download' }));
    await user.click(await screen.findByRole('menuitem', { name: /^Markdown/ }));
    await waitFor(() => expect(saveFile).toHaveBeenCalledWith(expect.anything(), 'credit-scoring-model.md'));
    expect(callsOf(calls, `${cardPath}/download`)[0]!.url).toBe(`${cardPath}/download?format=markdown`);
  }, 90_000);

  it('names the dataset it was trained on, offering neither itself nor the cards built from it', async () => {
    const { user, calls } = await open();
    const section = screen.getByRole('region', { name: 'Lineage' });
    await user.click(within(section).getByRole('combobox', { name: 'Add a card it is built from' }));
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(options.some((text) => text?.includes('Loan applications 2019–2024'))).toBe(true);
    expect(options.some((text) => text?.includes('Credit scoring model') || text?.includes('Loan decision assistant'))).toBe(false);
    await user.click(screen.getByRole('option', { name: /Loan applications 2019–2024/ }));
    expect(within(section).getByRole('combobox', { name: 'How' })).toHaveTextContent('Trained on');
    await user.click(within(section).getByRole('button', { name: 'Add' }));
    await user.click(within(section).getByRole('button', { name: 'Save lineage' }));
    await waitFor(() => expect(callsOf(calls, cardPath, 'PATCH')).toHaveLength(1));
    expect(bodyOf(callsOf(calls, cardPath, 'PATCH')[0]!)).toEqual({ upstream: [{ card_id: DATASET_ID, relation: 'trained_on' }] });
    const built = await within(section).findByRole('list', { name: 'Cards Credit scoring model is built from' });
    expect(within(built).getByRole('link', { name: 'Loan applications 2019–2024' })).toBeInTheDocument();
  }, 90_000);

  it('lets a reviewer read it but not change it', async () => {
    await open(buildProject({ roles: ['reviewer'] }));
    expect(screen.queryByRole('button', { name: 'Start' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save card' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save lineage' })).not.toBeInTheDocument();
    expect(screen.getByText('Your role on this project lets you read this card but not change it.')).toBeInTheDocument();
    // Readers may still download it (asset_cards:download).
    expect(screen.getByRole('button', { name: 'Download' })).toBeInTheDocument();
  }, 90_000);
  it('shows the datasets and the Usage and Citation sections its card file had (issue 29, item 13)', async () => {
    signIn();
    const imported = {
      ...model,
      extra_metadata: {
        datasets: ['mozilla-foundation/common_voice_11_0', 'Call Center Transcripts (EN)'],
        unmapped_sections: [
          { heading: 'How to Get Started with the Model', body: 'Use the pipeline.' },
          { heading: 'Citation', body: '```bibtex\n@misc{asr2025, title={ASR}}\n```' },
        ],
      },
    };
    stubAssetCardsApi({ project: owner, details: [imported], lineage, members: [eddie] });
    renderApp(page);
    const section = await screen.findByRole('region', { name: 'From the card file' }, { timeout: 10_000 });
    const datasets = within(section).getByRole('list', { name: 'Datasets' });
    expect(within(datasets).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['mozilla-foundation/common_voice_11_0', 'Call Center Transcripts (EN)']);
    expect(within(within(section).getByRole('region', { name: 'How to Get Started with the Model' })).getByText('Use the pipeline.')).toBeInTheDocument();
    expect(within(section).getByRole('region', { name: 'Citation' })).toHaveTextContent('@misc{asr2025, title={ASR}}');
  }, 90_000);
});
