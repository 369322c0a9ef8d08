import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { WORK_ITEM_STATUSES, type StatusCounts, type WorkItemStatus } from '@aegis/contracts';
import { STATUS_STYLES, statusColour } from './status-styles';

/** The bar's order: done first, then what is under way, then what waits; out of scope last. */
const ORDER: readonly WorkItemStatus[] = ['approved', 'in_review', 'in_progress', 'ready', 'out_of_scope'];

const total = (counts: StatusCounts) => WORK_ITEM_STATUSES.reduce((sum, status) => sum + counts[status], 0);

/** "4 controls: 1 approved, 2 in progress, 1 ready": what the bar shows, in words. */
export function describeCounts(counts: StatusCounts, noun = 'controls'): string {
  const all = total(counts);
  const parts = ORDER.filter((status) => counts[status] > 0).map((status) => `${counts[status]} ${STATUS_STYLES[status].label.toLowerCase()}`);
  return `${all} ${all === 1 ? noun.replace(/s$/, '') : noun}${parts.length ? `: ${parts.join(', ')}` : ''}`;
}

/** "1 of 3 approved" over the controls in scope; "All out of scope" when none is. */
export function approvedText(counts: StatusCounts): string {
  const inScope = total(counts) - counts.out_of_scope;
  if (inScope === 0) return total(counts) === 0 ? 'No controls' : 'All out of scope';
  return `${counts.approved} of ${inScope} approved`;
}

type Props = {
  counts: StatusCounts;
  /** Pixels; the bar fills its box when left out. */
  width?: number;
  height?: number;
  /** What the counted things are called in the bar's text alternative. */
  noun?: string;
  /** The "1 of 3 approved" line beside the bar. */
  showText?: boolean;
};

/**
 * Work items by status as one stacked bar (approved, in review, in progress, ready, out of scope), with
 * its numbers in words for screen readers and, when asked, "n of m approved" beside it.
 */
export function StatusProgressBar({ counts, width, height = 8, noun = 'controls', showText = false }: Props) {
  const theme = useTheme();
  const all = total(counts);
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
      <Box
        role="img"
        aria-label={describeCounts(counts, noun)}
        sx={{ display: 'flex', flexShrink: 0, width: width ?? '100%', height, borderRadius: height / 2, overflow: 'hidden', bgcolor: 'action.hover', border: 1, borderColor: 'divider' }}
      >
        {all > 0 &&
          ORDER.filter((status) => counts[status] > 0).map((status) => (
            <Box
              key={status}
              sx={{
                width: `${(counts[status] / all) * 100}%`,
                bgcolor: status === 'ready' ? 'transparent' : statusColour(theme, status),
                // Out of scope is striped, so that it does not read as progress.
                ...(status === 'out_of_scope' && {
                  bgcolor: 'transparent',
                  backgroundImage: `repeating-linear-gradient(45deg, ${statusColour(theme, status)} 0 2px, transparent 2px 5px)`,
                }),
              }}
            />
          ))}
      </Box>
      {showText && (
        <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
          {approvedText(counts)}
        </Typography>
      )}
    </Stack>
  );
}

/** Each status with its icon and count, for a legend under a bigger bar. Statuses with none are left out. */
export function StatusCountsLegend({ counts }: { counts: StatusCounts }) {
  const theme = useTheme();
  return (
    <Box component="ul" sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2, rowGap: 0.5, m: 0, p: 0, listStyle: 'none' }}>
      {ORDER.filter((status) => counts[status] > 0).map((status) => {
        const { Icon, label } = STATUS_STYLES[status];
        return (
          <Box component="li" key={status} sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
            <Icon aria-hidden sx={{ fontSize: 16, color: statusColour(theme, status) }} />
            <Typography variant="body2">
              {label} <strong>{counts[status]}</strong>
            </Typography>
          </Box>
        );
      })}
    </Box>
  );
}
