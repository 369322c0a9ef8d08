import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ApplicabilityChange } from '@aegis/contracts';
import { STATUS_STYLES } from '../../../components/status-styles';
import { frameworkShortName } from '../../../lib/framework-names';

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box sx={{ mt: 2 }}>
      <Typography variant="subtitle2" component="h3">
        {title}
      </Typography>
      <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5, '& li + li': { mt: 0.5 } }}>
        {children}
      </Box>
    </Box>
  );
}

/** Every requirement and control a change moves, each with why: what a person confirms before saving. */
export function ChangeDetails({ change }: { change: ApplicabilityChange }) {
  return (
    <Box sx={{ maxHeight: 360, overflowY: 'auto' }} tabIndex={0} aria-label="What the change moves">
      {change.requirements_out.length > 0 && (
        <Part title="Requirements that become not applicable">
          {change.requirements_out.map((requirement) => (
            <Typography key={requirement.id} component="li" variant="body2">
              <strong>
                {frameworkShortName(requirement.framework_code)} {requirement.code}
              </strong>{' '}
              {requirement.title}
              <Typography component="span" variant="body2" color="text.secondary">
                {' '}
                — {requirement.reason}
              </Typography>
            </Typography>
          ))}
        </Part>
      )}
      {change.requirements_in.length > 0 && (
        <Part title="Requirements that become applicable again">
          {change.requirements_in.map((requirement) => (
            <Typography key={requirement.id} component="li" variant="body2">
              <strong>
                {frameworkShortName(requirement.framework_code)} {requirement.code}
              </strong>{' '}
              {requirement.title}
            </Typography>
          ))}
        </Part>
      )}
      {change.controls_out.length > 0 && (
        <Part title="Controls that go out of scope (their work is kept)">
          {change.controls_out.map((control) => (
            <Typography key={control.control_code} component="li" variant="body2">
              <strong>{control.control_code}</strong> {control.title}
              <Typography component="span" variant="body2" color="text.secondary">
                {' '}
                — was {STATUS_STYLES[control.status_before].label.toLowerCase()}
              </Typography>
            </Typography>
          ))}
        </Part>
      )}
      {change.controls_restored.length > 0 && (
        <Part title="Controls that come back">
          {change.controls_restored.map((control) => (
            <Typography key={control.control_code} component="li" variant="body2">
              <strong>{control.control_code}</strong> {control.title}
              <Typography component="span" variant="body2" color="text.secondary">
                {' '}
                — back to {STATUS_STYLES[control.status].label.toLowerCase()}
              </Typography>
            </Typography>
          ))}
        </Part>
      )}
      {change.controls_kept.length > 0 && (
        <Part title="Controls kept as they are">
          {change.controls_kept.map((control) => (
            <Typography key={control.control_code} component="li" variant="body2">
              <strong>{control.control_code}</strong> {control.title}
              <Typography component="span" variant="body2" color="text.secondary">
                {' '}
                — {control.why}
              </Typography>
            </Typography>
          ))}
        </Part>
      )}
    </Box>
  );
}
