import ScheduleIcon from '@mui/icons-material/Schedule';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';

/** A metric that has had no value within its expected interval: its tests judge old data, or none. */
export function StaleMarker({ what = 'metric' }: { what?: string }) {
  return (
    <Tooltip describeChild title={`No new value arrived within the ${what}’s expected interval`}>
      <Chip size="small" color="warning" variant="outlined" icon={<ScheduleIcon aria-hidden />} label="Stale" sx={{ fontWeight: 500 }} />
    </Tooltip>
  );
}
