import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { StatusMutation } from './status-mutation';
import { WorkItemStatusActions } from './work-item-status-actions';

const wording = { outOfScope: 'It leaves the counts.', reopen: 'It can change again.', examples: { outOfScope: 'Not used any more.', reopen: 'Retrained.' } };
const mutation = () => ({ mutate: vi.fn<StatusMutation['mutate']>(), isPending: false, isError: false, error: null, variables: undefined }) satisfies StatusMutation;

describe('WorkItemStatusActions (the shared work-item kit)', () => {
  it('offers one button per allowed transition and sends a plain move at once', async () => {
    const update = mutation();
    render(<WorkItemStatusActions id="test" name="T-1" status="ready" allowedTransitions={['in_progress', 'out_of_scope']} update={update} wording={wording} />);
    expect(screen.getByRole('button', { name: 'Mark out of scope…' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Start' }));
    expect(update.mutate).toHaveBeenCalledWith({ status: 'in_progress' }, expect.anything());
  });

  it('asks why before reopening an approved item, and sends the reason', async () => {
    const update = mutation();
    render(<WorkItemStatusActions id="test" name="T-1" status="approved" allowedTransitions={['in_progress']} update={update} wording={wording} />);
    await userEvent.click(screen.getByRole('button', { name: 'Reopen…' }));
    const dialog = screen.getByRole('dialog', { name: 'Reopen T-1?' });
    expect(within(dialog).getByText('It can change again.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reopen' }));
    expect(within(dialog).getByText('Say why it is reopened: the reason is kept in its history')).toBeInTheDocument();
    expect(update.mutate).not.toHaveBeenCalled();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Why reopen it/ }), 'The data changed');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reopen' }));
    expect(update.mutate).toHaveBeenCalledWith({ status: 'in_progress', justification: 'The data changed' }, expect.anything());
  });

  it('shows nothing when no change is allowed', () => {
    const { container } = render(<WorkItemStatusActions id="test" name="T-1" status="in_review" allowedTransitions={[]} update={mutation()} wording={wording} />);
    expect(container).toBeEmptyDOMElement();
  });
});
