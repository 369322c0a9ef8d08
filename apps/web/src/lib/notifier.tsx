import CloseIcon from '@mui/icons-material/Close';
import IconButton from '@mui/material/IconButton';
import { styled } from '@mui/material/styles';
import { closeSnackbar, enqueueSnackbar, MaterialDesignContent, SnackbarProvider, type OptionsObject, type SnackbarKey, type SnackbarOrigin } from 'notistack';
import { useEffect, type ReactNode } from 'react';

/** Green notices hide themselves after this long; red ones stay until closed. */
export const SUCCESS_HIDE_MS = 4000;
export const MAX_NOTICES = 3;

const BOTTOM_LEFT: SnackbarOrigin = { vertical: 'bottom', horizontal: 'left' };
const TOP_CENTER: SnackbarOrigin = { vertical: 'top', horizontal: 'center' };

// notistack's enqueueSnackbar only works once a SnackbarProvider exists; notices sent earlier (from
// the API client while the app starts, say) wait here until NotifierProvider mounts.
const waiting: Array<[string, OptionsObject]> = [];
let mountedProviders = 0;

function enqueue(message: string, options: OptionsObject): void {
  if (mountedProviders > 0) enqueueSnackbar(message, options);
  else waiting.push([message, options]);
}

export function CloseNoticeButton({ noticeKey }: { noticeKey: SnackbarKey }) {
  return (
    <IconButton size="small" color="inherit" aria-label="Close" onClick={() => closeSnackbar(noticeKey)}>
      <CloseIcon fontSize="small" />
    </IconButton>
  );
}

export type ErrorNoticeOptions = {
  /** A fixed key: a notice with the same key is not shown twice. */
  key?: SnackbarKey;
  /** Bottom left by default; `top` for the page-wide messages the spec puts at the top. */
  position?: 'top' | 'bottom';
  /** Buttons shown before the close button. */
  actions?: (key: SnackbarKey) => ReactNode;
};

/** A green notice that hides after 4 seconds. */
export function notifySuccess(message: string): void {
  enqueue(message, { variant: 'success', autoHideDuration: SUCCESS_HIDE_MS });
}

/**
 * A red notice that stays until closed with its 'Close' button. The same text (or key) is not shown
 * twice at once: a failing query retried by TanStack Query gives one notice, not three.
 */
export function notifyError(message: string, options: ErrorNoticeOptions = {}): void {
  const { key, position = 'bottom', actions } = options;
  enqueue(message, {
    variant: 'error',
    persist: true,
    preventDuplicate: true,
    ...(key === undefined ? {} : { key }),
    anchorOrigin: position === 'top' ? TOP_CENTER : BOTTOM_LEFT,
    action: (id) => (
      <>
        {actions?.(id)}
        <CloseNoticeButton noticeKey={id} />
      </>
    ),
  });
}

function FlushWaitingNotices() {
  useEffect(() => {
    mountedProviders += 1;
    for (const [message, options] of waiting.splice(0)) enqueueSnackbar(message, options);
    return () => {
      mountedProviders -= 1;
    };
  }, []);
  return null;
}

/**
 * notistack's own colours put white text on green, orange and light blue below the 4.5:1 contrast
 * WCAG asks for; these darker ones keep every notice readable (all at 5:1 or more).
 */
const ReadableNotice = styled(MaterialDesignContent)({
  '&.notistack-MuiContent-success': { backgroundColor: '#2e7d32' },
  '&.notistack-MuiContent-error': { backgroundColor: '#c62828' },
  '&.notistack-MuiContent-warning': { backgroundColor: '#a84300' },
  '&.notistack-MuiContent-info': { backgroundColor: '#01579b' },
});
const NOTICE_COMPONENTS = { default: ReadableNotice, success: ReadableNotice, error: ReadableNotice, warning: ReadableNotice, info: ReadableNotice };

/** Mount once, around the app: at most three notices, bottom left. */
export function NotifierProvider({ children }: { children?: ReactNode }) {
  return (
    <SnackbarProvider maxSnack={MAX_NOTICES} anchorOrigin={BOTTOM_LEFT} Components={NOTICE_COMPONENTS}>
      {children}
      <FlushWaitingNotices />
    </SnackbarProvider>
  );
}
