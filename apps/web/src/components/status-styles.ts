import type { SvgIconComponent } from '@mui/icons-material';
import BlockIcon from '@mui/icons-material/Block';
import CancelOutlinedIcon from '@mui/icons-material/CancelOutlined';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlined';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import RateReviewOutlinedIcon from '@mui/icons-material/RateReviewOutlined';
import RemoveCircleOutlineIcon from '@mui/icons-material/RemoveCircleOutlineOutlined';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import ThumbDownOffAltIcon from '@mui/icons-material/ThumbDownOffAlt';
import TimelapseIcon from '@mui/icons-material/Timelapse';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import type { Theme } from '@mui/material/styles';

/**
 * Every status the product shows with an icon (spec section 4): the work-item and review statuses,
 * a requirement's `completed`, and the results of tests and evidence checks.
 */
export const DISPLAY_STATUSES = ['ready', 'in_progress', 'in_review', 'approved', 'rejected', 'cancelled', 'completed', 'out_of_scope', 'passed', 'failed', 'error'] as const;
export type DisplayStatus = (typeof DISPLAY_STATUSES)[number];

type Tone = 'neutral' | 'primary' | 'secondary' | 'success' | 'error' | 'warning';

export const STATUS_STYLES: Record<DisplayStatus, { label: string; Icon: SvgIconComponent; tone: Tone }> = {
  ready: { label: 'Ready', Icon: RadioButtonUncheckedIcon, tone: 'neutral' },
  in_progress: { label: 'In progress', Icon: TimelapseIcon, tone: 'primary' },
  in_review: { label: 'In review', Icon: RateReviewOutlinedIcon, tone: 'secondary' },
  approved: { label: 'Approved', Icon: CheckCircleIcon, tone: 'success' },
  rejected: { label: 'Rejected', Icon: ThumbDownOffAltIcon, tone: 'error' },
  cancelled: { label: 'Cancelled', Icon: BlockIcon, tone: 'neutral' },
  completed: { label: 'Completed', Icon: TaskAltIcon, tone: 'success' },
  out_of_scope: { label: 'Out of scope', Icon: RemoveCircleOutlineIcon, tone: 'neutral' },
  passed: { label: 'Passed', Icon: CheckCircleOutlineIcon, tone: 'success' },
  failed: { label: 'Failed', Icon: CancelOutlinedIcon, tone: 'error' },
  error: { label: 'Error', Icon: WarningAmberIcon, tone: 'warning' },
};

/**
 * The colour of a status's icon, border or bar: dark enough on paper in either mode (WCAG asks 3:1 of
 * graphics). The label beside it stays in the text colour, so it never depends on colour alone.
 */
export function statusColour(theme: Theme, status: DisplayStatus): string {
  const { tone } = STATUS_STYLES[status];
  if (tone === 'neutral') return theme.palette.text.secondary;
  const colour = theme.palette[tone];
  return theme.palette.mode === 'dark' ? colour.light : colour.dark;
}
