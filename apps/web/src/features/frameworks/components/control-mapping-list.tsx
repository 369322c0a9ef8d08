import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ControlMappingView, CrosswalkEntry } from '@aegis/contracts';
import { mappingSourceLabel } from '../framework-labels';
import { CrosswalkList } from './crosswalk-list';
import { Highlight } from './highlight';
import { RelationshipChip } from './relationship-chip';

type Props = {
  mappings: readonly ControlMappingView[];
  crosswalk: Readonly<Record<string, readonly CrosswalkEntry[]>>;
  frameworkHref: (frameworkCode: string) => string;
  query: string;
};

/** A link this weak (out of 10) only touches the requirement: said in words, not left to the number. */
const WEAK_STRENGTH = 3;

const mono = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: '0.8125rem', fontWeight: 600 } as const;

/** The controls a requirement maps to: how (relationship, strength), on whose word (source, rationale), and what else each satisfies. */
export function ControlMappingList({ mappings, crosswalk, frameworkHref, query }: Props) {
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
      {mappings.map((mapping) => (
        <Box component="li" key={mapping.control_code} sx={{ borderLeft: 3, borderColor: 'divider', pl: 1.5 }}>
          <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Box component="span" sx={mono}>
              <Highlight text={mapping.control_code} query={query} />
            </Box>
            <Typography component="span" variant="body2" sx={{ fontWeight: 500 }}>
              {mapping.title}
            </Typography>
            <RelationshipChip relationship={mapping.relationship} />
            {mapping.strength !== null && (
              <Typography component="span" variant="caption" color="text.secondary">
                {`strength ${mapping.strength}/10${mapping.strength <= WEAK_STRENGTH ? ' · weak link' : ''}`}
              </Typography>
            )}
          </Stack>
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
            {mappingSourceLabel(mapping.source)}
          </Typography>
          {mapping.rationale && (
            <Typography variant="body2" color="text.secondary">
              {mapping.rationale}
            </Typography>
          )}
          <CrosswalkList entries={crosswalk[mapping.control_code] ?? []} frameworkHref={frameworkHref} />
        </Box>
      ))}
    </Box>
  );
}
