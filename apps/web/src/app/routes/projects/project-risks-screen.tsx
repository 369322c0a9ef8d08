import { RisksScreen } from '../../../features/risks/screens/risks-screen';
import { useFramedProject } from '../../../features/projects/project-outlet';
import { usePageTitle } from '../../../components/use-page-title';

/** project-risks: the risk register inside the project's frame. */
export function ProjectRisksScreen() {
  const project = useFramedProject();
  usePageTitle('Risks', project.name);
  return <RisksScreen project={project} />;
}

export default ProjectRisksScreen;
