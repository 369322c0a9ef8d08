import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useSearchParams } from 'react-router';
import type { FrameworkDetail } from '@aegis/contracts';
import { appliesWhenReader } from '../applies-when-text';
import { ControlsView } from './controls-view';
import { RequirementTree } from './requirement-tree';
import type { TreeContext } from './tree-context';

type View = 'requirements' | 'controls';

type Props = {
  framework: Pick<FrameworkDetail, 'requirements' | 'controls' | 'crosswalk' | 'questionnaire'>;
  /** Where another framework (of the crosswalk) opens. */
  frameworkHref: (frameworkCode: string) => string;
};

/** A framework's content, two ways: its requirement tree, or its controls with what each also satisfies (the crosswalk). */
export function FrameworkContent({ framework, frameworkHref }: Props) {
  // The view is kept in the URL (`?view=controls`), so a reload, the back button and a shared link
  // show it again; the tab itself switches at once, without waiting for the navigation's loaders.
  const [search, setSearch] = useSearchParams();
  const [view, setLocalView] = useState<View>(search.get('view') === 'controls' ? 'controls' : 'requirements');
  const setView = (next: View) => {
    setLocalView(next);
    setSearch(
      (current) => {
        const params = new URLSearchParams(current);
        if (next === 'controls') params.set('view', next);
        else params.delete('view');
        return params;
      },
      { replace: true },
    );
  };
  const context = useMemo<TreeContext>(
    () => ({ readCondition: appliesWhenReader(framework.questionnaire), crosswalk: framework.crosswalk, frameworkHref }),
    [framework.questionnaire, framework.crosswalk, frameworkHref],
  );
  return (
    <Box>
      <Tabs value={view} onChange={(_event, next: View) => setView(next)} aria-label="Framework content" sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}>
        <Tab value="requirements" label="Requirements" id="framework-tab-requirements" aria-controls="framework-panel-requirements" />
        <Tab value="controls" label={`Controls and crosswalk (${framework.controls.length})`} id="framework-tab-controls" aria-controls="framework-panel-controls" />
      </Tabs>
      <Box role="tabpanel" id={`framework-panel-${view}`} aria-labelledby={`framework-tab-${view}`}>
        {view === 'requirements' ? (
          <RequirementTree requirements={framework.requirements} context={context} />
        ) : (
          <ControlsView controls={framework.controls} requirements={framework.requirements} crosswalk={framework.crosswalk} frameworkHref={frameworkHref} />
        )}
      </Box>
    </Box>
  );
}
