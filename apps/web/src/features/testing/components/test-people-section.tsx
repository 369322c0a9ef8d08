import type { TestingTestDetail } from '@aegis/contracts';
import { WorkItemPeopleSection } from '../../../components/work-item/work-item-people-section';
import { useUpdateTestAssignees } from '../api/tests-api';

/** Who looks after the test (told when it fails) and who will review it (the shared work-item kit). */
export function TestPeopleSection({ projectId, test, canAssign }: { projectId: string; test: TestingTestDetail; canAssign: boolean }) {
  const save = useUpdateTestAssignees(projectId, test.id);
  return <WorkItemPeopleSection id="test" projectId={projectId} item={test} canAssign={canAssign} save={save} wording={{ assigneesHelp: 'Who looks after the test (told when it fails)', reviewersHelp: 'Who will review it' }} />;
}
