import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { RequirementNode } from '@aegis/contracts';
import { formatDate } from '../../../lib/format';
import { ControlMappingList } from './control-mapping-list';
import { Highlight } from './highlight';
import type { TreeContext } from './tree-context';

/** What an opened requirement says: its text, when it applies, whether its controls meet it, and which they are. */
export function RequirementDetails({ node, query, context }: { node: RequirementNode; query: string; context: TreeContext }) {
  const condition = context.readCondition(node.applies_when);
  return (
    <Stack spacing={1.5} sx={{ py: 1 }}>
      {node.summary && (
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
          <Highlight text={node.summary} query={query} />
        </Typography>
      )}
      {node.reference && (
        <Typography variant="caption" color="text.secondary">
          {node.reference}
        </Typography>
      )}
      {node.coverage === 'partial' && (
        <Alert severity="warning" variant="outlined">
          <strong>Partly covered.</strong> The mapped controls do not meet this requirement on their own.
          {node.coverage_note && ` What is left: ${node.coverage_note}`}
        </Alert>
      )}
      {node.coverage === 'full' && node.controls.length > 0 && (
        <Typography variant="body2" color="success.main">
          The mapped controls together meet this requirement.
          {node.coverage_note && ` ${node.coverage_note}`}
        </Typography>
      )}
      {(condition || node.applies_from) && (
        <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 1.5, rowGap: 0.5, typography: 'body2' }}>
          {condition && (
            <>
              <Box component="dt" sx={{ fontWeight: 600 }}>
                Applies when
              </Box>
              <Box component="dd" sx={{ m: 0 }}>
                {condition}
              </Box>
            </>
          )}
          {node.applies_from && (
            <>
              <Box component="dt" sx={{ fontWeight: 600 }}>
                Applies from
              </Box>
              <Box component="dd" sx={{ m: 0 }}>
                {formatDate(node.applies_from)}
              </Box>
            </>
          )}
        </Box>
      )}
      {node.notes.length > 0 && (
        <Box>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            Notes
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {node.notes.map((note, index) => (
              <Typography component="li" variant="body2" key={index}>
                {note}
              </Typography>
            ))}
          </Box>
        </Box>
      )}
      {node.controls.length > 0 && (
        <Box>
          <Typography variant="body2" sx={{ fontWeight: 600, mb: 0.5 }}>
            {node.controls.length === 1 ? 'Control' : `Controls (${node.controls.length})`}
          </Typography>
          <ControlMappingList mappings={node.controls} crosswalk={context.crosswalk} frameworkHref={context.frameworkHref} query={query} />
        </Box>
      )}
    </Stack>
  );
}
