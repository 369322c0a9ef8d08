import type { TestingTestDetail } from '@aegis/contracts';
import { FormDialog } from '../../../components/form-dialog';
import { errorDetail } from '../../../lib/errors';
import { notifySuccess } from '../../../lib/notifier';
import { useAllMetrics } from '../api/metrics-api';
import { useSources } from '../api/sources-api';
import { useUpdateTest } from '../api/tests-api';
import { testFormOf } from '../test-form-values';
import { TestFormFields } from './test-form-fields';
import { useTestForm } from './use-test-form';

type Props = { projectId: string; test: TestingTestDetail; open: boolean; onClose: () => void };

/** Changes a test's metric, condition, window and schedule (its tags stay). Render it with a new key each time it opens. */
export function EditTestDialog({ projectId, test, open, onClose }: Props) {
  const sources = useSources(projectId, open);
  const metrics = useAllMetrics(projectId, sources.data?.items);
  const update = useUpdateTest(projectId, test.id);
  const form = useTestForm(testFormOf(test), ({ tags: _tags, ...input }) =>
    update.mutateAsync(input).then(() => {
      notifySuccess(`${test.reference} saved`);
      onClose();
    }),
  );

  return (
    <FormDialog
      id="edit-test"
      open={open}
      onClose={onClose}
      title={`Edit ${test.reference}`}
      text="The next runs judge by the new condition; earlier results keep the condition they were judged by."
      error={update.isError && !form.hasFieldErrors ? errorDetail(update.error) : null}
      submitLabel="Save"
      pending={update.isPending}
      onSubmit={form.submit}
    >
      <TestFormFields values={form.values} change={form.change} errors={form.errors} metrics={metrics.metrics} metricsPending={sources.isPending || metrics.isPending} />
    </FormDialog>
  );
}
