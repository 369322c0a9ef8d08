import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { layoutLineage, lineageSummary } from '../lineage-layout';
import { DATASET_ID, LINEAGE, MODEL_ID, SYSTEM_ID } from '../testing/asset-fixtures';
import { LineageView } from './lineage-view';

const projectId = '0199a0b2-0000-7000-8000-0000000000c1';
const cardPath = (id: string) => `/projects/project-detail/${projectId}/asset-detail/${id}`;

function renderView(currentId?: string, lineage = LINEAGE) {
  return render(
    <MemoryRouter>
      <LineageView projectId={projectId} lineage={lineage} currentId={currentId} />
    </MemoryRouter>,
  );
}

describe('the lineage layout', () => {
  it('puts datasets, models, components and services, then systems in columns, and a card by the rows of what it is built from', () => {
    const layout = layoutLineage(LINEAGE);
    expect(layout.columns.map((column) => column.title)).toEqual(['Datasets', 'Models', 'Components and services', 'AI systems']);
    const at = (name: string) => layout.nodes.find((node) => node.name === name)!;
    expect([at('Loan applications 2019–2024').column, at('Credit scoring model').column, at('KYC check API').column, at('Loan decision assistant').column]).toEqual([0, 1, 2, 3]);
    // A component and a service share a column; neither is built from anything, so they go by name.
    expect([at('KYC check API').row, at('PDF renderer').row]).toEqual([0, 1]);
    expect(lineageSummary(LINEAGE)).toBe('5 cards (1 dataset, 1 model, 1 software component, 1 third-party service, 1 AI system) and 3 links.');
  });

  it('leaves empty columns out', () => {
    const layout = layoutLineage({ nodes: LINEAGE.nodes.filter((node) => node.asset_card_type === 'model' || node.asset_card_type === 'ai_system'), edges: [] });
    expect(layout.columns.map((column) => column.title)).toEqual(['Models', 'AI systems']);
  });
});

describe('the lineage view', () => {
  it('says each link in words, each card a link to its page: the diagram’s text alternative', () => {
    renderView();
    const figure = screen.getByRole('figure', { name: /^5 cards \(1 dataset, 1 model, 1 software component, 1 third-party service, 1 AI system\) and 3 links\./ });
    const links = within(figure).getByRole('list', { name: 'Lineage links' });
    expect(within(links).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Credit scoring model (model) trained on Loan applications 2019–2024 (dataset)',
      'Loan decision assistant (AI system) uses Credit scoring model (model)',
      'Loan decision assistant (AI system) uses KYC check API (third-party service)',
    ]);
    expect(within(links).getAllByRole('link', { name: 'Credit scoring model' })[0]).toHaveAttribute('href', cardPath(MODEL_ID));
    expect(within(figure).getByText('Not linked to any other card: PDF renderer.')).toBeInTheDocument();
  });

  it('draws every card as a link a keyboard reaches, named with its type, status and links', async () => {
    renderView();
    const diagram = screen.getByRole('group', { name: 'Lineage diagram' });
    const nodes = within(diagram).getAllByRole('link');
    expect(nodes.map((node) => node.getAttribute('aria-label'))).toEqual([
      'Loan applications 2019–2024, dataset, approved: built from 0, used by 1',
      'Credit scoring model, model, ready: built from 1, used by 1',
      'KYC check API, third-party service, ready: built from 0, used by 1',
      'PDF renderer, software component, ready: built from 0, used by 0',
      'Loan decision assistant, AI system, in progress: built from 2, used by 0',
    ]);
    expect(nodes[0]).toHaveAttribute('href', cardPath(DATASET_ID));
    const user = userEvent.setup();
    await user.tab();
    expect(nodes[0]).toHaveFocus();
    await user.tab();
    expect(nodes[1]).toHaveFocus();
    // The lines are drawing only: the words carry them.
    expect(diagram.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    expect(diagram.querySelectorAll('svg path[marker-end]')).toHaveLength(3);
  });

  it('marks the card whose page shows it, without a link to itself', () => {
    renderView(SYSTEM_ID);
    const diagram = screen.getByRole('group', { name: 'Lineage diagram' });
    expect(within(diagram).getAllByRole('link')).toHaveLength(4);
    expect(within(diagram).getByText('(this card)')).toBeInTheDocument();
  });

  it('says when no card is built from another yet', () => {
    renderView(undefined, { nodes: LINEAGE.nodes.slice(0, 2), edges: [] });
    expect(screen.getByText(/No card is built from another yet/)).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Lineage links' })).not.toBeInTheDocument();
  });
});

describe('a large lineage', () => {
  it('is said in words only past the diagram’s limit, the unlinked cards counted past twenty', () => {
    const nodes = Array.from({ length: 160 }, (_, i) => ({ ...LINEAGE.nodes[2]!, id: `0199a0b2-0000-7000-8000-${String(i).padStart(12, '0')}`, name: `Dataset ${String(i).padStart(3, '0')}` }));
    renderView(undefined, { nodes, edges: [{ from_id: nodes[0]!.id, to_id: nodes[1]!.id, relation: 'uses' }] });
    expect(screen.queryByRole('group', { name: 'Lineage diagram' })).not.toBeInTheDocument();
    expect(screen.getByText(/The diagram draws up to 150 cards; with 160/)).toBeInTheDocument();
    expect(screen.getByText(/^Not linked to any other card: Dataset 002, .* and 138 more\.$/)).toBeInTheDocument();
  });
});
