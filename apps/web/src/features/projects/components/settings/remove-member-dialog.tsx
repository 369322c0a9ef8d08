import { useState } from 'react';
import type { Project, ProjectMember } from '@aegis/contracts';
import { ConfirmDialog } from '../../../../components/confirm-dialog';
import { useRetained } from '../../../../components/use-retained';
import { errorDetail } from '../../../../lib/errors';
import { notifySuccess } from '../../../../lib/notifier';
import { useRemoveProjectMember } from '../../api/remove-project-role';
import { PROJECT_ROLE_LABELS } from '../project-labels';
import { memberName } from './member-name';

type Props = { project: Project; member: ProjectMember | null; viewerId: string | undefined; onClose: () => void };

/** Takes every role of a person away, after saying what that means; a refusal (the last owner) stays in the dialog. */
export function RemoveMemberDialog({ project, member: requested, viewerId, onClose }: Props) {
  const member = useRetained(requested);
  const remove = useRemoveProjectMember(project);
  const [failure, setFailure] = useState<string | null>(null);
  const name = member ? memberName(member) : '';
  const yourself = member?.user_id === viewerId;
  const roles = member?.roles.map((role) => PROJECT_ROLE_LABELS[role]).join(', ') ?? '';

  const close = () => {
    setFailure(null);
    onClose();
  };

  const confirm = async () => {
    if (!member) return;
    setFailure(null);
    try {
      await remove.mutateAsync(member);
      notifySuccess(yourself ? `You left ${project.name}` : `${name} removed from ${project.name}`);
      close();
    } catch (error) {
      setFailure(errorDetail(error));
    }
  };

  return (
    <ConfirmDialog
      id="remove-member"
      open={requested !== null}
      onClose={close}
      title={yourself ? `Leave ${project.name}?` : `Remove ${name} from the project?`}
      text={
        yourself
          ? `You give up your roles (${roles}) and lose access to this project, unless your organization role gives you access to every project.`
          : `${name} (${member?.email ?? ''}) loses their roles (${roles}) and their access to this project. You can add them again later.`
      }
      error={failure}
      confirmLabel={yourself ? 'Leave project' : 'Remove'}
      destructive
      pending={remove.isPending}
      onConfirm={() => void confirm()}
    />
  );
}
