import type { ReactNode } from 'react';
import TextField from '@mui/material/TextField';
import type { ProjectType } from '@aegis/contracts';
import type { FieldErrors } from '../../../components/field-errors';
import { ProjectTypeCards } from './project-type-cards';

export type ProjectFieldValues = { name: string; project_type: ProjectType; description: string };

type Props = {
  values: ProjectFieldValues;
  errors: FieldErrors;
  onChange: <K extends keyof ProjectFieldValues>(field: K, value: ProjectFieldValues[K]) => void;
  /** Shown under the type cards: what the quota allows for the chosen type. */
  afterType?: ReactNode;
  autoFocus?: boolean;
};

/** A project's name, type and description, as the new-project form and the project's settings both ask for them. */
export function ProjectFields({ values, errors, onChange, afterType, autoFocus = false }: Props) {
  return (
    <>
      <TextField
        name="name"
        label="Name"
        value={values.name}
        onChange={(event) => onChange('name', event.target.value)}
        error={Boolean(errors.name)}
        helperText={errors.name}
        slotProps={{ htmlInput: { maxLength: 200 } }}
        required
        autoFocus={autoFocus}
        fullWidth
      />
      <ProjectTypeCards value={values.project_type} onChange={(type) => onChange('project_type', type)} error={errors.project_type} />
      {afterType}
      <TextField
        name="description"
        label="Description"
        value={values.description}
        onChange={(event) => onChange('description', event.target.value)}
        error={Boolean(errors.description)}
        helperText={errors.description ?? 'Optional'}
        slotProps={{ htmlInput: { maxLength: 2000 } }}
        multiline
        minRows={3}
        fullWidth
      />
    </>
  );
}
