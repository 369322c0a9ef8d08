import { ControlsScreen } from '../../../features/controls/screens/controls-screen';
import { useFramedProject } from '../../../features/projects/project-outlet';

/** project-controls: the controls list inside the project's frame. */
export function ProjectControlsScreen() {
  return <ControlsScreen project={useFramedProject()} />;
}

export default ProjectControlsScreen;
