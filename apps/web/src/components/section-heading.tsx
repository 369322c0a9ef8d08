import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

const LEVELS = {
  1: { component: 'h1', variant: 'h4', mb: 3 },
  2: { component: 'h2', variant: 'h5', mb: 2 },
  3: { component: 'h3', variant: 'h6', mb: 2 },
} as const;

type Props = {
  /** The heading's id, by which its section is labelled. */
  id: string;
  /** 1: a page's own heading; 2: a tab's; 3: a part of a tab. */
  level: 1 | 2 | 3;
  title: string;
  description?: ReactNode;
  /** The section's main button, beside the heading (under it on small screens). */
  action?: ReactNode;
};

/** The heading row over a section: its title and a line about it on one side, its action on the other. */
export function SectionHeading({ id, level, title, description, action }: Props) {
  const { component, variant, mb } = LEVELS[level];
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb, justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
      <Box>
        <Typography id={id} variant={variant} component={component}>
          {title}
        </Typography>
        {description && <Typography color="text.secondary">{description}</Typography>}
      </Box>
      {action}
    </Stack>
  );
}
