import { ControlsScreen } from '../../../features/controls/screens/controls-screen';
import { useFramedProject } from '../../../features/projects/project-outlet';
import { usePageTitle } from '../../../components/use-page-title';

/** project-controls: the controls list inside the project's frame. */
export function ProjectControlsScreen() {
  const project = useFramedProject();
  usePageTitle('Controls', project.name);
  return <ControlsScreen project={project} />;
}

export default ProjectControlsScreen;
