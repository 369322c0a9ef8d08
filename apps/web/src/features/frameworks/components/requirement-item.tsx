import { memo } from 'react';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import type { RequirementNode } from '@aegis/contracts';
import { Highlight } from './highlight';
import { useIsOpen, type OpenStore } from './open-store';
import { RequirementDetails } from './requirement-details';
import type { TreeContext } from './tree-context';

type Props = {
  node: RequirementNode;
  depth: number;
  query: string;
  open: OpenStore;
  context: TreeContext;
};

const mono = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: '0.8125rem', fontWeight: 600, whiteSpace: 'nowrap' } as const;

/**
 * One requirement (or section) as a disclosure: its header says what it is, whether its controls
 * cover it and whether it is conditional; opening it shows its details and its children. Closed
 * nodes render nothing below their header, and a node re-renders only when it opens or closes (or
 * the search changes), which keeps a large tree light.
 */
export const RequirementItem = memo(function RequirementItem({ node, depth, query, open, context }: Props) {
  const isOpen = useIsOpen(open, node.code);
  const panelId = `requirement-${depth}-${node.code.replace(/[^A-Za-z0-9_-]/g, '_')}`;
  const section = node.children.length > 0;
  return (
    <Box component="li" sx={{ listStyle: 'none' }}>
      <ButtonBase
        disableRipple
        aria-expanded={isOpen}
        aria-controls={isOpen ? panelId : undefined}
        onClick={() => open.toggle(node.code)}
        sx={{
          width: '100%',
          justifyContent: 'flex-start',
          textAlign: 'left',
          gap: 1,
          py: 0.75,
          pr: 1,
          pl: depth * 2,
          borderRadius: 1,
          '&:hover': { bgcolor: 'action.hover' },
          '&.Mui-focusVisible': { outline: 2, outlineColor: 'primary.main', outlineOffset: -2 },
        }}
      >
        <ChevronRightIcon aria-hidden fontSize="small" sx={{ transform: isOpen ? 'rotate(90deg)' : undefined, transition: 'transform 120ms', flexShrink: 0 }} />
        <Box sx={{ minWidth: 0, flexGrow: 1, display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', columnGap: 1 }}>
          <Box component="span" sx={mono}>
            <Highlight text={node.code} query={query} />
          </Box>{' '}
          <Typography component="span" variant="body2" sx={{ fontWeight: section ? 600 : 400, overflowWrap: 'anywhere' }}>
            <Highlight text={node.title} query={query} />
          </Typography>
        </Box>
        <Box sx={{ display: 'flex', gap: 0.5, flexShrink: 0, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
          {node.coverage === 'partial' && (
            <Chip size="small" variant="outlined" color="warning" icon={<WarningAmberIcon aria-hidden />} label="Partly covered" sx={{ color: 'text.primary' }} />
          )}
          {node.applies_when !== null && node.applies_when !== undefined && <Chip size="small" variant="outlined" label="Conditional" />}
          {!section && node.controls.length > 0 && (
            <Chip size="small" variant="outlined" label={node.controls.length === 1 ? '1 control' : `${node.controls.length} controls`} />
          )}
        </Box>
      </ButtonBase>
      {isOpen && (
        <Box id={panelId}>
          <Box sx={{ pl: depth * 2 + 4 }}>
            <RequirementDetails node={node} query={query} context={context} />
          </Box>
          {section && (
            <Box component="ul" sx={{ m: 0, p: 0 }}>
              {node.children.map((child) => (
                <RequirementItem key={child.code} node={child} depth={depth + 1} query={query} open={open} context={context} />
              ))}
            </Box>
          )}
        </Box>
      )}
    </Box>
  );
});
