import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useParams } from 'react-router';
import type { Project } from '@aegis/contracts';
import { PageProgress } from '../../../components/page-progress';
import { errorDetail } from '../../../lib/errors';
import { useCurrentUser } from '../../../lib/current-user';
import { useProject } from '../api/get-project';
import { DangerZone } from '../components/settings/danger-zone';
import { ExportSection } from '../components/settings/export-section';
import { GeneralSettingsForm } from '../components/settings/general-settings-form';
import { NoSettingsAccess } from '../components/settings/no-settings-access';
import { ProjectMembersSection } from '../components/settings/project-members-section';
import { SettingsSection } from '../components/settings/settings-section';
import { canOpenSettings, settingsAbilities } from '../project-settings-rights';
import { RetryAlert } from '../../../components/retry-alert';

/** Sections other features add, composed in app/routes (the frameworks the project applies, say). */
export type ExtraSettings = (project: Project) => ReactNode;

/** The sections the user's rights on the project allow; `extra` comes after General. */
export function ProjectSettings({ project, extra }: { project: Project; extra?: ExtraSettings }) {
  const { data: user } = useCurrentUser();
  if (!canOpenSettings(project.rights)) return <NoSettingsAccess projectId={project.id} />;
  const abilities = settingsAbilities(project.rights);
  return (
    <Stack spacing={3}>
      {abilities.update && (
        <SettingsSection id="project-general" title="General" description="The project’s name, type and description.">
          {/* A saved change replaces the cached project: the form starts again from it. */}
          <GeneralSettingsForm key={project.updated_at} project={project} />
        </SettingsSection>
      )}
      {extra?.(project)}
      {abilities.viewMembers && <ProjectMembersSection project={project} abilities={abilities} viewerId={user?.id} />}
      {abilities.export && <ExportSection projectId={project.id} />}
      {abilities.delete && <DangerZone project={project} />}
    </Stack>
  );
}

/** settings (child of project-detail): the project's general settings, members, export and deletion, and the `extra` sections. */
export function ProjectSettingsScreen({ extra }: { extra?: ExtraSettings }) {
  const { id = '' } = useParams();
  const project = useProject(id);
  return (
    <Box component="section" aria-labelledby="project-settings-title" sx={{ maxWidth: 960 }}>
      <Typography id="project-settings-title" variant="h5" component="h2" sx={{ mb: 2 }}>
        Settings
      </Typography>
      {project.isPending && <PageProgress label="Loading the project settings…" />}
      {project.isError && (
        <RetryAlert onRetry={() => void project.refetch()}>
          {`The project could not be loaded: ${errorDetail(project.error)}`}
        </RetryAlert>
      )}
      {project.data && <ProjectSettings project={project.data} extra={extra} />}
    </Box>
  );
}

export default ProjectSettingsScreen;
