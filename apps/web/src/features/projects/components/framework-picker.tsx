import { useEffect, useId, useMemo } from 'react';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { FRAMEWORK_SOURCE_LABELS, type FrameworkSummary, type ProjectType } from '@aegis/contracts';
import { RetryAlert } from '../../../components/retry-alert';
import { useApplicableFrameworks } from '../api/list-applicable-frameworks';

/** Where it comes from and how big it is: "Built-in · 221 requirements · 96 controls". */
const facts = (framework: FrameworkSummary) =>
  [FRAMEWORK_SOURCE_LABELS[framework.source], `${framework.requirement_count} requirements`, `${framework.control_count} controls`].join(' · ');

type Props = { organizationId: string; projectType: ProjectType; value: string[]; onChange: (value: string[]) => void; error?: string };

/** The frameworks a new project applies from the start — those the organization can use for its type; none is required. */
export function FrameworkPicker({ organizationId, projectType, value, onChange, error }: Props) {
  const frameworks = useApplicableFrameworks(organizationId, projectType);
  const idPrefix = useId();
  // A box is named by its framework alone; what it is and how big describe it (so "EU AI Act" names one box).
  const nameId = (code: string) => `${idPrefix}-${code}-name`;
  const aboutId = (code: string) => `${idPrefix}-${code}-about`;
  const available = frameworks.data?.items;
  const codes = useMemo(() => available?.map((f) => f.framework_code), [available]);

  // A framework not meant for the newly chosen type is dropped from the choice.
  useEffect(() => {
    if (codes && value.some((code) => !codes.includes(code))) onChange(value.filter((code) => codes.includes(code)));
  }, [codes, value, onChange]);

  // Kept in list order, so the request reads the same whichever box was ticked first.
  const toggle = (code: string, on: boolean) => onChange((codes ?? []).filter((c) => (c === code ? on : value.includes(c))));

  return (
    <FormControl component="fieldset" error={Boolean(error)}>
      <FormLabel component="legend" sx={{ typography: 'subtitle1', fontWeight: 600, color: 'text.primary', '&.Mui-focused': { color: 'text.primary' } }}>
        Frameworks
      </FormLabel>
      {frameworks.isPending && (
        <Stack direction="row" spacing={1} role="status" sx={{ mt: 1, alignItems: 'center' }}>
          <CircularProgress size={16} />
          <Typography variant="body2" color="text.secondary">
            Loading the frameworks you can apply…
          </Typography>
        </Stack>
      )}
      {frameworks.isError && <RetryAlert onRetry={() => void frameworks.refetch()}>The frameworks could not be loaded.</RetryAlert>}
      {available && available.length === 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          Your organization has no frameworks for this project type. An admin can switch them on under{' '}
          <Link component={RouterLink} to="/organization/frameworks">
            Organization → Frameworks
          </Link>
          .
        </Typography>
      )}
      <FormGroup>
        {available?.map((framework) => (
          <FormControlLabel
            key={framework.framework_code}
            sx={{ alignItems: 'flex-start', mt: 1 }}
            control={
              <Checkbox
                name="frameworks"
                value={framework.framework_code}
                checked={value.includes(framework.framework_code)}
                onChange={(event) => toggle(framework.framework_code, event.target.checked)}
                slotProps={{ input: { 'aria-labelledby': nameId(framework.framework_code), 'aria-describedby': aboutId(framework.framework_code) } }}
                sx={{ pt: 0.25 }}
              />
            }
            label={
              <span>
                <Typography id={nameId(framework.framework_code)} component="span" sx={{ display: 'block', fontWeight: 500 }}>
                  {framework.name}
                </Typography>
                <span id={aboutId(framework.framework_code)}>
                  <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                    {facts(framework)}
                  </Typography>
                  {framework.description && (
                    <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
                      {framework.description}
                    </Typography>
                  )}
                </span>
              </span>
            }
          />
        ))}
      </FormGroup>
      <FormHelperText>{error ?? 'Optional: the frameworks this project follows from the start. Their requirements and controls are set up with the project.'}</FormHelperText>
    </FormControl>
  );
}
