import { ScopingScreen } from '../../../features/applicability/screens/scoping-screen';
import { useFramedProject } from '../../../features/projects/project-outlet';
import { usePageTitle } from '../../../components/use-page-title';

/**
 * project-scoping (/projects/project-detail/{id}/scoping): the EU AI Act settings and their
 * classification, the frameworks' questionnaires and the statement of applicability (issue 19).
 *
 * Why a page of its own, and not a header tab or a part of Settings: the spec's list of project tabs
 * is fixed (section 2), and Settings opens only for those who may update the project, while the
 * classification and the reasons a requirement does not apply must be visible to every member,
 * readers (reviewer, auditor) included. It is reached from the dashboard's classification card, from
 * the Scoping button of the Requirements screen and from each "Not applicable — …" reason; the
 * Requirements tab is the current one while on it (features/projects/project-tabs.ts).
 */
export function ProjectScopingScreen() {
  const project = useFramedProject();
  usePageTitle('Scoping', project.name);
  return <ScopingScreen project={project} />;
}

export default ProjectScopingScreen;
