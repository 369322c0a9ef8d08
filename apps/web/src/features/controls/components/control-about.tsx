import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ControlDetail } from '@aegis/contracts';
import { lifecycleLabels } from './control-labels';
import { DetailSection } from '../../../components/detail-section';

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="subtitle2" component="h4">
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** What the control asks for: its objective, how to go about it, and what evidence shows it. */
export function ControlAbout({ control }: { control: ControlDetail }) {
  const phases = lifecycleLabels(control.lifecycle_phase);
  return (
    <DetailSection id="control-about" title="What it asks">
      <Stack spacing={2}>
        <Part title="Objective">
          <Typography sx={{ whiteSpace: 'pre-line' }}>{control.objective || 'No objective written.'}</Typography>
        </Part>
        {control.guidance && (
          <Part title="Guidance">
            <Typography sx={{ whiteSpace: 'pre-line' }}>{control.guidance}</Typography>
          </Part>
        )}
        <Part title="Evidence examples">
          {control.evidence_examples.length > 0 ? (
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {control.evidence_examples.map((example) => (
                <li key={example}>
                  <Typography>{example}</Typography>
                </li>
              ))}
            </Box>
          ) : (
            <Typography color="text.secondary">None suggested.</Typography>
          )}
        </Part>
        {phases.length > 0 && (
          <Part title="AI life-cycle phase">
            <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}>
              {phases.map((phase) => (
                <Chip key={phase} size="small" label={phase} />
              ))}
            </Stack>
          </Part>
        )}
      </Stack>
    </DetailSection>
  );
}
