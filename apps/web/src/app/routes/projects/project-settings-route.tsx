import { ProjectFrameworksSection } from '../../../features/frameworks/components/project-frameworks-section';
import { useOrganizationFeatures } from '../../../features/organizations/api/get-organization-config';
import { ProjectSettingsScreen } from '../../../features/projects/screens/project-settings-screen';
import { useFramedProject } from '../../../features/projects/project-outlet';
import { useCurrentUser } from '../../../lib/current-user';
import { usePageTitle } from '../../../components/use-page-title';

/** project-settings: the projects feature's settings, with the Frameworks section for those who may update the project. */
export function ProjectSettingsRoute() {
  const { data: user } = useCurrentUser();
  usePageTitle('Settings', useFramedProject().name);
  const { contentManagementEnabled } = useOrganizationFeatures(user?.organization?.id);
  return (
    <ProjectSettingsScreen
      extra={(project) =>
        project.rights.includes('projects:update') && (
          <ProjectFrameworksSection
            project={project}
            abilities={{ apply: project.rights.includes('frameworks:create'), remove: true }}
            contentManagementEnabled={contentManagementEnabled}
          />
        )
      }
    />
  );
}

export default ProjectSettingsRoute;
