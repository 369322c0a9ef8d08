import { AssetCardsScreen } from '../../../features/asset-cards/screens/asset-cards-screen';
import { useFramedProject } from '../../../features/projects/project-outlet';
import { usePageTitle } from '../../../components/use-page-title';

/** project-assets: the project's asset cards and their lineage inside the project's frame. */
export function ProjectAssetsScreen() {
  const project = useFramedProject();
  usePageTitle('Assets', project.name);
  return <AssetCardsScreen project={project} />;
}

export default ProjectAssetsScreen;
