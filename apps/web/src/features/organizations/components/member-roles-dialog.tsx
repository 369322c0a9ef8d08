import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Typography from '@mui/material/Typography';
import { ORGANIZATION_ROLES, type OrganizationMember, type OrganizationRole } from '@aegis/contracts';
import { DialogForm } from '../../../components/form-dialog';
import { useRetained } from '../../../components/use-retained';
import { notifySuccess } from '../../../lib/notifier';
import { memberRolesSchema, useUpdateMemberRoles } from '../api/update-member-roles';
import { displayName, ROLE_DESCRIPTIONS, ROLE_LABELS } from './member-labels';

type Props = {
  organizationId: string;
  member: OrganizationMember | null;
  grantableRoles: readonly OrganizationRole[];
  onClose: () => void;
};

export function MemberRolesDialog({ organizationId, member: requested, grantableRoles, onClose }: Props) {
  const member = useRetained(requested);
  return (
    <Dialog open={requested !== null} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="member-roles-title">
      {/* Keyed by person: the choice starts from their roles each time the dialog opens. */}
      {member && (
        <RolesForm key={member.user_id} organizationId={organizationId} member={member} grantableRoles={grantableRoles} onClose={onClose} />
      )}
    </Dialog>
  );
}

function RolesForm({ organizationId, member, grantableRoles, onClose }: Props & { member: OrganizationMember }) {
  const [roles, setRoles] = useState<OrganizationRole[]>(member.roles);
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateMemberRoles(organizationId);
  const name = displayName(member);
  // A role the user may not grant is not offered; one the person already holds stays visible, fixed.
  const shown = ORGANIZATION_ROLES.filter((role) => grantableRoles.includes(role) || member.roles.includes(role));

  const toggle = (role: OrganizationRole, on: boolean) =>
    setRoles((current) => ORGANIZATION_ROLES.filter((r) => (r === role ? on : current.includes(r))));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = memberRolesSchema.safeParse({ roles });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Choose at least one role');
      return;
    }
    setError(null);
    const unchanged = parsed.data.roles.length === member.roles.length && parsed.data.roles.every((r) => member.roles.includes(r));
    if (!unchanged) {
      await update.mutateAsync({ userId: member.user_id, roles: parsed.data.roles });
      notifySuccess(`Roles of ${name} updated`);
    }
    onClose();
  };

  return (
    <DialogForm
      id="member-roles"
      title={`Change roles of ${name}`}
      submitLabel="Save"
      pending={update.isPending}
      onSubmit={(event) => void submit(event).catch(() => undefined)}
      onCancel={onClose}
    >
      <FormControl component="fieldset" error={Boolean(error)} variant="standard">
        <FormLabel component="legend">Roles</FormLabel>
        <FormGroup>
          {shown.map((role) => (
            <Box key={role} sx={{ mt: 1 }}>
              <FormControlLabel
                control={
                  <Checkbox
                    checked={roles.includes(role)}
                    disabled={!grantableRoles.includes(role)}
                    onChange={(event) => toggle(role, event.target.checked)}
                    slotProps={{ input: { 'aria-describedby': `role-description-${role}` } }}
                  />
                }
                label={ROLE_LABELS[role]}
              />
              {/* Outside the label: the role's name alone names the checkbox, this describes it. */}
              <Typography id={`role-description-${role}`} variant="body2" color="text.secondary" sx={{ pl: 4, mt: -1 }}>
                {ROLE_DESCRIPTIONS[role]}
              </Typography>
            </Box>
          ))}
        </FormGroup>
        {error && <FormHelperText>{error}</FormHelperText>}
      </FormControl>
    </DialogForm>
  );
}
