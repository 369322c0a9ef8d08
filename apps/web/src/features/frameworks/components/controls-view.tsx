import { useDeferredValue, useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ControlDefinition, CrosswalkEntry, RequirementNode } from '@aegis/contracts';
import { filterControls, usesByControl } from '../control-index';
import { ControlItem } from './control-item';

type Props = {
  controls: readonly ControlDefinition[];
  requirements: readonly RequirementNode[];
  crosswalk: Readonly<Record<string, readonly CrosswalkEntry[]>>;
  frameworkHref: (frameworkCode: string) => string;
};

const NONE: readonly CrosswalkEntry[] = [];

/** The crosswalk view: every control the framework maps to, and for each what else it satisfies in the organization's other frameworks. */
export function ControlsView({ controls, requirements, crosswalk, frameworkHref }: Props) {
  const uses = useMemo(() => usesByControl(requirements), [requirements]);
  const [search, setSearch] = useState('');
  const query = useDeferredValue(search.trim());
  const shown = useMemo(() => filterControls(controls, query), [controls, query]);
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const toggle = (code: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(code)) next.add(code);
      return next;
    });

  return (
    <Box>
      <TextField
        size="small"
        type="search"
        label="Search controls"
        helperText="By code or title"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        slotProps={{ htmlInput: { maxLength: 200 } }}
        sx={{ width: { xs: '100%', sm: 360 }, mb: 1 }}
      />
      <Typography role="status" variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {query ? `${shown.length} of ${controls.length} controls match “${query}”.` : `${controls.length} controls.`}
      </Typography>
      <Box component="ul" aria-label="Controls" sx={{ m: 0, p: 0 }}>
        {shown.map((control) => (
          <ControlItem
            key={control.control_code}
            control={control}
            uses={uses.get(control.control_code) ?? []}
            crosswalk={crosswalk[control.control_code] ?? NONE}
            frameworkHref={frameworkHref}
            query={query}
            open={open.has(control.control_code)}
            onToggle={() => toggle(control.control_code)}
          />
        ))}
      </Box>
    </Box>
  );
}
