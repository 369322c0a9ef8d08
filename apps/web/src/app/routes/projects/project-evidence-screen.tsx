import { EvidenceScreen } from '../../../features/evidence/screens/evidence-screen';
import { useFramedProject } from '../../../features/projects/project-outlet';
import { usePageTitle } from '../../../components/use-page-title';

/** project-evidence: the project's evidence inside the project's frame. */
export function ProjectEvidenceScreen() {
  const project = useFramedProject();
  usePageTitle('Evidence', project.name);
  return <EvidenceScreen project={project} />;
}

export default ProjectEvidenceScreen;
