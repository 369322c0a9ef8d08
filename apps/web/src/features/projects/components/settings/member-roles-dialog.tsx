import { useState, type FormEvent } from 'react';
import Dialog from '@mui/material/Dialog';
import type { Project, ProjectMember, ProjectRole } from '@aegis/contracts';
import { DialogForm } from '../../../../components/form-dialog';
import { useRetained } from '../../../../components/use-retained';
import { errorDetail } from '../../../../lib/errors';
import { notifySuccess } from '../../../../lib/notifier';
import { projectRolesSchema, useReplaceProjectRoles } from '../../api/replace-project-roles';
import { memberName } from './member-name';
import { RoleCheckboxGroup } from './role-checkbox-group';

type Props = {
  project: Project;
  member: ProjectMember | null;
  /** The project's only owner, whose Owner role cannot be taken away. */
  soleOwnerId: string | undefined;
  onClose: () => void;
};

export function MemberRolesDialog({ project, member: requested, soleOwnerId, onClose }: Props) {
  const member = useRetained(requested);
  return (
    <Dialog open={requested !== null} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="member-roles-title">
      {/* Keyed by person: the choice starts from their roles each time the dialog opens. */}
      {member && <RolesForm key={member.user_id} project={project} member={member} soleOwnerId={soleOwnerId} onClose={onClose} />}
    </Dialog>
  );
}

function RolesForm({ project, member, soleOwnerId, onClose }: Omit<Props, 'member'> & { member: ProjectMember }) {
  const [roles, setRoles] = useState<ProjectRole[]>(member.roles);
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const replace = useReplaceProjectRoles(project);
  const name = memberName(member);
  const locked = member.user_id === soleOwnerId ? { owner: 'A project needs an owner: make someone else owner first.' } : {};

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const parsed = projectRolesSchema.safeParse({ roles });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Keep at least one role');
      return;
    }
    setError(null);
    const unchanged = parsed.data.roles.length === member.roles.length && parsed.data.roles.every((role) => member.roles.includes(role));
    if (unchanged) return onClose();
    try {
      await replace.mutateAsync({ userId: member.user_id, roles: parsed.data.roles });
      notifySuccess(`Roles of ${name} updated`);
      onClose();
    } catch (failed) {
      setFailure(errorDetail(failed));
    }
  };

  return (
    <DialogForm
      id="member-roles"
      title={`Change roles of ${name}`}
      error={failure}
      submitLabel="Save"
      pending={replace.isPending}
      onSubmit={(event) => void submit(event)}
      onCancel={onClose}
    >
      <RoleCheckboxGroup value={roles} onChange={setRoles} locked={locked} error={error} />
    </DialogForm>
  );
}
