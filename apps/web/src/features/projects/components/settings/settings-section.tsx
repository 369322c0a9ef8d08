import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

type Props = {
  /** Prefix of the heading's id, which names the section. */
  id: string;
  title: string;
  description?: ReactNode;
  /** A button beside the heading. */
  action?: ReactNode;
  /** Irreversible actions are framed in red. */
  danger?: boolean;
  children?: ReactNode;
};

/** One card of the settings screen, named by its heading. */
export function SettingsSection({ id, title, description, action, danger = false, children }: Props) {
  const titleId = `${id}-title`;
  return (
    <Paper component="section" variant="outlined" aria-labelledby={titleId} sx={{ p: 3, ...(danger ? { borderColor: 'error.main' } : {}) }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' } }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography id={titleId} variant="h6" component="h3" color={danger ? 'error' : undefined}>
            {title}
          </Typography>
          {description && (
            <Typography variant="body2" color="text.secondary">
              {description}
            </Typography>
          )}
        </Box>
        {action && <Box sx={{ flexShrink: 0 }}>{action}</Box>}
      </Stack>
      {children && <Box sx={{ mt: 2 }}>{children}</Box>}
    </Paper>
  );
}
