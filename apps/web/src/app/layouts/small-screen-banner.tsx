import { PRODUCT_NAME } from '@aegis/contracts';
import Alert from '@mui/material/Alert';
import { useState } from 'react';

const DISMISSED_KEY = 'small_screen_banner_dismissed';

/** Below md (900 px) the app still works, but some screens are built for more room. */
export function SmallScreenBanner() {
  // Remembered for the browser session (tab), as a dismissal should not last forever.
  const [dismissed, setDismissed] = useState(() => sessionStorage.getItem(DISMISSED_KEY) === 'true');
  if (dismissed) return null;
  const dismiss = () => {
    sessionStorage.setItem(DISMISSED_KEY, 'true');
    setDismissed(true);
  };
  return (
    <Alert severity="info" onClose={dismiss} closeText="Dismiss" sx={{ borderRadius: 0 }}>
      {`The full ${PRODUCT_NAME} Platform features are enabled for bigger resolution screens.`}
    </Alert>
  );
}
