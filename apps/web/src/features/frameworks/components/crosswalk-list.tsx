import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { CrosswalkEntry } from '@aegis/contracts';
import { RELATIONSHIP_LABELS } from '../framework-labels';

type Props = {
  entries: readonly CrosswalkEntry[];
  frameworkHref: (frameworkCode: string) => string;
  /** Shown before the list is opened up; the rest behind "Show N more". */
  initial?: number;
};

/** "This control also satisfies…": the requirements of the organization's other frameworks that map to the same control. */
export function CrosswalkList({ entries, frameworkHref, initial = 3 }: Props) {
  const [all, setAll] = useState(false);
  if (entries.length === 0) return null;
  const shown = all ? entries : entries.slice(0, initial);
  return (
    <Box sx={{ mt: 0.5 }}>
      <Typography variant="body2" component="span" sx={{ fontWeight: 600 }}>
        Also satisfies:
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {shown.map((entry) => (
          <Typography component="li" variant="body2" key={`${entry.framework_code} ${entry.requirement_code}`}>
            <Link component={RouterLink} to={frameworkHref(entry.framework_code)}>
              {entry.framework_name}
            </Link>
            {` ${entry.requirement_code}: ${entry.requirement_title} (${RELATIONSHIP_LABELS[entry.relationship]})`}
          </Typography>
        ))}
      </Box>
      {entries.length > initial && (
        <Button size="small" onClick={() => setAll((current) => !current)} sx={{ ml: 1 }}>
          {all ? 'Show fewer' : `Show ${entries.length - initial} more`}
        </Button>
      )}
    </Box>
  );
}
