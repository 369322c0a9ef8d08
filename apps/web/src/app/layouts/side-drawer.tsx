import BusinessOutlinedIcon from '@mui/icons-material/BusinessOutlined';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import FolderOutlinedIcon from '@mui/icons-material/FolderOutlined';
import HelpOutlineIcon from '@mui/icons-material/HelpOutlineOutlined';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import RateReviewOutlinedIcon from '@mui/icons-material/RateReviewOutlined';
import PushPinOutlinedIcon from '@mui/icons-material/PushPinOutlined';
import ShieldOutlinedIcon from '@mui/icons-material/ShieldOutlined';
import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import AccountCircleOutlinedIcon from '@mui/icons-material/AccountCircleOutlined';
import { PRODUCT_NAME, type CurrentUser } from '@aegis/contracts';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useState, type MouseEvent, type ReactNode } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { visuallyHidden } from '../../components/visually-hidden';
import { fullName } from '../../lib/current-user-rights';
import { useHoverExpansion } from './use-hover-expansion';

/** Spec section 9. */
export const DRAWER_WIDTH = 260;
export const MINI_DRAWER_WIDTH = 77;

type SideDrawerProps = {
  user: CurrentUser;
  vendorsEnabled: boolean;
  /** The documentation, behind the Support entry; hidden until the client config is known. */
  docsUrl: string | null | undefined;
  /** md and up: a permanent mini drawer; below: an overlay opened from the header. */
  isDesktop: boolean;
  mobileOpen: boolean;
  onMobileClose: () => void;
  onOpenProfile: (anchor: HTMLElement) => void;
};

type Section = { label: string; to: string; icon: ReactNode; marker: string };
type Toggle = { label: string; icon: ReactNode; onClick: () => void };

/** The desktop toggle says what a click would do: expand the mini drawer, keep the hover-opened one open, or collapse the pinned one. */
function desktopToggle(pinned: boolean, hovered: boolean, onClick: () => void): Toggle {
  if (pinned) return { label: 'Collapse menu', icon: <ChevronLeftIcon />, onClick };
  if (hovered) return { label: 'Keep menu open', icon: <PushPinOutlinedIcon />, onClick };
  return { label: 'Expand menu', icon: <ChevronRightIcon />, onClick };
}

export function SideDrawer({ user, vendorsEnabled, docsUrl, isDesktop, mobileOpen, onMobileClose, onOpenProfile }: SideDrawerProps) {
  const [pinned, setPinned] = useState(false);
  const hover = useHoverExpansion();
  const open = isDesktop ? pinned || hover.hovered : true;
  const transition = 'width 200ms ease-in-out';

  const togglePinned = () => {
    if (pinned) hover.collapse();
    setPinned(!pinned);
  };

  const content = (
    <DrawerContent
      open={open}
      vendorsEnabled={vendorsEnabled}
      docsUrl={docsUrl}
      greeting={isDesktop ? null : `Hello, ${fullName(user)}!`}
      toggle={
        isDesktop ? desktopToggle(pinned, hover.hovered, togglePinned) : { label: 'Collapse menu', icon: <ChevronLeftIcon />, onClick: onMobileClose }
      }
      onNavigate={isDesktop ? undefined : onMobileClose}
      // On small screens the panel opens over the overlay, which stays as its anchor.
      onOpenProfile={(event) => onOpenProfile(event.currentTarget)}
    />
  );

  if (!isDesktop) {
    return (
      <Drawer
        variant="temporary"
        open={mobileOpen}
        onClose={onMobileClose}
        ModalProps={{ keepMounted: true }}
        slotProps={{ paper: { sx: { width: DRAWER_WIDTH } } }}
      >
        <Box component="nav" aria-label="Main" sx={{ height: '100%' }}>
          {content}
        </Box>
      </Drawer>
    );
  }

  return (
    <Box
      component="nav"
      aria-label="Main"
      data-state={open ? 'expanded' : 'collapsed'}
      onMouseEnter={hover.onMouseEnter}
      onMouseLeave={hover.onMouseLeave}
      // Hover-opened, the drawer lies over the screen; pinned open, it makes room for itself.
      sx={{ width: pinned ? DRAWER_WIDTH : MINI_DRAWER_WIDTH, flexShrink: 0, transition }}
    >
      <Drawer
        variant="permanent"
        open={open}
        slotProps={{ paper: { sx: { width: open ? DRAWER_WIDTH : MINI_DRAWER_WIDTH, overflowX: 'hidden', transition } } }}
      >
        {content}
      </Drawer>
    </Box>
  );
}

type DrawerContentProps = {
  open: boolean;
  vendorsEnabled: boolean;
  docsUrl: string | null | undefined;
  greeting: string | null;
  toggle: Toggle;
  onNavigate: (() => void) | undefined;
  onOpenProfile: (event: MouseEvent<HTMLElement>) => void;
};

function DrawerContent({ open, vendorsEnabled, docsUrl, greeting, toggle, onNavigate, onOpenProfile }: DrawerContentProps) {
  const { pathname } = useLocation();
  // Spec: the entry is selected when the path contains its word (project-detail/… selects Projects).
  const sections: Section[] = [
    { label: 'Projects', to: '/projects', icon: <FolderOutlinedIcon />, marker: 'project' },
    { label: 'Reviews', to: '/reviews', icon: <RateReviewOutlinedIcon />, marker: 'reviews' },
    { label: 'Organization', to: '/organization', icon: <BusinessOutlinedIcon />, marker: 'organization' },
    ...(vendorsEnabled ? [{ label: 'Vendors', to: '/vendors', icon: <StorefrontOutlinedIcon />, marker: 'vendors' }] : []),
  ];
  // In mini mode the labels are hidden from sight only, so every entry keeps its accessible name.
  const label = (text: ReactNode) => <ListItemText primary={text} sx={open ? { whiteSpace: 'nowrap' } : visuallyHidden} />;
  const entrySx = { minHeight: 48, px: 3.5 };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <Toolbar disableGutters sx={{ gap: 1.5, px: 3.5 }}>
        <ShieldOutlinedIcon color="primary" aria-hidden />
        <Typography component="span" variant="h6" sx={{ fontWeight: 700, color: 'primary.main', ...(open ? {} : visuallyHidden) }}>
          {PRODUCT_NAME}
        </Typography>
      </Toolbar>
      {greeting && (
        <Typography sx={{ px: 3, pb: 1, fontWeight: 600 }} component="p">
          {greeting}
        </Typography>
      )}
      <List>
        {sections.map((section) => {
          const selected = pathname.includes(section.marker);
          return (
            <ListItem key={section.to} disablePadding>
              <ListItemButton
                component={RouterLink}
                to={section.to}
                selected={selected}
                aria-current={selected ? 'page' : undefined}
                onClick={onNavigate}
                sx={entrySx}
              >
                <ListItemIcon>{section.icon}</ListItemIcon>
                {label(section.label)}
              </ListItemButton>
            </ListItem>
          );
        })}
      </List>
      <Box sx={{ flexGrow: 1 }} />
      <List>
        <ListItem disablePadding>
          {/* DOCS_URL, else the built-in help page: in a new tab either way, so the work in this one stays where it is. */}
          <ListItemButton component="a" href={docsUrl ?? '/help'} target="_blank" rel="noopener noreferrer" aria-label="Support (opens in a new tab)" onClick={onNavigate} sx={entrySx}>
            <ListItemIcon>
              <HelpOutlineIcon />
            </ListItemIcon>
            {label('Support')}
            {open && <OpenInNewIcon fontSize="small" color="action" aria-hidden />}
          </ListItemButton>
        </ListItem>
        <ListItem disablePadding>
          <ListItemButton onClick={onOpenProfile} aria-haspopup="dialog" sx={entrySx}>
            <ListItemIcon>
              <AccountCircleOutlinedIcon />
            </ListItemIcon>
            {label('User Profile')}
          </ListItemButton>
        </ListItem>
        <ListItem disablePadding>
          <ListItemButton onClick={toggle.onClick} aria-label={toggle.label} sx={entrySx}>
            <ListItemIcon>{toggle.icon}</ListItemIcon>
            {label(toggle.label)}
          </ListItemButton>
        </ListItem>
      </List>
    </Box>
  );
}
