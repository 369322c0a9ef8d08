import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AssetCardDetail } from '@aegis/contracts';
import { DetailSection } from '../../../components/detail-section';

type KeptSection = { heading: string; body: string };

const isKeptSection = (value: unknown): value is KeptSection =>
  typeof value === 'object' && value !== null && typeof (value as KeptSection).heading === 'string' && typeof (value as KeptSection).body === 'string';

/** The front matter's `datasets` (a name or a list of names), as imported. */
export function cardDatasets(extra: Record<string, unknown>): string[] {
  const value = extra.datasets;
  const list = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
  return list.filter((v): v is string | number => typeof v === 'string' || typeof v === 'number').map(String);
}

/** The sections of the card file the card's type has no place for (Usage, How to get started, Citation…), in their order. */
export function keptSections(extra: Record<string, unknown>): KeptSection[] {
  return Array.isArray(extra.unmapped_sections) ? extra.unmapped_sections.filter(isKeptSection) : [];
}

/**
 * What the imported card file says beyond the card's facts and sections: the datasets its front matter
 * names, and the sections kept as they were (Uses, How to Get Started, Citation…), so that a card page
 * shows everything the file had. Nothing when there is none of it.
 */
export function CardFileSection({ card }: { card: AssetCardDetail }) {
  const datasets = cardDatasets(card.extra_metadata);
  const sections = keptSections(card.extra_metadata);
  if (datasets.length === 0 && sections.length === 0) return null;
  return (
    <DetailSection id="asset-card-file" title="From the card file">
      <Stack spacing={2}>
        {datasets.length > 0 && (
          <Box>
            <Typography variant="subtitle2" component="h4">
              Datasets
            </Typography>
            <Box component="ul" aria-label="Datasets" sx={{ m: 0, pl: 2.5 }}>
              {datasets.map((name) => (
                <li key={name}>
                  <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                    {name}
                  </Typography>
                </li>
              ))}
            </Box>
          </Box>
        )}
        {sections.map((section, index) => (
          <Box key={`${index}-${section.heading}`} component="section" aria-label={section.heading}>
            <Typography variant="subtitle2" component="h4">
              {section.heading}
            </Typography>
            <Typography
              variant="body2"
              component="div"
              sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', ...(/```|@\w+\{/.test(section.body) ? { fontFamily: 'monospace', fontSize: '0.8125rem' } : {}) }}
            >
              {section.body}
            </Typography>
          </Box>
        ))}
      </Stack>
    </DetailSection>
  );
}
