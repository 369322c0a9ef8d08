import Box from '@mui/material/Box';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { snippetParts } from '../evidence-text';

/**
 * Why a file is proposed: the passage of its text that matched the control (the matched words
 * highlighted in a `mark`, which screen readers may announce), or the model's explanation.
 */
export function EvidenceSuggestionsPassage({ text }: { text: string }) {
  return (
    <Typography component="blockquote" variant="body2" sx={{ m: 0, mt: 1, pl: 1.5, borderLeft: 3, borderColor: 'divider', color: 'text.secondary', overflowWrap: 'anywhere' }}>
      {snippetParts(text).map((part, index) =>
        part.match ? (
          <Box component="mark" key={index} sx={{ bgcolor: (theme) => alpha(theme.palette.warning.main, 0.3), color: 'text.primary', px: 0.25, borderRadius: 0.5, fontWeight: 600 }}>
            {part.text}
          </Box>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </Typography>
  );
}
