import type { SvgIconProps } from '@mui/material/SvgIcon';
import Chip from '@mui/material/Chip';
import ArticleOutlinedIcon from '@mui/icons-material/ArticleOutlined';
import DataObjectOutlinedIcon from '@mui/icons-material/DataObjectOutlined';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import FolderZipOutlinedIcon from '@mui/icons-material/FolderZipOutlined';
import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import InsertDriveFileOutlinedIcon from '@mui/icons-material/InsertDriveFileOutlined';
import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import SlideshowOutlinedIcon from '@mui/icons-material/SlideshowOutlined';
import TableChartOutlinedIcon from '@mui/icons-material/TableChartOutlined';
import { EVIDENCE_FILE_TYPE_LABELS, type EvidenceFileType } from '@aegis/contracts';
import type { ComponentType } from 'react';

const ICONS: Record<EvidenceFileType, ComponentType<SvgIconProps>> = {
  pdf: PictureAsPdfOutlinedIcon,
  docx: DescriptionOutlinedIcon,
  xlsx: TableChartOutlinedIcon,
  pptx: SlideshowOutlinedIcon,
  image: ImageOutlinedIcon,
  text: DescriptionOutlinedIcon,
  markdown: ArticleOutlinedIcon,
  csv: TableChartOutlinedIcon,
  json: DataObjectOutlinedIcon,
  archive: FolderZipOutlinedIcon,
  other: InsertDriveFileOutlinedIcon,
};

/** The icon of a kind of file; decorative, its label is always written beside it. */
export function FileTypeIcon({ fileType, ...props }: { fileType: EvidenceFileType } & SvgIconProps) {
  const Icon = ICONS[fileType] ?? InsertDriveFileOutlinedIcon;
  return <Icon aria-hidden {...props} />;
}

type Props = {
  fileType: EvidenceFileType;
  /** A count after the label ("PDF · 3"), e.g. on the filter's chips. */
  count?: number;
  size?: 'small' | 'medium';
};

/** The kind of a stored file (decided from its bytes), as lists and pages show it: its icon and its name. */
export function EvidenceFileChip({ fileType, count, size = 'small' }: Props) {
  const label = EVIDENCE_FILE_TYPE_LABELS[fileType] ?? fileType;
  return <Chip size={size} variant="outlined" icon={<FileTypeIcon fileType={fileType} />} label={count === undefined ? label : `${label} · ${count}`} />;
}
