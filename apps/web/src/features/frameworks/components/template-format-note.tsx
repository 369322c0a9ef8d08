import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { TEMPLATE_SCHEMA_URL } from '../api/paths';

/** What a template file is, in two sentences, with its JSON Schema. */
export function TemplateFormatNote() {
  return (
    <Typography variant="body2" color="text.secondary">
      A template is a JSON or YAML file describing one framework: its tree of requirements, each mapped to the MFF-1 controls (or the
      template’s own controls) that meet it. Editors can check a file against the{' '}
      <Link href={TEMPLATE_SCHEMA_URL} target="_blank" rel="noopener">
        Template format (JSON Schema)
      </Link>
      ; an invalid file is refused with every problem listed.
    </Typography>
  );
}
