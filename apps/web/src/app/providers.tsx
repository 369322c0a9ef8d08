import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { NotifierProvider } from '../lib/notifier';
import { ColorModeProvider } from './color-mode';

export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ColorModeProvider>
        <NotifierProvider>{children}</NotifierProvider>
      </ColorModeProvider>
    </QueryClientProvider>
  );
}
