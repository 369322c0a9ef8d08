import { useId, useState } from 'react';
import DownloadOutlinedIcon from '@mui/icons-material/DownloadOutlined';
import Button from '@mui/material/Button';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { AssetCardDetail } from '@aegis/contracts';
import { useDownloadAssetCard, type AssetCardDownloadFormat } from '../api/asset-cards-api';

const FORMATS: { format: AssetCardDownloadFormat; label: string; hint: string }[] = [
  { format: 'markdown', label: 'Markdown', hint: 'A Hugging Face card: README.md with YAML front matter' },
  { format: 'json', label: 'JSON', hint: 'Every field, for other tools' },
];

/** Downloads the card as a Hugging Face README.md or as JSON, from a menu; a refusal is a red notice. */
export function DownloadCardButton({ projectId, card }: { projectId: string; card: Pick<AssetCardDetail, 'id' | 'name'> }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const download = useDownloadAssetCard(projectId);
  const open = anchor !== null;
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<DownloadOutlinedIcon />}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        loading={download.isPending}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        Download
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={open} onClose={() => setAnchor(null)}>
        {FORMATS.map(({ format, label, hint }) => (
          <MenuItem
            key={format}
            onClick={() => {
              setAnchor(null);
              download.mutate({ assetCardId: card.id, format, name: card.name });
            }}
          >
            <ListItemText primary={label} secondary={hint} />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
