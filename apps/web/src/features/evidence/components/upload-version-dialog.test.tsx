import { render, screen, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../app/query-client';
import { NotifierProvider } from '../../../lib/notifier';
import { buildEvidenceDetail } from '../testing/evidence-fixtures';
import { UploadVersionDialog } from './upload-version-dialog';

function show(version: number) {
  render(
    <QueryClientProvider client={createQueryClient({ retry: false })}>
      <MemoryRouter>
        <NotifierProvider>
          <UploadVersionDialog projectId="0199a0b2-0000-7000-8000-000000000001" evidence={buildEvidenceDetail({ name: 'Bias audit', version })} onClose={() => {}} />
        </NotifierProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return screen.getByRole('dialog', { name: 'Upload a new version of “Bias audit”' });
}

describe('a new version’s dialog (issue 29, item 19)', () => {
  it('speaks of one file and of the one version that stays', () => {
    const dialog = show(1);
    expect(within(dialog).getByText('It becomes version 2; version 1 stays, with its SHA-256.')).toBeInTheDocument();
    expect(within(dialog).getByText('Drop the file here')).toBeInTheDocument();
    expect(within(dialog).queryByText(/several at once/)).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Choose a file' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Choose a file', { selector: 'input' })).not.toHaveAttribute('multiple');
  });

  it('names the range when several versions stay', () => {
    const dialog = show(3);
    expect(within(dialog).getByText('It becomes version 4; versions 1 to 3 stay, each with its SHA-256.')).toBeInTheDocument();
  });
});
