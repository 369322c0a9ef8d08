import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { ProjectFramework } from '@aegis/contracts';
import { formatDate } from '../../../lib/format';
import { organizationFrameworkPath } from '../framework-labels';
import { FrameworkProgress } from './framework-progress';
import { SourceChip } from './source-chip';

type Props = {
  frameworks: readonly ProjectFramework[];
  compact?: boolean;
  /** Offers Remove on each framework. */
  onRemove?: (framework: ProjectFramework) => void;
};

/** The frameworks a project applies, each with its progress; they link to the framework's page. */
export function AppliedFrameworkList({ frameworks, compact = false, onRemove }: Props) {
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: compact ? 2 : 3 }}>
      {frameworks.map((framework) => (
        <Box component="li" key={framework.framework_code}>
          <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Link component={RouterLink} to={organizationFrameworkPath(framework.framework_code)} sx={{ fontWeight: 600 }}>
              {framework.name}
            </Link>
            {!compact && <SourceChip source={framework.source} />}
            <Box sx={{ flexGrow: 1 }} />
            {onRemove && (
              <Button size="small" color="error" onClick={() => onRemove(framework)} aria-label={`Remove ${framework.name}`}>
                Remove
              </Button>
            )}
          </Stack>
          {!compact && (
            <Typography variant="body2" color="text.secondary">
              {`Version ${framework.version} · ${framework.requirement_count} requirements · ${framework.control_count} controls · applied ${formatDate(framework.applied_at)}`}
            </Typography>
          )}
          <FrameworkProgress framework={framework} compact={compact} />
        </Box>
      ))}
    </Box>
  );
}
