import { useId } from 'react';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { ALWAYS_ON_REASON, isAlwaysOn } from '../framework-labels';

type Props = {
  frameworkCode: string;
  /** Names the switch, e.g. "EU AI Act" or an organization's name. */
  name: string;
  enabled: boolean;
  pending: boolean;
  onChange: (enabled: boolean) => void;
  /** Show "On"/"Off" beside the switch (in a toolbar); in a table the column says what it is. */
  showState?: boolean;
  /** The id of a reason shown once elsewhere (above a table of switches), instead of beside each one. */
  reasonId?: string;
};

/** Switches a platform framework on or off; MFF-1's switch is on and disabled, with the reason beside it. */
export function EnableSwitch({ frameworkCode, name, enabled, pending, onChange, showState = false, reasonId: sharedReasonId }: Props) {
  const ownReasonId = useId();
  const reasonId = sharedReasonId ?? ownReasonId;
  const locked = isAlwaysOn(frameworkCode);
  const control = (
    <Switch
      checked={enabled || locked}
      disabled={locked || pending}
      onChange={(event) => onChange(event.target.checked)}
      slotProps={{ input: { 'aria-label': `${name} enabled`, 'aria-describedby': locked ? reasonId : undefined } }}
    />
  );
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      {showState ? <FormControlLabel control={control} label={enabled || locked ? 'On' : 'Off'} sx={{ mr: 0 }} /> : control}
      {locked && !sharedReasonId && (
        <Typography id={reasonId} variant="caption" color="text.secondary" sx={{ maxWidth: { xs: 140, sm: 220 } }}>
          {ALWAYS_ON_REASON}
        </Typography>
      )}
    </Box>
  );
}
