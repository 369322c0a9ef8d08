import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
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
  const [view, setView] = useState<View>('requirements');
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
