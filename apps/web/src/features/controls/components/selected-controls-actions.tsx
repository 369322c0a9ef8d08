import { useState } from 'react';
import { BulkActionsBar } from './bulk-actions-bar';
import { BulkAssignDialog } from './bulk-assign-dialog';
import { BulkStatusDialog } from './bulk-status-dialog';
import type { ControlSelection } from './controls-table';

export type ControlSelectionState = ControlSelection & { codes: string[]; clear: () => void };

/**
 * The rows chosen for a bulk change, by control code. A new filter, sort or page (`viewKey`) starts
 * with none, so that a change never reaches a control no longer on screen.
 */
export function useControlSelection(viewKey: string): ControlSelectionState {
  const [state, setState] = useState<{ view: string; codes: ReadonlySet<string> }>({ view: viewKey, codes: new Set() });
  const selected = state.view === viewKey ? state.codes : new Set<string>();
  const set = (codes: ReadonlySet<string>) => setState({ view: viewKey, codes });
  return {
    selected,
    codes: [...selected],
    toggle: (code) => {
      const next = new Set(selected);
      if (!next.delete(code)) next.add(code);
      set(next);
    },
    toggleAll: (codes) => set(codes.every((code) => selected.has(code)) ? new Set([...selected].filter((code) => !codes.includes(code))) : new Set([...selected, ...codes])),
    clear: () => set(new Set()),
  };
}

type Props = { projectId: string; selection: ControlSelectionState; canAssign: boolean };

/** The bar over the selected rows and its two dialogs: assign people, change the status. */
export function SelectedControlsActions({ projectId, selection, canAssign }: Props) {
  const [dialog, setDialog] = useState<{ kind: 'assign' | 'status'; key: number } | null>(null);
  const open = (kind: 'assign' | 'status') => setDialog({ kind, key: Date.now() });
  const close = () => setDialog(null);
  const done = () => {
    close();
    selection.clear();
  };
  if (selection.codes.length === 0 && !dialog) return null;
  return (
    <>
      {selection.codes.length > 0 && (
        <BulkActionsBar count={selection.codes.length} onAssign={canAssign ? () => open('assign') : undefined} onStatus={() => open('status')} onClear={selection.clear} />
      )}
      {dialog?.kind === 'assign' && <BulkAssignDialog key={dialog.key} projectId={projectId} codes={selection.codes} open onClose={close} onDone={done} />}
      {dialog?.kind === 'status' && <BulkStatusDialog key={dialog.key} projectId={projectId} codes={selection.codes} open onClose={close} onDone={done} />}
    </>
  );
}
