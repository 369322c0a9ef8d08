import type { ClientConfig } from '@aegis/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { recordLastAccess } from '../../features/users/api/record-last-access';
import { initErrorReporting } from '../../lib/error-reporting';
import { liveInvalidation } from '../../lib/live-invalidation';
import { startUnreadStream, stopUnreadStream } from '../../lib/unread-stream';
import { useColorMode } from '../color-mode';

/**
 * What happens when the default layout loads (spec section 4): record last access, open the
 * notification stream (closed again when the layout goes), whose events refresh the screens showing
 * what changed (lib/live-invalidation.ts), restore dark mode; and start error
 * reporting once the client config is known.
 */
export function useLayoutStart(clientConfig: ClientConfig | undefined) {
  const { restoreDarkMode } = useColorMode();
  const queryClient = useQueryClient();
  // StrictMode runs effects twice; the ref keeps this to one call per layout.
  const accessRecorded = useRef(false);

  useEffect(() => {
    if (accessRecorded.current) return;
    accessRecorded.current = true;
    recordLastAccess().catch(() => undefined);
  }, []);

  useEffect(() => {
    startUnreadStream({ onEvent: liveInvalidation(queryClient) });
    return () => stopUnreadStream();
  }, [queryClient]);

  useEffect(() => restoreDarkMode(), [restoreDarkMode]);

  useEffect(() => {
    // initErrorReporting starts at most once however often it is called.
    if (clientConfig) void initErrorReporting(clientConfig);
  }, [clientConfig]);
}
