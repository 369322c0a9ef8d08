import { useDeferredValue, useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { RequirementNode } from '@aegis/contracts';
import { countNodes, filterRequirements, indexRequirements, sectionCodes } from '../requirement-filter';
import { createOpenStore } from './open-store';
import { RequirementItem } from './requirement-item';
import type { TreeContext } from './tree-context';

type Props = { requirements: readonly RequirementNode[]; context: TreeContext };

/**
 * The framework's requirement tree, closed at first. The search keeps the requirements whose code,
 * title, summary or control codes match, with their ancestors opened, and marks the matches; it runs
 * on a deferred copy of the text so typing stays quick on large trees.
 */
export function RequirementTree({ requirements, context }: Props) {
  const index = useMemo(() => indexRequirements(requirements), [requirements]);
  const total = useMemo(() => countNodes(requirements), [requirements]);
  const [search, setSearch] = useState('');
  const query = useDeferredValue(search.trim());
  const filter = useMemo(() => filterRequirements(requirements, index, query), [requirements, index, query]);

  // Each search starts with the way to its matches open; the user opens and closes freely from there.
  const open = useMemo(() => createOpenStore(filter.open), [filter]);

  return (
    <Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mb: 1, alignItems: { sm: 'center' } }}>
        <TextField
          size="small"
          type="search"
          label="Search requirements"
          helperText="By code, title, text or control code"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          slotProps={{ htmlInput: { maxLength: 200 } }}
          sx={{ width: { xs: '100%', sm: 360 } }}
        />
        <Stack direction="row" spacing={1} sx={{ pb: { sm: 2.5 } }}>
          <Button size="small" onClick={() => open.replace(sectionCodes(filter.nodes))}>
            Expand all sections
          </Button>
          <Button size="small" onClick={() => open.replace(new Set())}>
            Collapse all
          </Button>
        </Stack>
      </Stack>
      <Typography role="status" variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {query
          ? filter.matches === 0
            ? `No requirement matches “${query}”.`
            : `${filter.matches} ${filter.matches === 1 ? 'requirement matches' : 'requirements match'} “${query}”.`
          : `${total} requirements and sections.`}
      </Typography>
      <Box component="ul" aria-label="Requirements" sx={{ m: 0, p: 0 }}>
        {filter.nodes.map((node) => (
          <RequirementItem key={node.code} node={node} depth={0} query={query} open={open} context={context} />
        ))}
      </Box>
    </Box>
  );
}
