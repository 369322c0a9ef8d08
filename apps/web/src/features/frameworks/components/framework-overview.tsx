import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Link as RouterLink } from 'react-router';
import { PROJECT_TYPE_LABELS, type FrameworkDetail } from '@aegis/contracts';
import { formatCount } from '../../../lib/format';
import { SourceChip } from './source-chip';

type Props = {
  framework: Omit<FrameworkDetail, 'requirements' | 'controls' | 'crosswalk' | 'questionnaire' | 'enabled'> & { enabled?: boolean };
  /** The list this page belongs to. */
  back: { to: string; label: string };
  /** Management actions under the facts. */
  actions?: ReactNode;
};

/** What a framework is: name, source, code, version, publisher, size, and its notice. */
export function FrameworkOverview({ framework, back, actions }: Props) {
  return (
    <Box sx={{ mb: 3 }}>
      <Link component={RouterLink} to={back.to} sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mb: 1 }}>
        <ArrowBackIcon aria-hidden fontSize="small" />
        {back.label}
      </Link>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography id="framework-title" variant="h5" component="h2">
          {framework.name}
        </Typography>
        <SourceChip source={framework.source} />
        {framework.enabled === false && <Chip size="small" label="Switched off" />}
      </Stack>
      <Typography color="text.secondary" sx={{ mt: 0.5 }}>
        {[framework.framework_code, `version ${framework.version}`, framework.publisher].filter(Boolean).join(' · ')}
      </Typography>
      {framework.description && <Typography sx={{ mt: 1, maxWidth: 800 }}>{framework.description}</Typography>}
      <Typography variant="body2" sx={{ mt: 1 }}>
        {`${formatCount(framework.requirement_count)} requirements · ${formatCount(framework.control_count)} controls`}
        {framework.project_types.length > 0 && ` · for ${framework.project_types.map((type) => PROJECT_TYPE_LABELS[type]).join(' and ')} projects`}
      </Typography>
      {framework.url && (
        <Link href={framework.url} target="_blank" rel="noopener noreferrer" variant="body2">
          Read the original
        </Link>
      )}
      {framework.notice && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1, maxWidth: 800 }}>
          {framework.notice}
        </Typography>
      )}
      {actions && <Box sx={{ mt: 2 }}>{actions}</Box>}
    </Box>
  );
}
