import { useEffect, useState, type ReactNode, type Ref } from 'react';
import Badge from '@mui/material/Badge';
import IconButton, { type IconButtonProps } from '@mui/material/IconButton';
import { keyframes } from '@mui/material/styles';
import { createLink } from '@tanstack/react-router';
import type { Language } from '@attune/contract';

function IconAnchor({ ref, ...props }: IconButtonProps<'a'> & { ref?: Ref<HTMLAnchorElement> }) {
  return <IconButton ref={ref} component="a" {...props} />;
}
const IconLink = createLink(IconAnchor);

/** How long the badge stays marked after its count went up. */
export const NEW_ACTIVITY_CUE_MS = 3_000;

/** A ring that grows out of the badge and fades, with a slight swell: seen, never heard. */
const flash = keyframes`
  0% { box-shadow: 0 0 0 0 var(--attune-cue); transform: scale(1) translate(50%, -50%); }
  40% { transform: scale(1.3) translate(50%, -50%); }
  100% { box-shadow: 0 0 0 10px transparent; transform: scale(1) translate(50%, -50%); }
`;

export interface EntryPointButtonProps {
  language: Language;
  to: '/$lang/notifications' | '/$lang/chat';
  /** Accessible name, including the count when it is known. */
  label: string;
  icon: ReactNode;
  /** Unread count; undefined while unknown (then no badge is shown). */
  count?: number | undefined;
}

/**
 * Counts up from the last known value while the page is open: a number that changes on each rise
 * (0: no cue). The first value (page load) gives no cue.
 */
function useRiseCue(count: number | undefined): number {
  const [previous, setPrevious] = useState(count);
  const [rise, setRise] = useState(0);
  if (count !== previous) {
    setPrevious(count);
    if (previous !== undefined && count !== undefined && count > previous) setRise(rise + 1);
  }
  useEffect(() => {
    if (!rise) return;
    const timer = setTimeout(() => setRise(0), NEW_ACTIVITY_CUE_MS);
    return () => clearTimeout(timer);
  }, [rise]);
  return rise;
}

/**
 * A header link to notifications or chat, with a count badge once the count is known. When the
 * count goes up while the page is open the badge flashes a few times (a still ring instead when the
 * member asked for reduced motion); the new count is in the link's name, and no sound is made.
 */
export function EntryPointButton({ language, to, label, icon, count }: EntryPointButtonProps) {
  const rise = useRiseCue(count);
  return (
    <IconLink
      to={to}
      params={{ lang: language }}
      aria-label={label}
      title={label}
      sx={{ color: 'text.primary' }}
    >
      <Badge
        // A new key restarts the animation when the count rises again during the cue.
        key={rise}
        color="primary"
        badgeContent={count}
        invisible={!count}
        max={99}
        data-new-activity={rise ? 'true' : undefined}
        slotProps={{ badge: { 'aria-hidden': true } as object }}
        sx={
          rise
            ? (theme) => ({
                '& .MuiBadge-badge': {
                  '--attune-cue': theme.palette.primary.main,
                  animation: `${flash} 900ms ease-out 3`,
                  '@media (prefers-reduced-motion: reduce)': {
                    animation: 'none',
                    outline: `3px solid ${theme.palette.text.primary}`,
                    outlineOffset: '1px',
                  },
                },
              })
            : undefined
        }
      >
        {icon}
      </Badge>
    </IconLink>
  );
}
