import { useFramedProject } from '../../../features/projects/project-outlet';
import { RequirementsScreen } from '../../../features/requirements/screens/requirements-screen';
import { usePageTitle } from '../../../components/use-page-title';

/** project-requirements: the requirements screen inside the project's frame. */
export function ProjectRequirementsScreen() {
  const project = useFramedProject();
  usePageTitle('Requirements', project.name);
  return <RequirementsScreen project={project} />;
}

export default ProjectRequirementsScreen;
