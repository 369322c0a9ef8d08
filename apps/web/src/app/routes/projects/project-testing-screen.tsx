import { usePageTitle } from '../../../components/use-page-title';
import { useFramedProject } from '../../../features/projects/project-outlet';
import { TestingScreen } from '../../../features/testing/screens/testing-screen';

/** project-testing: the project's automated tests, their sources and metrics, and their results inside the project's frame. */
export function ProjectTestingScreen() {
  const project = useFramedProject();
  usePageTitle('Testing', project.name);
  return <TestingScreen project={project} />;
}

export default ProjectTestingScreen;
