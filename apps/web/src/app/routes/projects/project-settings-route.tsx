import { ProjectFrameworksSection } from '../../../features/frameworks/components/project-frameworks-section';
import { useOrganizationFeatures } from '../../../features/organizations/api/get-organization-config';
import { ProjectSettingsScreen } from '../../../features/projects/screens/project-settings-screen';
import { useCurrentUser } from '../../../lib/current-user';

/** project-settings: the projects feature's settings, with the Frameworks section for those who may update the project. */
export function ProjectSettingsRoute() {
  const { data: user } = useCurrentUser();
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
