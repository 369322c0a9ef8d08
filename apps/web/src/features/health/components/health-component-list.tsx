import { HEALTH_COMPONENTS, type HealthComponentName, type HealthReport } from '@aegis/contracts';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { Fragment } from 'react';
import { formatDateTime } from '../../../lib/format';
import { HealthStateLabel } from './health-state-label';
import { JobQueueTable } from './job-queue-table';

export const HEALTH_COMPONENT_NAMES: Record<HealthComponentName, string> = {
  database: 'Database',
  file_storage: 'File storage',
  identity_provider: 'Identity provider',
  background_jobs: 'Background jobs',
};

/** Each part the service depends on: its name, its state, and what the check found. */
export function HealthComponentList({ components }: { components: HealthReport['components'] }) {
  return (
    <Box component="ul" aria-label="Components" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {HEALTH_COMPONENTS.map((name, index) => {
        const component = components[name];
        return (
          <Fragment key={name}>
            {index > 0 && <Divider component="li" aria-hidden />}
            <Box component="li" sx={{ py: 1.5 }}>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', alignItems: 'center', columnGap: 2, rowGap: 0.5 }}>
                <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
                  {HEALTH_COMPONENT_NAMES[name]}
                </Typography>
                <HealthStateLabel state={component.status} />
              </Box>
              <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
                {component.detail}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {`Checked ${formatDateTime(component.checked_at)}${component.latency_ms === undefined ? '' : ` · ${component.latency_ms} ms`}`}
              </Typography>
              {name === 'background_jobs' && components.background_jobs.queues.length > 0 && <JobQueueTable queues={components.background_jobs.queues} />}
            </Box>
          </Fragment>
        );
      })}
    </Box>
  );
}
