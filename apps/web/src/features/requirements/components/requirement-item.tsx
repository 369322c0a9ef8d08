import { useState } from 'react';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { RequirementListItem } from '@aegis/contracts';
import { StatusChip } from '../../../components/status-chip';
import { StatusProgressBar } from '../../../components/status-progress-bar';
import { controlsPath, KEEP_FILTERS, scopingPath } from '../../../lib/project-paths';
import { RequirementControls } from './requirement-controls';

/** Its controls together do not cover it all: said in words and with an icon, with what is missing. */
function PartialCoverage({ note }: { note: string | null }) {
  return (
    <Box sx={{ display: 'flex', gap: 0.5, alignItems: 'flex-start', mt: 0.5, color: 'text.secondary' }}>
      <InfoOutlinedIcon aria-hidden sx={{ fontSize: 18, mt: '1px', color: 'warning.dark' }} />
      <Typography variant="body2">
        <Box component="span" sx={{ fontWeight: 600, color: 'text.primary' }}>
          Partial coverage
        </Box>
        {note ? `: ${note}` : ': its controls do not cover all of it.'}
      </Typography>
    </Box>
  );
}

/** Why it does not apply, leading to the scoping answers that decide it (where it can be changed back). */
function NotApplicableReason({ projectId, reason }: { projectId: string; reason: string | null }) {
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
      <Link component={RouterLink} to={scopingPath(projectId)} color="inherit">
        <Box component="span" sx={{ fontWeight: 600, color: 'text.primary' }}>
          Not applicable
        </Box>
        {reason ? ` — ${reason}` : ' — see the scoping answers'}
      </Link>
    </Typography>
  );
}

/** One requirement: code, title, status and its controls' progress; opened, its text and its controls. */
export function RequirementItem({ projectId, requirement }: { projectId: string; requirement: RequirementListItem }) {
  const [open, setOpen] = useState(false);
  const panelId = `requirement-${requirement.id}`;
  const label = `${requirement.framework_name} ${requirement.code}`;
  return (
    <Box component="li" sx={{ borderTop: 1, borderColor: 'divider' }}>
      <Box sx={{ display: 'grid', gap: 1, alignItems: 'start', py: 1, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) auto 11rem' } }}>
        <Box sx={{ minWidth: 0 }}>
          <ButtonBase
            aria-expanded={open}
            aria-controls={open ? panelId : undefined}
            onClick={() => setOpen(!open)}
            sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', textAlign: 'left', width: '100%', justifyContent: 'flex-start', borderRadius: 1, p: 0.5, '&:hover': { bgcolor: 'action.hover' } }}
          >
            <ExpandMoreIcon aria-hidden sx={{ transform: open ? 'none' : 'rotate(-90deg)', transition: 'transform 150ms', mt: '1px', color: 'text.secondary' }} />
            <Typography component="span" sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
              <Box component="span" sx={{ fontWeight: 700, mr: 0.5 }}>
                {requirement.code}
              </Box>{' '}
              {requirement.title}
            </Typography>
          </ButtonBase>
          {!requirement.applicable && (
            <Box sx={{ pl: 4.5 }}>
              <NotApplicableReason projectId={projectId} reason={requirement.applicability_reason} />
            </Box>
          )}
          {requirement.applicable && requirement.coverage === 'partial' && (
            <Box sx={{ pl: 4.5 }}>
              <PartialCoverage note={requirement.coverage_note} />
            </Box>
          )}
        </Box>
        <Stack direction="row" spacing={0.5} sx={{ pl: { xs: 4.5, md: 0 }, flexWrap: 'wrap' }}>
          <StatusChip status={requirement.status} />
          {!requirement.applicable && <StatusChip status="out_of_scope" label="Not applicable" />}
        </Stack>
        <Box sx={{ pl: { xs: 4.5, md: 0 }, pt: 0.5 }}>
          <StatusProgressBar counts={requirement.controls_by_status} width={64} showText />
        </Box>
      </Box>
      {open && (
        <Box id={panelId} sx={{ pl: 4.5, pb: 2 }}>
          {requirement.summary && <Typography sx={{ mb: 1 }}>{requirement.summary}</Typography>}
          {requirement.reference && (
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              Reference: {requirement.reference}
            </Typography>
          )}
          <RequirementControls projectId={projectId} requirementId={requirement.id} label={label} />
          <Link
            component={RouterLink}
            to={{ pathname: controlsPath(projectId), search: `?${new URLSearchParams({ framework: requirement.framework_code, requirement: requirement.id })}` }}
            state={KEEP_FILTERS}
            variant="body2"
            sx={{ display: 'inline-block', mt: 1 }}
          >
            Open these controls in the controls list
          </Link>
        </Box>
      )}
    </Box>
  );
}
