import FeedbackOutlinedIcon from '@mui/icons-material/FeedbackOutlined';
import Button from '@mui/material/Button';
import { Suspense, useState } from 'react';
import { useLocation } from 'react-router';
import { lazyWithReload } from '../../../lib/lazy-route';

// The dialog (and its text field) loads on first use, not with the first screen.
const FeedbackDialog = lazyWithReload(() => import('./feedback-dialog'));

/** 'Provide Feedback' and its dialog; the feedback names the page it was sent from. */
export function FeedbackButton() {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const { pathname } = useLocation();
  const show = () => {
    setWanted(true);
    setOpen(true);
  };
  return (
    <>
      <Button size="small" startIcon={<FeedbackOutlinedIcon />} onClick={show} aria-haspopup="dialog">
        Provide Feedback
      </Button>
      {wanted && (
        <Suspense fallback={null}>
          <FeedbackDialog open={open} onClose={() => setOpen(false)} page={pathname} />
        </Suspense>
      )}
    </>
  );
}
