import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { EVIDENCE_FILE_TYPE_LABELS, type EvidenceFileType } from '@aegis/contracts';
import { useEvidenceFileTypes } from '../api/evidence-api';
import { FileTypeIcon } from './evidence-file-chip';

type Props = { projectId: string; value: EvidenceFileType[]; onChange: (value: EvidenceFileType[]) => void };

/**
 * Spec section 3's file_type filter: one chip per kind of file the project holds, with how many, from
 * …/evidence/files/types. A chip toggles its type (pressed: listed); several may be chosen.
 */
export function FileTypeChips({ projectId, value, onChange }: Props) {
  const types = useEvidenceFileTypes(projectId);
  const present = types.data?.items ?? [];
  // A type chosen in the URL that the project no longer holds still shows, to be unchosen.
  const shown = [...present, ...value.filter((type) => !present.some((item) => item.file_type === type)).map((type) => ({ file_type: type, label: EVIDENCE_FILE_TYPE_LABELS[type], count: 0 }))];
  if (shown.length === 0) return null;
  const toggle = (type: EvidenceFileType) => onChange(value.includes(type) ? value.filter((chosen) => chosen !== type) : [...value, type]);
  return (
    <Box role="group" aria-labelledby="evidence-file-type-label" sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
      <Typography id="evidence-file-type-label" variant="body2" color="text.secondary" sx={{ mr: 0.5 }}>
        File type
      </Typography>
      {shown.map(({ file_type: type, label, count }) => {
        const pressed = value.includes(type);
        return (
          <Chip
            key={type}
            icon={<FileTypeIcon fileType={type} />}
            label={`${label} (${count})`}
            color={pressed ? 'primary' : 'default'}
            variant={pressed ? 'filled' : 'outlined'}
            aria-pressed={pressed}
            onClick={() => toggle(type)}
          />
        );
      })}
    </Box>
  );
}
