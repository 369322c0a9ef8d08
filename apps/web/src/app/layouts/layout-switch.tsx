import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageProgress } from '../../components/page-progress';
import { useRouteMeta } from '../route-meta';
import { DefaultLayout } from './default-layout';
import { PlainLayout } from './plain-layout';

/** Renders the matched screen in the layout its route meta names, else in a plain container. */
export function LayoutSwitch() {
  const meta = useRouteMeta();
  // Screens are lazy chunks: the layout stays on screen while one loads.
  const screen = (
    <Suspense fallback={<PageProgress label="Loading…" />}>
      <Outlet />
    </Suspense>
  );
  if (meta?.layout === 'default') return <DefaultLayout hideHeader={meta.hideHeader === true}>{screen}</DefaultLayout>;
  return <PlainLayout>{screen}</PlainLayout>;
}
