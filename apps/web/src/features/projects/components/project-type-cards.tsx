import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { PROJECT_TYPES, type ProjectType } from '@aegis/contracts';
import { PROJECT_TYPE_LABELS } from './project-labels';

/** What each type is for, so the choice is an informed one. */
export const PROJECT_TYPE_DESCRIPTIONS: Record<ProjectType, string> = {
  ai_application:
    'An AI system or model you build, buy or deploy (e.g. a credit-scoring model). Frameworks like the EU AI Act apply to it.',
  organization: 'Your organization’s AI management system as a whole (e.g. ISO/IEC 42001 certification).',
};

type Props = { value: ProjectType; onChange: (type: ProjectType) => void; error?: string };

/** The project type as two radio cards, each explaining its choice. */
export function ProjectTypeCards({ value, onChange, error }: Props) {
  return (
    <Box>
      <Typography id="project-type-label" variant="subtitle1" component="div" sx={{ fontWeight: 600, mb: 1 }}>
        Type
      </Typography>
      <RadioGroup
        name="project_type"
        aria-labelledby="project-type-label"
        value={value}
        onChange={(event) => onChange(event.target.value as ProjectType)}
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
      >
        {PROJECT_TYPES.map((type) => {
          const selected = type === value;
          return (
            <Box
              key={type}
              component="label"
              sx={{
                display: 'flex',
                alignItems: 'flex-start',
                gap: 1,
                p: 2,
                borderRadius: 1,
                border: 2,
                borderColor: selected ? 'primary.main' : 'divider',
                bgcolor: selected ? 'action.selected' : 'background.paper',
                cursor: 'pointer',
                '&:focus-within': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 },
              }}
            >
              <Radio
                value={type}
                sx={{ mt: -1, ml: -1 }}
                slotProps={{ input: { 'aria-labelledby': `project-type-${type}`, 'aria-describedby': `project-type-${type}-text` } }}
              />
              <Box>
                <Typography id={`project-type-${type}`} sx={{ fontWeight: 600 }}>
                  {PROJECT_TYPE_LABELS[type]}
                </Typography>
                <Typography id={`project-type-${type}-text`} variant="body2" color="text.secondary">
                  {PROJECT_TYPE_DESCRIPTIONS[type]}
                </Typography>
              </Box>
            </Box>
          );
        })}
      </RadioGroup>
      {error && <FormHelperText error>{error}</FormHelperText>}
    </Box>
  );
}
