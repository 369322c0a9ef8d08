import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ASSET_CARD_SECTIONS, assetCardFacts, type AssetCardDetail } from '@aegis/contracts';
import { createQueryClient } from '../../../app/query-client';
import { NotifierProvider } from '../../../lib/notifier';
import { signIn } from '../../../testing/app-api';
import { buildProject } from '../../../testing/factories';
import { bodyOf, callsOf, stubAssetCardsApi } from '../testing/asset-cards-api';
import { buildAssetCardDetail, DATASET_ID, MODEL_ID } from '../testing/asset-fixtures';
import { CardContentSection } from './card-content-section';

vi.mock('../../../lib/unread-stream', () => ({ startUnreadStream: vi.fn(), stopUnreadStream: vi.fn(), useUnreadCount: vi.fn(() => 0) }));

const project = buildProject({ roles: ['owner'] });
const cardPath = (id: string) => `/api/projects/${project.id}/asset_cards/${id}`;

function renderForm(card: AssetCardDetail, canUpdate = true) {
  signIn();
  const api = stubAssetCardsApi({ project, details: [card] });
  render(
    <QueryClientProvider client={createQueryClient({ retry: false })}>
      <MemoryRouter>
        <NotifierProvider>
          <CardContentSection projectId={project.id} card={card} canUpdate={canUpdate} />
        </NotifierProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  const form = screen.getByRole('form');
  return { ...api, form, user: userEvent.setup() };
}

/** Types by pasting: each key re-renders the whole form, which is slow on a busy machine. */
async function fill(user: ReturnType<typeof userEvent.setup>, box: HTMLElement, text: string) {
  await user.click(box);
  await user.paste(text);
}

const labels = (form: HTMLElement) => within(form).getAllByRole('textbox').map((box) => box.getAttribute('name'));

describe('the card’s facts and sections, per type', () => {
  it('asks a model for its licence, source, languages, base model, task and metrics, and its model-card sections with their guidance', async () => {
    const { form, user, calls } = renderForm(buildAssetCardDetail({ id: MODEL_ID, name: 'Credit scoring model', asset_card_type: 'model' }));
    expect(form).toHaveAccessibleName('Model card');
    expect(labels(form)).toEqual([
      'facts.license', 'facts.source_url', 'facts.languages', 'facts.base_model', 'facts.task',
      ...ASSET_CARD_SECTIONS.model.map(({ key }) => `sections.${key}`),
    ]);
    expect(within(form).queryByRole('combobox', { name: 'Personal data' })).not.toBeInTheDocument();
    const intended = within(form).getByRole('textbox', { name: 'Intended Use' });
    expect(intended).toHaveAccessibleDescription(ASSET_CARD_SECTIONS.model[0]!.guidance);

    await fill(user, within(form).getByRole('textbox', { name: 'Source URL' }), 'ftp://models.example/credit');
    await user.click(within(form).getByRole('button', { name: 'Add a metric' }));
    const metric = within(form).getByRole('group', { name: 'Metric 1' });
    await fill(user, within(metric).getByRole('textbox', { name: 'Name' }), 'AUC');
    await fill(user, within(metric).getByRole('textbox', { name: 'Value' }), 'high');
    await user.click(within(form).getByRole('button', { name: 'Save card' }));
    expect(within(form).getByText('must be an http or https address')).toBeInTheDocument();
    expect(within(metric).getByText('Write a number such as 0.87')).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: 'Source URL' })).toHaveFocus();
    expect(callsOf(calls, cardPath(MODEL_ID), 'PATCH')).toHaveLength(0);

    await user.clear(within(form).getByRole('textbox', { name: 'Source URL' }));
    await fill(user, within(form).getByRole('textbox', { name: 'Source URL' }), 'https://models.example/credit');
    await user.clear(within(metric).getByRole('textbox', { name: 'Value' }));
    await fill(user, within(metric).getByRole('textbox', { name: 'Value' }), '0,91');
    await fill(user, within(metric).getByRole('textbox', { name: 'Measured on' }), 'Loan applications 2024 hold-out');
    await fill(user, within(form).getByRole('textbox', { name: 'Languages' }), 'en, fr');
    await fill(user, within(form).getByRole('textbox', { name: 'Task' }), 'tabular-classification');
    await fill(user, intended, 'Scores loan applications.');
    await user.click(within(form).getByRole('button', { name: 'Save card' }));
    await waitFor(() => expect(callsOf(calls, cardPath(MODEL_ID), 'PATCH')).toHaveLength(1));
    expect(bodyOf(callsOf(calls, cardPath(MODEL_ID), 'PATCH')[0]!)).toEqual({
      facts: {
        ...assetCardFacts.parse({}),
        source_url: 'https://models.example/credit',
        languages: ['en', 'fr'],
        task: 'tabular-classification',
        metrics: [{ name: 'AUC', value: 0.91, dataset: 'Loan applications 2024 hold-out' }],
      },
      sections: { intended_use: 'Scores loan applications.' },
    });
  }, 90_000);

  it('asks a dataset whether it holds personal data and which, its size and time span; a date it cannot read is said', async () => {
    const card = buildAssetCardDetail({ id: DATASET_ID, sections: { known_biases: 'Few applicants over 70.' } });
    const { form, user, calls } = renderForm(card);
    expect(labels(form)).toEqual([
      'facts.license', 'facts.source_url', 'facts.languages', 'facts.personal_data_categories', 'facts.size', 'facts.time_span_start', 'facts.time_span_end',
      ...ASSET_CARD_SECTIONS.dataset.map(({ key }) => `sections.${key}`),
    ]);
    expect(within(form).queryByRole('textbox', { name: 'Base model' })).not.toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: 'Bias, Risks, and Limitations' })).toHaveValue('Few applicants over 70.');

    await user.click(within(form).getByRole('combobox', { name: 'Personal data' }));
    await user.click(await screen.findByRole('option', { name: 'Yes, it holds personal data' }));
    await fill(user, within(form).getByRole('textbox', { name: 'Categories of personal data' }), 'contact details, income,');
    await fill(user, within(form).getByRole('textbox', { name: 'Size' }), '1.2 M rows');
    await fill(user, within(form).getByRole('textbox', { name: 'Data from' }), '01-01-2019');
    await fill(user, within(form).getByRole('textbox', { name: 'Data until' }), '31-13-2024');
    await user.clear(within(form).getByRole('textbox', { name: 'Bias, Risks, and Limitations' }));
    await user.click(within(form).getByRole('button', { name: 'Save card' }));
    expect(within(form).getByText('Write the date as DD-MM-YYYY, for example 31-01-2024')).toBeInTheDocument();
    expect(callsOf(calls, cardPath(DATASET_ID), 'PATCH')).toHaveLength(0);

    await user.clear(within(form).getByRole('textbox', { name: 'Data until' }));
    await fill(user, within(form).getByRole('textbox', { name: 'Data until' }), '31-12-2024');
    await user.click(within(form).getByRole('button', { name: 'Save card' }));
    await waitFor(() => expect(callsOf(calls, cardPath(DATASET_ID), 'PATCH')).toHaveLength(1));
    expect(bodyOf(callsOf(calls, cardPath(DATASET_ID), 'PATCH')[0]!)).toEqual({
      facts: { ...assetCardFacts.parse({}), personal_data: true, personal_data_categories: ['contact details', 'income'], size: '1.2 M rows', time_span_start: '2019-01-01', time_span_end: '2024-12-31' },
      // The emptied section is no longer the card's.
      sections: {},
    });
  }, 90_000);

  it('asks a third-party service who provides it, with the sections of a service', () => {
    const { form } = renderForm(buildAssetCardDetail({ asset_card_type: 'third_party_service', asset_card_nature: 'third_party', name: 'KYC check API' }));
    expect(labels(form)).toEqual(['facts.provider', 'facts.source_url', 'facts.license', 'sections.provider', 'sections.purpose', 'sections.data_processing', 'sections.limitations']);
    expect(within(form).getByRole('textbox', { name: 'Data Processing' })).toHaveAccessibleDescription(ASSET_CARD_SECTIONS.third_party_service[2]!.guidance);
  });

  it('keeps an approved card’s fields disabled and says why', () => {
    const { form } = renderForm(buildAssetCardDetail({ asset_card_type: 'model', status: 'approved', facts: { ...assetCardFacts.parse({}), license: 'mit' } }));
    expect(within(form).getByText(/Approved and locked: its facts and sections stay as they were approved/)).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: 'Licence' })).toBeDisabled();
    expect(within(form).getByRole('textbox', { name: 'Licence' })).toHaveValue('mit');
    expect(within(form).getByRole('button', { name: 'Add a metric' })).toBeDisabled();
    expect(within(form).queryByRole('button', { name: 'Save card' })).not.toBeInTheDocument();
  });

  it('lets a reader read but not change it', () => {
    const { form } = renderForm(buildAssetCardDetail(), false);
    expect(within(form).getByText('Your role on this project lets you read this card but not change it.')).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: 'Size' })).toBeDisabled();
  });
});
