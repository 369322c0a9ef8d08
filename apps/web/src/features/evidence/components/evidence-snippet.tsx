import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { snippetParts } from '../evidence-text';

/** The passage of the file's text the search matched, the match highlighted (a <mark>, read as such by screen readers). */
export function EvidenceSnippet({ snippet }: { snippet: string }) {
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, overflowWrap: 'anywhere', fontStyle: 'italic' }}>
      <Box component="span" sx={{ fontStyle: 'normal', fontWeight: 600, mr: 0.5 }}>
        In the file:
      </Box>
      …
      {snippetParts(snippet).map((part, index) =>
        part.match ? (
          <Box component="mark" key={index} sx={{ bgcolor: 'warning.light', color: 'text.primary', px: 0.25, borderRadius: 0.5, fontStyle: 'normal' }}>
            {part.text}
          </Box>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
      …
    </Typography>
  );
}
