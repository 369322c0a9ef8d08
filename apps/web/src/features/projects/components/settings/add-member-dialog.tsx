import { useState, type FormEvent } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { OrganizationMember, Project, ProjectRole } from '@aegis/contracts';
import { FormDialog } from '../../../../components/form-dialog';
import { useDebounced } from '../../../../components/use-debounced';
import { errorDetail } from '../../../../lib/errors';
import { notifySuccess } from '../../../../lib/notifier';
import { useAddProjectRole } from '../../api/add-project-role';
import { useAddableMembers } from '../../api/list-addable-members';
import { PROJECT_ROLE_LABELS } from '../project-labels';
import { memberName } from './member-name';
import { RoleRadioGroup } from './role-radio-group';

type Props = { project: Project; open: boolean; onClose: () => void };

/**
 * Gives someone in the organization a role on the project. Render it with a new key each time it
 * opens: it starts empty then, and keeps its content while it closes.
 */
export function AddMemberDialog({ project, open, onClose }: Props) {
  const [person, setPerson] = useState<OrganizationMember | null>(null);
  const [input, setInput] = useState('');
  const name = useDebounced(input.trim(), 300);
  const [role, setRole] = useState<ProjectRole>('editor');
  const [failure, setFailure] = useState<string | null>(null);
  const [personError, setPersonError] = useState<string | null>(null);
  const candidates = useAddableMembers(project.organization_id, project.id, name, open);
  const add = useAddProjectRole(project);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (!person) {
      setPersonError('Choose the person to add');
      return;
    }
    try {
      await add.mutateAsync({ userId: person.user_id, role });
      notifySuccess(`${memberName(person)} added to ${project.name} as ${PROJECT_ROLE_LABELS[role]}`);
      onClose();
    } catch (error) {
      setFailure(errorDetail(error));
    }
  };

  const noOptionsText = candidates.isError
    ? 'The organization’s members could not be loaded.'
    : name
      ? `No one without a role here matches “${name}”.`
      : 'Everyone in the organization is already on this project.';

  return (
    <FormDialog
      id="add-member"
      open={open}
      onClose={onClose}
      title="Add member"
      text={`Give someone in your organization a role on ${project.name}. You can change it later.`}
      error={failure}
      submitLabel="Add"
      pending={add.isPending}
      onSubmit={(event) => void submit(event)}
    >
      <Stack spacing={3}>
        <Autocomplete
          options={candidates.data?.items ?? []}
          value={person}
          onChange={(_event, chosen) => {
            setPerson(chosen);
            setPersonError(null);
          }}
          inputValue={input}
          onInputChange={(_event, text) => setInput(text)}
          // The server has filtered by name already.
          filterOptions={(options) => options}
          getOptionLabel={memberName}
          getOptionKey={(option) => option.user_id}
          isOptionEqualToValue={(option, chosen) => option.user_id === chosen.user_id}
          loading={candidates.isFetching}
          loadingText="Searching…"
          noOptionsText={noOptionsText}
          renderOption={({ key, ...props }, option) => (
            <Box component="li" key={key} {...props}>
              <Box>
                <Typography>{memberName(option)}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {option.email}
                </Typography>
              </Box>
            </Box>
          )}
          renderInput={(params) => (
            <TextField
              {...params}
              name="person"
              label="Person"
              required
              autoFocus
              error={Boolean(personError)}
              helperText={personError ?? 'Search the organization’s active members by name or email'}
            />
          )}
        />
        <RoleRadioGroup value={role} onChange={setRole} />
      </Stack>
    </FormDialog>
  );
}
