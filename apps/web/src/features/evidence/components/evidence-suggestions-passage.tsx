import Box from '@mui/material/Box';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';

/** Splits a passage whose matches the server put between « and » into plain and matched parts (an unclosed « runs to the end). */
export function passageParts(text: string): Array<{ text: string; match: boolean }> {
  const parts: Array<{ text: string; match: boolean }> = [];
  let rest = text;
  while (rest) {
    const open = rest.indexOf('«');
    if (open === -1) {
      parts.push({ text: rest, match: false });
      break;
    }
    if (open > 0) parts.push({ text: rest.slice(0, open), match: false });
    const close = rest.indexOf('»', open + 1);
    const matched = close === -1 ? rest.slice(open + 1) : rest.slice(open + 1, close);
    if (matched) parts.push({ text: matched, match: true });
    rest = close === -1 ? '' : rest.slice(close + 1);
  }
  return parts;
}

/** The passage a proposal rests on, its matched words highlighted (a `mark`, which screen readers may announce). */
export function EvidenceSuggestionsPassage({ text }: { text: string }) {
  return (
    <Typography component="blockquote" variant="body2" sx={{ m: 0, mt: 1, pl: 1.5, borderLeft: 3, borderColor: 'divider', color: 'text.secondary', overflowWrap: 'anywhere' }}>
      {passageParts(text).map((part, index) =>
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
