import type { TestingTestDetail } from '@aegis/contracts';
import { WorkItemStatusActions } from '../../../components/work-item/work-item-status-actions';
import type { JustifiedWording } from '../../../components/work-item/status-mutation';
import { useUpdateTest } from '../api/tests-api';

const WORDING: JustifiedWording = {
  outOfScope: 'It stops counting in the pass rate and its results stop proving its controls. Say why: an auditor reads the reason in its history.',
  reopen: 'It was approved and is locked. Reopening moves it back to In progress so that its condition, schedule and controls can change again; its next approval needs a new review.',
  examples: { outOfScope: 'The model this metric measured was retired.', reopen: 'The threshold must follow the new risk appetite.' },
};

/** The test's status changes the caller may make by hand now (the shared work-item kit): out of scope and reopening ask why. */
export function TestStatusActions({ projectId, test }: { projectId: string; test: TestingTestDetail }) {
  const update = useUpdateTest(projectId, test.id);
  return <WorkItemStatusActions id="test" name={test.reference} status={test.status} allowedTransitions={test.allowed_transitions} update={update} wording={WORDING} />;
}
