import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { FieldError } from '../../../lib/error-catalogue';

/** `$` is the file as a whole. */
const placeOf = (path: string) => (path === '$' || path === '' ? 'The file' : path);

/**
 * The problems of a refused template (else the server's detail), each with where it is (path, and line for syntax errors) and
 * what is wrong, in the server's order. Scrolls when there are many (the server lists up to 100).
 */
export function TemplateProblems({ fileName, detail, problems }: { fileName: string; detail: string; problems: readonly FieldError[] }) {
  return (
    <Alert severity="error" sx={{ '& .MuiAlert-message': { width: '100%', minWidth: 0 } }}>
      <AlertTitle>{`${fileName} was not uploaded`}</AlertTitle>
      {/* With a list, the server's detail (which names the first problem) would only repeat it. */}
      <Typography variant="body2">{problems.length > 0 ? `${problems.length === 1 ? '1 problem' : `${problems.length} problems`} to fix:` : detail}</Typography>
      {problems.length > 0 && (
        <Box component="ol" aria-label="Problems in the template" tabIndex={0} sx={{ pl: 3, mt: 1, mb: 0, maxHeight: 320, overflowY: 'auto', '&:focus-visible': { outline: 2, outlineColor: 'primary.main' } }}>
          {problems.map((problem, index) => (
            <Box component="li" key={index} sx={{ mb: 0.5, overflowWrap: 'anywhere' }}>
              <Box component="code" sx={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontWeight: 600 }}>
                {placeOf(problem.path)}
              </Box>
              {problem.line !== undefined && ` (line ${problem.line})`}
              {`: ${problem.message}`}
            </Box>
          ))}
        </Box>
      )}
    </Alert>
  );
}
