import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { MyReview } from '@aegis/contracts';
import { signIn, stubAppApi } from '../../../testing/app-api';
import { jsonResponse } from '../../../testing/fetch-stub';
import { renderApp } from '../../../testing/render-app';
import { buildReview } from '../../../testing/review-factories';

vi.mock('../../../lib/unread-stream', () => ({ startUnreadStream: vi.fn(), stopUnreadStream: vi.fn(), useUnreadCount: vi.fn(() => 0) }));

const awaiting = (overrides: Partial<MyReview> = {}): MyReview => ({ ...buildReview(), project_name: 'Credit scoring', ...overrides });

function stub(items: MyReview[]) {
  signIn();
  const fetch = stubAppApi({ handle: ({ url }) => (url.startsWith('/api/users/me/reviews') ? jsonResponse(200, { items, total: items.length, page: 1, size: 10, pages: 1 }) : undefined) });
  return fetch;
}

describe('the Reviews page', () => {
  it('lists what awaits me across projects, each leading to the object, with who asked, by when and whether it changed since', async () => {
    const fetch = stub([
      awaiting({ message: 'Method attached', due_date: '2020-01-31' }),
      awaiting({ id: '0199a0b2-0000-7000-8000-0000000000f2', object_label: 'MFF-1.GOV.02 Roles and responsibilities', object_link: '/projects/project-detail/p2/control-detail/MFF-1.GOV.02', project_name: 'Hiring assistant', stale: true }),
    ]);
    renderApp('/reviews');
    expect(await screen.findByRole('heading', { level: 1, name: 'Reviews' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Reviews awaiting you' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(within(first!).getByRole('link', { name: 'MFF-1.RSK.01 Risk management methodology and criteria' })).toHaveAttribute('href', '/projects/project-detail/0199a0b2-0000-7000-8000-0000000000c1/control-detail/MFF-1.RSK.01');
    expect(first).toHaveTextContent('Credit scoring · asked by Eddie Editor');
    expect(first).toHaveTextContent('31-01-2020 (overdue)');
    expect(first).toHaveTextContent('“Method attached”');
    expect(within(second!).getByRole('link', { name: 'MFF-1.GOV.02 Roles and responsibilities' })).toHaveAttribute('href', '/projects/project-detail/p2/control-detail/MFF-1.GOV.02');
    expect(within(second!).getByText('Changed since it was requested')).toBeInTheDocument();
    expect(String(fetch.mock.calls.find(([input]) => String(input).startsWith('/api/users/me/reviews'))![0])).toContain('sort_by=requested_at');
    // The side navigation has the page, marked current.
    expect(within(screen.getByRole('navigation', { name: /main/i })).getByRole('link', { name: 'Reviews' })).toHaveAttribute('aria-current', 'page');
  });

  it('says when nothing awaits me', async () => {
    stub([]);
    renderApp('/reviews');
    expect(await screen.findByText(/Nothing awaits your review/)).toBeInTheDocument();
  });
});

describe('the home screen’s Reviews awaiting you', () => {
  it('counts them, shows the oldest and leads to the Reviews page', async () => {
    stub([awaiting(), awaiting({ id: '0199a0b2-0000-7000-8000-0000000000f2' })]);
    renderApp('/');
    const card = await screen.findByRole('region', { name: /Reviews awaiting you/ });
    expect(await within(card).findByText('(2)')).toBeInTheDocument();
    expect(within(card).getAllByRole('link', { name: 'MFF-1.RSK.01 Risk management methodology and criteria' })).toHaveLength(2);
    expect(within(card).getByRole('link', { name: 'See all 2 reviews awaiting you' })).toHaveAttribute('href', '/reviews');
  });

  it('says when none awaits', async () => {
    stub([]);
    renderApp('/');
    const card = await screen.findByRole('region', { name: /Reviews awaiting you/ });
    expect(await within(card).findByText('No review awaits your decision.')).toBeInTheDocument();
  });
});
