import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { RELATIONSHIP_LABELS, type ControlDetail, type SatisfiedRequirement } from '@aegis/contracts';
import { KEEP_FILTERS, requirementsPath } from '../../../lib/project-paths';
import { mappingSourceLabel } from './control-labels';
import { DetailSection } from '../../../components/detail-section';

function byFramework(items: readonly SatisfiedRequirement[]) {
  const groups = new Map<string, { name: string; items: SatisfiedRequirement[] }>();
  for (const item of items) {
    const group = groups.get(item.framework_code) ?? { name: item.framework_name, items: [] };
    group.items.push(item);
    groups.set(item.framework_code, group);
  }
  return [...groups.entries()];
}

/**
 * The crosswalk: every requirement, in every applied framework, that this one control satisfies, with
 * how well (the relationship), where the mapping comes from and why.
 */
export function SatisfiesSection({ projectId, control }: { projectId: string; control: ControlDetail }) {
  const groups = byFramework(control.satisfies);
  const frameworks = groups.length;
  return (
    <DetailSection id="control-satisfies" title="Satisfies">
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {control.satisfies.length === 0
          ? 'No requirement of the project’s frameworks maps to this control.'
          : `Done once, it counts for ${control.satisfies.length} ${control.satisfies.length === 1 ? 'requirement' : 'requirements'} in ${frameworks} ${frameworks === 1 ? 'framework' : 'frameworks'}.`}
      </Typography>
      <Stack spacing={3}>
        {groups.map(([code, group]) => (
          <Box key={code} component="section" aria-labelledby={`satisfies-${code}`}>
            <Typography id={`satisfies-${code}`} variant="subtitle1" component="h4" sx={{ fontWeight: 600, mb: 1 }}>
              {group.name}
            </Typography>
            <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
              {group.items.map((item) => (
                <Box component="li" key={item.requirement_id} sx={{ py: 1.25, borderTop: 1, borderColor: 'divider' }}>
                  <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
                    <Link
                      component={RouterLink}
                      to={{ pathname: requirementsPath(projectId), search: `?${new URLSearchParams({ framework: code, name: item.requirement_code })}` }}
                      state={KEEP_FILTERS}
                      sx={{ fontWeight: 600 }}
                    >
                      {item.requirement_code}
                    </Link>
                    <Chip size="small" color="primary" variant="outlined" label={RELATIONSHIP_LABELS[item.relationship]} />
                    {!item.applicable && <Chip size="small" label="Not applicable" />}
                  </Stack>
                  <Typography variant="body2" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
                    {item.requirement_title}
                  </Typography>
                  <Typography variant="caption" color="text.secondary" component="p">
                    {mappingSourceLabel(item.source)}
                  </Typography>
                  {item.rationale && (
                    <Box component="details" sx={{ mt: 0.5, '& summary': { cursor: 'pointer', color: 'primary.main', typography: 'body2' } }}>
                      <summary>Why it maps</summary>
                      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                        {item.rationale}
                      </Typography>
                    </Box>
                  )}
                </Box>
              ))}
            </Box>
          </Box>
        ))}
      </Stack>
    </DetailSection>
  );
}
