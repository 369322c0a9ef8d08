import { useState } from 'react';
import Button from '@mui/material/Button';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import type { Project } from '@aegis/contracts';
import { DeleteProjectDialog } from './delete-project-dialog';
import { SettingsSection } from './settings-section';

/** Actions that cannot be undone: deleting the project. */
export function DangerZone({ project }: { project: Project }) {
  const [opened, setOpened] = useState(0);
  const [open, setOpen] = useState(false);
  return (
    <>
      <SettingsSection
        id="project-danger"
        title="Danger zone"
        description="Deleting the project removes it and everything in it for everyone. This cannot be undone."
        danger
        action={
          <Button
            color="error"
            variant="outlined"
            startIcon={<DeleteOutlinedIcon />}
            onClick={() => {
              setOpened((count) => count + 1);
              setOpen(true);
            }}
          >
            Delete project
          </Button>
        }
      />
      <DeleteProjectDialog key={opened} project={project} open={open} onClose={() => setOpen(false)} />
    </>
  );
}
