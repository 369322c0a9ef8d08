import { useNavigate } from 'react-router';
import { FormDialog } from '../../../components/form-dialog';
import { errorDetail } from '../../../lib/errors';
import { notifySuccess } from '../../../lib/notifier';
import { useAllMetrics } from '../api/metrics-api';
import { useSources } from '../api/sources-api';
import { useCreateTest } from '../api/tests-api';
import { EMPTY_TEST_FORM } from '../test-form-values';
import { testDetailPath } from '../testing-paths';
import { TestFormFields } from './test-form-fields';
import { useTestForm } from './use-test-form';

type Props = { projectId: string; open: boolean; onClose: () => void; metricId?: string };

/** Adds a test on a metric; its page opens. Render it with a new key each time it opens. */
export function NewTestDialog({ projectId, open, onClose, metricId }: Props) {
  const sources = useSources(projectId, open);
  const metrics = useAllMetrics(projectId, sources.data?.items);
  const create = useCreateTest(projectId);
  const navigate = useNavigate();
  const form = useTestForm({ ...EMPTY_TEST_FORM, metric_id: metricId ?? '' }, (input) =>
    create.mutateAsync(input).then((test) => {
      notifySuccess(`${test.reference} ${test.name} added`);
      onClose();
      void navigate(testDetailPath(projectId, test.id));
    }),
  );

  return (
    <FormDialog
      id="new-test"
      open={open}
      onClose={onClose}
      title="New test"
      text="A test judges a metric against a threshold, on demand or on a schedule. Linked to controls, each result becomes evidence on them."
      error={create.isError && !form.hasFieldErrors ? errorDetail(create.error) : null}
      submitLabel="Create test"
      pending={create.isPending}
      onSubmit={form.submit}
    >
      <TestFormFields values={form.values} change={form.change} errors={form.errors} metrics={metrics.metrics} metricsPending={sources.isPending || metrics.isPending} />
    </FormDialog>
  );
}
