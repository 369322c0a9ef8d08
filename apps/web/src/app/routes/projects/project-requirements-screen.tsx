import { useFramedProject } from '../../../features/projects/project-outlet';
import { RequirementsScreen } from '../../../features/requirements/screens/requirements-screen';

/** project-requirements: the requirements screen inside the project's frame. */
export function ProjectRequirementsScreen() {
  return <RequirementsScreen project={useFramedProject()} />;
}

export default ProjectRequirementsScreen;
