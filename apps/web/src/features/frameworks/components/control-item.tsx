import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { Link as RouterLink } from 'react-router';
import type { ControlDefinition, CrosswalkEntry } from '@aegis/contracts';
import { groupByFramework, type ControlUse } from '../control-index';
import { LIFECYCLE_PHASE_LABELS, RELATIONSHIP_LABELS } from '../framework-labels';
import { Highlight } from './highlight';

type Props = {
  control: ControlDefinition;
  uses: readonly ControlUse[];
  crosswalk: readonly CrosswalkEntry[];
  frameworkHref: (frameworkCode: string) => string;
  query: string;
  open: boolean;
  onToggle: () => void;
};

const mono = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: '0.8125rem', fontWeight: 600 } as const;
const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** One control: what it asks, which requirements here map to it, and what else it satisfies. */
export function ControlItem({ control, uses, crosswalk, frameworkHref, query, open, onToggle }: Props) {
  const panelId = `control-${control.control_code.replace(/[^A-Za-z0-9_-]/g, '_')}`;
  const others = groupByFramework(crosswalk);
  return (
    <Box component="li" sx={{ listStyle: 'none', borderBottom: 1, borderColor: 'divider' }}>
      <ButtonBase
        disableRipple
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={onToggle}
        sx={{ width: '100%', justifyContent: 'flex-start', textAlign: 'left', gap: 1, py: 1, px: 1, '&:hover': { bgcolor: 'action.hover' }, '&.Mui-focusVisible': { outline: 2, outlineColor: 'primary.main', outlineOffset: -2 } }}
      >
        <ChevronRightIcon aria-hidden fontSize="small" sx={{ transform: open ? 'rotate(90deg)' : undefined, transition: 'transform 120ms', flexShrink: 0 }} />
        <Box sx={{ minWidth: 0, flexGrow: 1 }}>
          <Box component="span" sx={mono}>
            <Highlight text={control.control_code} query={query} />
          </Box>{' '}
          <Typography component="span" variant="body2">
            <Highlight text={control.title} query={query} />
          </Typography>
        </Box>
        <Stack direction="row" spacing={0.5} sx={{ flexShrink: 0, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
          <Chip size="small" variant="outlined" label={count(uses.length, 'requirement here', 'requirements here')} />
          <Chip size="small" variant="outlined" color={crosswalk.length > 0 ? 'primary' : 'default'} label={crosswalk.length === 0 ? 'Only here' : `Also satisfies ${crosswalk.length}`} />
        </Stack>
      </ButtonBase>
      {open && (
        <Stack id={panelId} spacing={1.5} sx={{ pl: 5, pr: 1, pb: 2, typography: 'body2' }}>
          {control.objective && <Typography variant="body2">{control.objective}</Typography>}
          {control.guidance && (
            <Typography variant="body2" color="text.secondary">
              {control.guidance}
            </Typography>
          )}
          {(control.domain || control.lifecycle_phase.length > 0) && (
            <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
              {control.domain && <Chip size="small" label={`Domain: ${control.domain}`} />}
              {control.lifecycle_phase.map((phase) => (
                <Chip key={phase} size="small" variant="outlined" label={LIFECYCLE_PHASE_LABELS[phase]} />
              ))}
            </Stack>
          )}
          {control.evidence_examples.length > 0 && (
            <Box>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                Evidence examples
              </Typography>
              <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                {control.evidence_examples.map((example) => (
                  <li key={example}>{example}</li>
                ))}
              </Box>
            </Box>
          )}
          <Box>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              Requirements of this framework
            </Typography>
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {uses.map((use) => (
                <li key={use.requirement_code}>{`${use.requirement_code}: ${use.requirement_title} (${RELATIONSHIP_LABELS[use.relationship]})`}</li>
              ))}
            </Box>
          </Box>
          <Box>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              This control also satisfies…
            </Typography>
            {others.length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                No requirement of your organization’s other frameworks maps to it.
              </Typography>
            ) : (
              others.map((group) => (
                <Box key={group.framework_code} sx={{ mt: 0.5 }}>
                  <Link component={RouterLink} to={frameworkHref(group.framework_code)} sx={{ fontWeight: 500 }}>
                    {group.framework_name}
                  </Link>
                  <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                    {group.entries.map((entry) => (
                      <li key={entry.requirement_code}>{`${entry.requirement_code}: ${entry.requirement_title} (${RELATIONSHIP_LABELS[entry.relationship]})`}</li>
                    ))}
                  </Box>
                </Box>
              ))
            )}
          </Box>
        </Stack>
      )}
    </Box>
  );
}
