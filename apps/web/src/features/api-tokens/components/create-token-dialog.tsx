import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { API_TOKEN_DEFAULT_TTL_DAYS, API_TOKEN_MAX_TTL_DAYS, API_TOKEN_PUSH_RIGHTS, type CreatedApiToken } from '@aegis/contracts';
import { FormDialog } from '../../../components/form-dialog';
import { fieldErrorsFromApiError, fieldErrorsFromIssues, focusFirstInvalid, type FieldErrors } from '../../../components/field-errors';
import { currentUserQueryOptions } from '../../../lib/current-user';
import { ApiError } from '../../../lib/errors';
import { formatDate } from '../../../lib/format';
import { createTokenSchema, useCreateApiToken } from '../api/create-api-token';
import { useTokenProjects } from '../api/list-token-projects';
import { RIGHTS_CHOICES, type RightsChoice } from '../token-scope';

/** Every token expires: a forgotten one must not stay valid for ever (at most a year). */
const EXPIRY_DAYS = [30, API_TOKEN_DEFAULT_TTL_DAYS, 180, API_TOKEN_MAX_TTL_DAYS] as const;
const DEFAULT_EXPIRY = String(API_TOKEN_DEFAULT_TTL_DAYS);
/** The project picker's value for a token that reaches every project. */
const ALL_PROJECTS = '';

function expiresAt(choice: string): string {
  return new Date(Date.now() + Number(choice) * 24 * 3600 * 1000).toISOString();
}

/** What the dialog starts with: a link may ask for a token of one project and rights (the Testing tab's "Create a token for this project"). */
export type TokenPreset = { projectId: string; rightsChoice: RightsChoice };

type Props = { open: boolean; onClose: () => void; onCreated: (token: CreatedApiToken) => void; preset?: TokenPreset };

export function CreateTokenDialog({ open, onClose, onCreated, preset }: Props) {
  const [name, setName] = useState('');
  const [expiry, setExpiry] = useState(DEFAULT_EXPIRY);
  const [projectId, setProjectId] = useState(preset?.projectId ?? ALL_PROJECTS);
  const [rightsChoice, setRightsChoice] = useState<RightsChoice>(preset?.rightsChoice ?? 'all');
  const [errors, setErrors] = useState<FieldErrors>({});
  const create = useCreateApiToken();
  const { data: user } = useQuery(currentUserQueryOptions());
  const projects = useTokenProjects(user?.organization?.id, open);
  const chosenProject = projects.data?.items.find((p) => p.id === projectId);

  const reset = () => {
    setName('');
    setExpiry(DEFAULT_EXPIRY);
    setProjectId(ALL_PROJECTS);
    setRightsChoice('all');
    setErrors({});
  };
  const close = () => {
    reset();
    onClose();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const refuse = (found: FieldErrors) => {
      setErrors(found);
      focusFirstInvalid(form, found);
    };
    const rights = RIGHTS_CHOICES[rightsChoice].rights;
    const parsed = createTokenSchema.safeParse({
      name,
      expires_at: expiresAt(expiry),
      ...(projectId ? { project_id: projectId } : {}),
      ...(rights ? { rights } : {}),
    });
    if (!parsed.success) return refuse(fieldErrorsFromIssues(parsed.error.issues));
    // The list says what the user may do on each project: refuse here what the API would refuse.
    const missing = chosenProject && rights?.find((right) => !(chosenProject.rights as string[]).includes(right));
    if (missing) return refuse({ rights: `You do not hold ${missing} on ${chosenProject.name}` });
    try {
      const token = await create.mutateAsync(parsed.data);
      reset();
      onCreated(token);
    } catch (error) {
      const found = fieldErrorsFromApiError(error);
      // A project removed or no longer shared with the user meanwhile.
      if (error instanceof ApiError && error.status === 404) found.project_id = 'This project is no longer available to you: choose another';
      refuse(found);
    }
  };

  const projectHelp = projects.isLoading
    ? 'Loading projects…'
    : projects.isError
      ? 'The projects could not be loaded: the token can reach all of them, or try again later.'
      : projects.data?.total === 0
        ? 'You see no project yet: the token reaches the projects you will be given.'
        : projectId
          ? 'Every other project is not found for this token, and it cannot reach organization-wide data.'
          : 'The token reaches every project you can see.';

  return (
    <FormDialog
      id="create-token"
      open={open}
      onClose={close}
      maxWidth="sm"
      title="Create API token"
      submitLabel="Create"
      pending={create.isPending}
      onSubmit={(event) => void submit(event)}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextField
          label="Name"
          name="name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={Boolean(errors.name)}
          helperText={errors.name ?? 'What the token is for, e.g. "CI pipeline"'}
          slotProps={{ htmlInput: { maxLength: 100 } }}
          required
          autoFocus
          fullWidth
        />
        <TextField
          select
          label="Project"
          name="project_id"
          value={projectId}
          onChange={(event) => {
            setProjectId(event.target.value);
            setErrors(({ project_id: _project, rights: _rights, ...rest }) => rest);
          }}
          disabled={projects.isLoading}
          error={Boolean(errors.project_id)}
          helperText={errors.project_id ?? projectHelp}
          fullWidth
        >
          <MenuItem value={ALL_PROJECTS}>All projects</MenuItem>
          {projects.data?.items.map((project) => (
            <MenuItem key={project.id} value={project.id}>
              {project.name}
            </MenuItem>
          ))}
        </TextField>
        <FormControl component="fieldset" variant="standard" error={Boolean(errors.rights)}>
          <FormLabel component="legend">Rights</FormLabel>
          <RadioGroup
            name="rights"
            value={rightsChoice}
            onChange={(event) => {
              setRightsChoice(event.target.value as RightsChoice);
              setErrors(({ rights: _rights, ...rest }) => rest);
            }}
          >
            {(Object.keys(RIGHTS_CHOICES) as RightsChoice[]).map((choice) => (
              <FormControlLabel key={choice} value={choice} control={<Radio />} label={RIGHTS_CHOICES[choice].label} />
            ))}
          </RadioGroup>
          <FormHelperText>
            {errors.rights ??
              (rightsChoice === 'push'
                ? projectId
                  ? `For a pipeline's secret: it may only push test metrics (${API_TOKEN_PUSH_RIGHTS.join(', ')}) to this project.`
                  : 'Choose a project too, so that the secret cannot push to the others.'
                : 'Whatever you may do, now and as your roles change.')}
          </FormHelperText>
        </FormControl>
        <TextField
          select
          label="Expires after"
          value={expiry}
          onChange={(event) => setExpiry(event.target.value)}
          helperText={`The token stops working on ${formatDate(expiresAt(expiry))}.`}
          fullWidth
        >
          {EXPIRY_DAYS.map((days) => (
            <MenuItem key={days} value={String(days)}>
              {days === API_TOKEN_MAX_TTL_DAYS ? '1 year' : `${days} days`}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
    </FormDialog>
  );
}
